package dev.agentbench.api;

/**
 * What a streaming target tells the harness while a turn runs: each time the framework hands the
 * application a piece of the reply, as it happens. The harness stamps each call with
 * {@link System#nanoTime()} and pairs it with the time the mock wrote the matching chunk, to report
 * the time to first token the framework adds and whether it delivers chunks as they come or buffers
 * them.
 *
 * <p>Call it from the framework's own streaming callback, {@code Flux} or iterator, exactly where an
 * application would receive the piece; never replay a finished reply into it. Calls are cheap (a
 * clock read and an array store) and are made on whatever thread the framework delivers on; calls for
 * one turn are never concurrent with each other in a well-behaved framework, and the harness does not
 * require them to be ordered.
 */
public interface StreamObserver {

    /** An observer that records nothing, for turns the harness does not observe. */
    StreamObserver NONE = new StreamObserver() {
        @Override
        public void text(CharSequence piece) {}
    };

    /** The framework handed the application {@code piece} of the reply's text. */
    void text(CharSequence piece);

    /**
     * The framework handed the application a piece of a tool call as it streamed: the call's id when
     * the framework exposes it (else {@code null}) and the piece of its argument text. Optional: a
     * framework that only exposes whole tool calls does not call it.
     */
    default void toolCallDelta(String callId, CharSequence argumentsPiece) {}
}
