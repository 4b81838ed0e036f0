package dev.agentbench.core.measure;

/**
 * A target could not build an agent, or close one: its message is complete (it names the target
 * and says what it threw) and is the cell's error as it stands.
 */
final class AgentFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    public AgentFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
