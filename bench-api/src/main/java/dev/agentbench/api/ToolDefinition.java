package dev.agentbench.api;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A framework-neutral tool. Each target adapts it to its framework's own tool mechanism (a function
 * tool, a tool specification with an executor, a callback) so that every framework offers the model
 * the same tools and runs the same code when the model calls them.
 *
 * @param name the tool's name, as the model calls it: letters, digits, {@code _} and {@code -}
 * @param description what the tool does, sent to the model
 * @param parameters the JSON schema of the arguments object, as JSON text
 * @param function what runs when the model calls the tool
 */
public record ToolDefinition(String name, String description, String parameters, ToolFunction function) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public ToolDefinition {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Tool name [" + name + "] must match " + NAME);
        }
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parameters, "parameters");
        Objects.requireNonNull(function, "function");
    }
}
