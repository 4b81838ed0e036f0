package dev.agentbench.builtin.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.ToolDefinition;
import java.io.IOException;
import java.util.List;

/**
 * The tools of the built-in benchmarks. Each validates its arguments (a tool that is called wrongly
 * throws, and a target reports that to the model as an error, which fails the iteration's checks)
 * and returns JSON.
 */
public final class BuiltinTools {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Adds two integers: {@code {"a":1,"b":2}} → {@code {"sum":3}}. */
    public static final ToolDefinition ADD_NUMBERS = new ToolDefinition(
            "add_numbers",
            "Adds two integers and returns their sum.",
            """
            {"type":"object","properties":{"a":{"type":"integer","description":"The first addend"},\
            "b":{"type":"integer","description":"The second addend"}},"required":["a","b"]}""",
            arguments -> {
                JsonNode args = parse(arguments, "add_numbers");
                long sum = Math.addExact(integer(args, "a", "add_numbers"), integer(args, "b", "add_numbers"));
                return "{\"sum\":" + sum + "}";
            });

    /** A fixed forecast for a city: {@code {"city":"Oslo"}} → {@code {"city":"Oslo","temperature_c":..}}. */
    public static final ToolDefinition GET_WEATHER = new ToolDefinition(
            "get_weather",
            "Returns the current weather for a city.",
            """
            {"type":"object","properties":{"city":{"type":"string","description":"The city's name"}},\
            "required":["city"]}""",
            arguments -> {
                JsonNode args = parse(arguments, "get_weather");
                JsonNode city = args.get("city");
                if (city == null || !city.isTextual() || city.asText().isBlank()) {
                    throw new IllegalArgumentException("get_weather needs a non-empty string [city], got " + arguments);
                }
                int temperature = Math.floorMod(city.asText().hashCode(), 35) - 5;
                return JSON.createObjectNode()
                        .put("city", city.asText())
                        .put("temperature_c", temperature)
                        .put("conditions", temperature > 15 ? "sunny" : "cloudy")
                        .toString();
            });

    /** Sleeps for the given milliseconds (0 to 10000): {@code {"ms":50}} → {@code {"slept_ms":50}}. */
    public static final ToolDefinition SLEEP_MS = new ToolDefinition(
            "sleep_ms",
            "Waits for the given number of milliseconds, then returns.",
            """
            {"type":"object","properties":{"ms":{"type":"integer","description":"Milliseconds to wait, 0 to 10000"}},\
            "required":["ms"]}""",
            arguments -> {
                long ms = integer(parse(arguments, "sleep_ms"), "ms", "sleep_ms");
                if (ms < 0 || ms > 10_000) {
                    throw new IllegalArgumentException("sleep_ms needs [ms] from 0 to 10000, got [" + ms + "]");
                }
                Thread.sleep(ms);
                return "{\"slept_ms\":" + ms + "}";
            });

    /** Every built-in tool. */
    public static final List<ToolDefinition> ALL = List.of(ADD_NUMBERS, GET_WEATHER, SLEEP_MS);

    private BuiltinTools() {}

    private static JsonNode parse(String arguments, String tool) {
        try {
            JsonNode node = JSON.readTree(arguments);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(tool + " needs a JSON object of arguments, got [" + arguments + "]");
            }
            return node;
        } catch (IOException e) {
            throw new IllegalArgumentException(tool + " got arguments that are not JSON: [" + arguments + "]", e);
        }
    }

    private static long integer(JsonNode args, String field, String tool) {
        JsonNode value = args.get(field);
        if (value == null || !value.canConvertToExactIntegral()) {
            throw new IllegalArgumentException(tool + " needs an integer [" + field + "], got " + args);
        }
        return value.asLong();
    }
}
