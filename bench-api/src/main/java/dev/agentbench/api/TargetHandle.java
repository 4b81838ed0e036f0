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
     * Deletes a session and everything the framework keeps for it, so that later iterations do not
     * pay for it. Called after every iteration for every session it used.
     */
    void deleteSession(String userId, String sessionId) throws Exception;

    /** Releases everything the handle holds: clients, thread pools, connections. */
    @Override
    void close() throws Exception;
}
