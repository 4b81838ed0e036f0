package dev.agentbench.api;

/**
 * A target did not do what the script says: the turn did not complete, the text differs, a tool
 * call went unanswered. Thrown by checks; fails the cell with this message, which names the check,
 * the turn and the step (both counted from 1).
 */
public class CheckFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    public CheckFailedException(String message) {
        super(message);
    }
}
