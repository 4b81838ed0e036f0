package dev.agentbench.api;

/**
 * Thrown by a target that cannot do what a cell asks of it by design, not by failure: a framework
 * with no streaming API asked to stream, say. The cell is reported as not applicable with the
 * message as its reason, never as failed and never with figures. The message says what the framework
 * lacks: {@code "Koog's Java builder exposes no streaming callback"}.
 */
public class NotApplicableException extends Exception {

    private static final long serialVersionUID = 1L;

    public NotApplicableException(String reason) {
        super(reason);
    }
}
