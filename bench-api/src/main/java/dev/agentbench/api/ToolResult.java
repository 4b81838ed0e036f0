package dev.agentbench.api;

import java.util.Objects;

/**
 * A tool result the framework sent back to the model.
 *
 * @param callId the id of the tool call this result answers
 * @param name the tool's name
 * @param content the result as the framework sent it (JSON text for our tools)
 * @param error {@code true} when the framework reported the call as failed (the tool threw, the
 *     arguments did not parse, the tool was unknown)
 */
public record ToolResult(String callId, String name, String content, boolean error) {
    public ToolResult {
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(content, "content");
    }
}
