package dev.agentbench.api;

import java.util.Objects;

/**
 * A tool call the model asked for.
 *
 * @param id the call id exactly as the model sent it
 * @param name the tool's name
 * @param arguments the arguments as JSON text, as the model sent them
 */
public record ToolCall(String id, String name, String arguments) {
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
    }
}
