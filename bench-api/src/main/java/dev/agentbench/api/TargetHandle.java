package dev.agentbench.api;

/**
 * One agent built by a {@link BenchTarget}, able to hold many sessions at once.
 *
 * <p>Implementations must be safe for concurrent calls with <em>distinct</em> session ids: a cell
 * at concurrency N calls {@link #runTurn} from N threads at once. Calls for one session id are never
 * concurrent.
 */
public interface TargetHandle extends AutoCloseable {

    /**
     * Runs one user turn to its end: sends {@code message} as the user's message in the given
     * session (creating the session on first use), lets the framework call tools as the model
     * asks, and returns when the framework has produced its final reply for this turn.
     *
     * <p>The returned value must tell the truth about what the framework did: the harness checks it
     * against the script on every iteration. Report every tool call the model asked for with the id
     * the model gave it, and every tool result the framework sent back with the call id it answered.
     * A framework error (an exception from the model client, say) is thrown, not folded into a
     * result.
     *
     * @param userId the user the session belongs to
     * @param sessionId the session, fresh for every iteration
     * @param message the user's message
     * @return what happened in the turn
     * @throws Exception when the framework failed; the cell fails with this message
     */
    TurnResult runTurn(String userId, String sessionId, String message) throws Exception;

    /**
     * Runs one user turn as {@link #runTurn(String, String, String)} does, telling {@code observer}
     * each piece of the reply the framework hands the application while it streams. The harness calls
     * this form on every turn; a target that streams (its {@code stream} option is {@code true})
     * overrides it and calls the observer from the framework's streaming API, and implements the
     * three-argument form as {@code runTurn(userId, sessionId, message, StreamObserver.NONE)}.
     *
     * <p>By default the observer is ignored and the turn runs as {@link #runTurn(String, String,
     * String)}: such a target delivers no pieces, and a benchmark that needs a stream reports its
     * cells as not applicable. A target whose framework cannot stream should throw {@link
     * NotApplicableException} from {@link BenchTarget#open} when asked to.
     */
    default TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        return runTurn(userId, sessionId, message);
    }

    /**
     * Deletes a session and everything the framework keeps for it, so that later iterations do not
     * pay for it. Called after every iteration for every session it used.
     */
    void deleteSession(String userId, String sessionId) throws Exception;

    /** Releases everything the handle holds: clients, thread pools, connections. */
    @Override
    void close() throws Exception;
}
