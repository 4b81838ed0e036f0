package dev.agentbench.core.measure;

import dev.agentbench.api.CheckFailedException;
import java.util.concurrent.ExecutionException;

/** An iteration failed: a check, or an exception of the target. Fails the cell with this message. */
public final class IterationFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    public IterationFailedException(String pass, int index, Throwable cause) {
        super(pass + " iteration [" + (index + 1) + "] failed: " + describe(cause), cause);
    }

    /** A failure outside the iterations that still fails the cell: {@code message}, then what {@code cause} says. */
    public IterationFailedException(String message, Throwable cause) {
        super(message + ": " + describe(cause), cause);
    }

    /**
     * A check's own message (after {@code check failed: }), an {@link AgentFailedException}'s as it
     * stands, or the exception's class and message for anything else.
     */
    public static String describe(Throwable error) {
        Throwable cause = error;
        while (cause instanceof ExecutionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof CheckFailedException) {
            return "check failed: " + cause.getMessage();
        }
        if (cause instanceof AgentFailedException || cause instanceof HeapFilledException) {
            return cause.getMessage();
        }
        String message = cause.getMessage();
        return cause.getClass().getName() + (message == null ? "" : ": " + message);
    }
}
