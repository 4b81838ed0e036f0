package dev.agentbench.api;

import dev.agentbench.api.script.Script;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a target needs to build an agent for one cell.
 *
 * @param baseUrl the OpenAI-compatible base URL of the mock serving this cell's script, for example
 *     {@code http://127.0.0.1:41234/s/turn1/v1}. Configure the framework's client with it exactly as
 *     given: clients append {@code /chat/completions} themselves.
 * @param apiKey a placeholder key; the mock ignores it, but many clients refuse to start without one
 * @param model the model name to send
 * @param instructions the agent's system instructions
 * @param tools the tools the agent must offer the model, adapted to the framework's tool mechanism
 * @param script the script the mock answers with; targets that make no HTTP call (calibration
 *     targets) answer from it directly, others may ignore it
 * @param options target options given by the user ({@code --target-option key=value}), for example
 *     {@code stream=true}; a target documents the keys it reads and rejects values it cannot use
 */
public record TargetContext(
        URI baseUrl,
        String apiKey,
        String model,
        String instructions,
        List<ToolDefinition> tools,
        Script script,
        Map<String, String> options) {

    public TargetContext {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(instructions, "instructions");
        Objects.requireNonNull(script, "script");
        tools = List.copyOf(tools);
        options = Map.copyOf(options);
    }

    /** The option's value, or {@code defaultValue} when the user did not set it. */
    public String option(String key, String defaultValue) {
        return options.getOrDefault(key, defaultValue);
    }

    /**
     * The option's value as a positive integer, or empty when the user did not set it: for options
     * such as a connection or thread limit, whose default is the framework's own.
     *
     * @throws IllegalArgumentException when the value is not a positive integer:
     *     {@code Target option [max_requests] must be a positive integer, was [many]}
     */
    public OptionalInt positiveIntOption(String key) {
        String value = options.get(key);
        if (value == null) {
            return OptionalInt.empty();
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed > 0) {
                return OptionalInt.of(parsed);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Target option [" + key + "] must be a positive integer, was [" + value
                + "]");
    }

    /**
     * The boolean option's value, or {@code defaultValue} when unset.
     *
     * @throws IllegalArgumentException when the value is neither {@code true} nor {@code false}
     */
    public boolean booleanOption(String key, boolean defaultValue) {
        String value = options.get(key);
        if (value == null) {
            return defaultValue;
        }
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException(
                "Target option [" + key + "] must be true or false, was [" + value + "]");
    }
}
