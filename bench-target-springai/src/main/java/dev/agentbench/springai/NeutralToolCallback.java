package dev.agentbench.springai;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;

/**
 * One of the context's tools as a Spring AI {@link ToolCallback}. Spring AI's own callbacks reflect
 * on a method or convert a typed function; ours are JSON in, JSON out, so this callback hands the
 * model's argument text to the tool unchanged and returns the tool's JSON text unchanged, and its
 * {@link ToolDefinition} carries the tool's JSON schema as its input schema, as it is.
 *
 * <p>A tool that throws is reported as Spring AI's own callbacks report it: a {@link
 * ToolExecutionException} around the tool's exception, which the tool-calling manager's exception
 * processor turns into the text sent to the model (by default the exception's message). That
 * processor only does so for unchecked causes and rethrows checked ones, which would end the turn;
 * a checked exception from our tool is therefore wrapped in an unchecked one with the same message,
 * so that every failing tool becomes an error result, as the SPI asks. The failure is noted in the
 * turn's {@link TurnRecorder}, which marks the result as an error.
 */
final class NeutralToolCallback implements ToolCallback {

    private final dev.agentbench.api.ToolDefinition tool;
    private final ToolDefinition definition;

    NeutralToolCallback(dev.agentbench.api.ToolDefinition tool) {
        this.tool = tool;
        this.definition = ToolDefinition.builder()
                .name(tool.name())
                .description(tool.description())
                .inputSchema(tool.parameters())
                .build();
    }

    @Override
    public ToolDefinition getToolDefinition() {
        return definition;
    }

    @Override
    public String call(String toolInput) {
        return call(toolInput, null);
    }

    @Override
    public String call(String toolInput, ToolContext toolContext) {
        TurnRecorder turn = TurnRecorder.of(toolContext);
        String result;
        try {
            result = tool.function().call(toolInput);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            if (turn != null) {
                turn.invoked(tool.name(), true);
            }
            RuntimeException cause = e instanceof RuntimeException unchecked ? unchecked : new ToolFailedException(e);
            throw new ToolExecutionException(definition, cause);
        }
        if (turn != null) {
            turn.invoked(tool.name(), false);
        }
        return result;
    }

    /** A checked exception from a tool, carried unchecked with its message (see the class comment). */
    static final class ToolFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ToolFailedException(Exception cause) {
            super(cause.getMessage(), cause);
        }
    }
}
