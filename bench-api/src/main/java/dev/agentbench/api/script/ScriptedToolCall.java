package dev.agentbench.api.script;

import java.util.Objects;

/**
 * A tool call the mock makes on the model's behalf. Its id is not part of the script: the mock
 * derives it from the call's position with {@link Script#toolCallId}.
 *
 * @param name the tool to call
 * @param arguments the arguments object as JSON text, for example {@code {"a":1,"b":2}}
 */
public record ScriptedToolCall(String name, String arguments) {
    public ScriptedToolCall {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
    }
}
