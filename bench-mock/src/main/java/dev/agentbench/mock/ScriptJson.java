package dev.agentbench.mock;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.script.Expectation;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.mock.internal.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The one JSON format of scripts, shared by the admin API ({@code PUT /admin/scripts/{name}}) and
 * script files ({@code --script FILE}). It is exactly what Jackson writes for the
 * {@link Script} record:
 *
 * <pre>{@code
 * {"name": "weather",
 *  "turns": [{"user": "Weather in Paris?",
 *             "steps": [{"text": null,
 *                        "toolCalls": [{"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}],
 *                        "fault": null, "chunks": 0},
 *                       {"text": "Sunny.", "toolCalls": [], "fault": null, "chunks": 3}],
 *             "expect": {"messages": [2, 4], "contentBytes": [400, 460],
 *                        "tools": ["get_weather"], "tolerancePercent": 10}}]}
 * }</pre>
 *
 * <p>A step's {@code chunks} is how many content chunks its streamed text is split into (0 for the
 * mock's default); a turn's {@code expect} is what every request of the turn must carry, one entry
 * per step ({@link Expectation}), or {@code null} for no check.
 *
 * <p>For people writing files by hand it also accepts {@code arguments} as a JSON object, and
 * omitted fields ({@code text}, {@code toolCalls}, {@code fault}, {@code chunks} = 0, {@code expect},
 * {@code arguments} = {@code {}}, every field of {@code fault}, {@code tools} = none and
 * {@code tolerancePercent} = 10 in {@code expect}, and {@code name}, which then comes from the path
 * or the file name).
 * Unknown fields are rejected, so a typo never passes silently. Every error names the turn, step and
 * tool call it is about, counted from 1.
 */
public final class ScriptJson {

    private static final Set<String> SCRIPT_FIELDS = Set.of("name", "turns");
    private static final Set<String> TURN_FIELDS = Set.of("user", "steps", "expect");
    private static final Set<String> STEP_FIELDS = Set.of("text", "toolCalls", "fault", "chunks");
    private static final Set<String> EXPECT_FIELDS = Set.of("messages", "contentBytes", "tools", "tolerancePercent");
    private static final Set<String> CALL_FIELDS = Set.of("name", "arguments");
    private static final Set<String> FAULT_FIELDS = Set.of("status", "message", "retryAfterSeconds", "delayMs",
            "chunkDelayMs", "cutOff", "malformedChunk", "hang");

    private ScriptJson() {}

    /**
     * Reads a script file; a script without a name is named after the file, less {@code .json}.
     *
     * @throws IllegalArgumentException naming the file, turn and step of what is wrong
     */
    public static Script read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("Script file [" + file + "] cannot be read: " + e);
        }
        String fileName = file.getFileName().toString();
        String fallback = fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : fileName;
        try {
            return parse(text, fallback);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Script file [" + file + "]: " + e.getMessage(), e);
        }
    }

    /**
     * Parses and validates a script.
     *
     * @param fallbackName the name when the JSON has none; may be {@code null}
     * @throws IllegalArgumentException naming the turn and step of what is wrong
     */
    public static Script parse(String json, String fallbackName) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Malformed JSON: " + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("A script must be a JSON object");
        }
        checkFields(root, SCRIPT_FIELDS, "script");
        String name = string(root, "name", "script");
        if (name == null) {
            name = fallbackName;
        }
        if (name == null) {
            throw new IllegalArgumentException("The script has no [name]");
        }
        if (!Script.NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Script name [" + name + "] must match " + Script.NAME);
        }
        JsonNode turns = root.get("turns");
        if (turns == null || !turns.isArray() || turns.isEmpty()) {
            throw new IllegalArgumentException("Script [" + name + "] needs a non-empty [turns] array");
        }
        List<ScriptTurn> parsed = new ArrayList<>(turns.size());
        for (int t = 0; t < turns.size(); t++) {
            parsed.add(turn(turns.get(t), t));
        }
        return new Script(name, parsed);
    }

    private static ScriptTurn turn(JsonNode node, int t) {
        String where = "turn " + (t + 1);
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": a turn must be an object with [user] and [steps]");
        }
        checkFields(node, TURN_FIELDS, where);
        String user = string(node, "user", where);
        if (user == null) {
            throw new IllegalArgumentException(where + ": [user] is missing");
        }
        JsonNode steps = node.get("steps");
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            throw new IllegalArgumentException(where + ": needs a non-empty [steps] array");
        }
        List<Step> parsed = new ArrayList<>(steps.size());
        for (int s = 0; s < steps.size(); s++) {
            parsed.add(step(steps.get(s), where + ", step " + (s + 1)));
        }
        JsonNode expectNode = node.get("expect");
        Expectation expect = expectNode == null || expectNode.isNull() ? null : expectation(expectNode, where);
        try {
            return new ScriptTurn(user, parsed, expect);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static Step step(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": a step must be an object");
        }
        checkFields(node, STEP_FIELDS, where);
        String text = string(node, "text", where);
        List<ScriptedToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = node.get("toolCalls");
        if (toolCalls != null && !toolCalls.isNull()) {
            if (!toolCalls.isArray()) {
                throw new IllegalArgumentException(where + ": [toolCalls] must be an array, was [" + toolCalls + "]");
            }
            for (int i = 0; i < toolCalls.size(); i++) {
                calls.add(toolCall(toolCalls.get(i), where + ", tool call " + (i + 1)));
            }
        }
        JsonNode faultNode = node.get("fault");
        Fault fault = faultNode == null || faultNode.isNull() ? null : fault(faultNode, where);
        int chunks = (int) number(node, "chunks", where, 0, Integer.MAX_VALUE);
        try {
            return new Step(text, calls, fault, chunks);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static Expectation expectation(JsonNode node, String where) {
        String at = where + ", expect";
        if (!node.isObject()) {
            throw new IllegalArgumentException(at + ": must be an object, was [" + node + "]");
        }
        checkFields(node, EXPECT_FIELDS, at);
        List<Integer> messages = new ArrayList<>();
        for (JsonNode value : array(node, "messages", at)) {
            messages.add((int) integer(value, "messages", at, 1, Integer.MAX_VALUE));
        }
        List<Long> contentBytes = new ArrayList<>();
        for (JsonNode value : array(node, "contentBytes", at)) {
            contentBytes.add(integer(value, "contentBytes", at, 0, Long.MAX_VALUE));
        }
        List<String> tools = new ArrayList<>();
        JsonNode toolNames = node.get("tools");
        if (toolNames != null && !toolNames.isNull()) {
            for (JsonNode value : array(node, "tools", at)) {
                if (!value.isTextual()) {
                    throw new IllegalArgumentException(at + ": [tools] must hold strings, was [" + value + "]");
                }
                tools.add(value.textValue());
            }
        }
        JsonNode tolerance = node.get("tolerancePercent");
        int percent = tolerance == null || tolerance.isNull() ? Expectation.DEFAULT_TOLERANCE_PERCENT
                : (int) number(node, "tolerancePercent", at, 0, 100);
        try {
            return new Expectation(messages, contentBytes, tools, percent);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode array(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            throw new IllegalArgumentException(where + ": [" + field + "] must be an array, was [" + value + "]");
        }
        return value;
    }

    private static long integer(JsonNode value, String field, String where, long min, long max) {
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
            throw new IllegalArgumentException(where + ": [" + field + "] must hold integers from " + min + " to "
                    + max + ", was [" + value + "]");
        }
        return value.longValue();
    }

    private static ScriptedToolCall toolCall(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": a tool call must be an object with [name] and [arguments]");
        }
        checkFields(node, CALL_FIELDS, where);
        String name = string(node, "name", where);
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(where + ": [name] is missing");
        }
        JsonNode arguments = node.get("arguments");
        String text;
        if (arguments == null || arguments.isNull()) {
            text = "{}";
        } else if (arguments.isObject()) {
            text = arguments.toString();
        } else if (arguments.isTextual()) {
            text = arguments.textValue();
            JsonNode parsed;
            try {
                parsed = Json.MAPPER.readTree(text);
            } catch (JsonProcessingException e) {
                parsed = null;
            }
            if (parsed == null || !parsed.isObject()) {
                throw new IllegalArgumentException(where + " (" + name
                        + "): [arguments] must be the text of a JSON object, was [" + text + "]");
            }
        } else {
            throw new IllegalArgumentException(where + " (" + name
                    + "): [arguments] must be a JSON object or its text, was [" + arguments + "]");
        }
        return new ScriptedToolCall(name, text);
    }

    private static Fault fault(JsonNode node, String where) {
        String at = where + ", fault";
        if (!node.isObject()) {
            throw new IllegalArgumentException(at + ": must be an object, was [" + node + "]");
        }
        checkFields(node, FAULT_FIELDS, at);
        try {
            return new Fault(
                    (int) number(node, "status", at, 0, 999),
                    string(node, "message", at),
                    (int) number(node, "retryAfterSeconds", at, 0, 86_400),
                    number(node, "delayMs", at, 0, Long.MAX_VALUE),
                    number(node, "chunkDelayMs", at, 0, Long.MAX_VALUE),
                    bool(node, "cutOff", at),
                    bool(node, "malformedChunk", at),
                    bool(node, "hang", at));
        } catch (IllegalArgumentException e) {
            if (e.getMessage().startsWith(at)) {
                throw e;
            }
            throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
        }
    }

    private static void checkFields(JsonNode node, Set<String> known, String where) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new IllegalArgumentException(where + ": unknown field [" + name + "]; known fields: "
                        + new java.util.TreeSet<>(known));
            }
        }
    }

    private static String string(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException(where + ": [" + field + "] must be a string, was [" + value + "]");
        }
        return value.textValue();
    }

    private static long number(JsonNode node, String field, String where, long min, long max) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
            throw new IllegalArgumentException(where + ": [" + field + "] must be an integer from " + min + " to "
                    + max + ", was [" + value + "]");
        }
        return value.longValue();
    }

    private static boolean bool(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new IllegalArgumentException(where + ": [" + field + "] must be true or false, was [" + value + "]");
        }
        return value.booleanValue();
    }
}
