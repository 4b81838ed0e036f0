package dev.agentbench.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Heavy workloads for a target's own tests, the shapes of the real-traffic and streaming benchmarks
 * built small and deterministic: many tools with nested schemas, one session with a long history of
 * tool calls, a long reply, and a reply whose chunks the mock sends slowly. A target's tests play
 * them against the real mock (through {@link WireRecorder}) to check that its framework sends every
 * tool as declared and the whole history, and that it hands the reply over as it streams.
 *
 * <p>Stability: experimental in 0.x.
 */
public final class TestWorkloads {

    /** The one tool {@link #history} calls; it is the first of {@link #tools}. */
    public static final String HISTORY_TOOL = AgentTraffic.toolName(0);

    /** What every tool of {@link #tools} returns. */
    public static final String TOOL_RESULT = "{\"found\":true,\"records\":[{\"id\":1,\"state\":\"open\"}]}";

    private static final ObjectMapper JSON = new ObjectMapper();

    private TestWorkloads() {}

    /**
     * {@code count} tools named {@code lookup_000}, {@code lookup_001}, ..., each with a schema of
     * the kinds real tools declare: a described string, a bounded integer, a string with a format, a
     * string enum, a nested object holding an array of enum strings and an object of an integer and a
     * number, and an array of objects, each object with its {@code required} names. Each returns
     * {@link #TOOL_RESULT}.
     */
    public static List<ToolDefinition> tools(int count) {
        return AgentTraffic.tools(count, i -> "Looks up the records of collection " + i
                + " that match a query, with optional filters, and returns them with their state.",
                TestWorkloads::schema, TOOL_RESULT);
    }

    /** The schema of tool {@code i}, as JSON text; it differs from tool to tool in its descriptions. */
    static String schema(int i) {
        return """
                {"type":"object","properties":{\
                "query":{"type":"string","description":"What to look for in collection %1$d, in plain words"},\
                "limit":{"type":"integer","minimum":1,"maximum":100,"description":"At most this many records"},\
                "since":{"type":"string","format":"date-time","description":"Only records changed since then"},\
                "mode":{"type":"string","enum":["fast","thorough","exhaustive"],"description":"How hard to look"},\
                "filters":{"type":"object","description":"Which records of collection %1$d may match","properties":{\
                "owner":{"type":"string","description":"The owner's user name"},\
                "tags":{"type":"array","description":"Tags a record must carry","items":{"type":"string","enum":["red","green","blue"]}},\
                "range":{"type":"object","properties":{"low":{"type":"integer","description":"Lowest id"},\
                "high":{"type":"number","description":"Highest score"}},"required":["low","high"]}},\
                "required":["owner"]},\
                "items":{"type":"array","description":"Records to compare with","items":{"type":"object","properties":{\
                "id":{"type":"integer"},"flag":{"type":"boolean"}},"required":["id","flag"]}}},\
                "required":["query","mode"]}""".formatted(i);
    }

    /** The arguments {@link #history} calls its tool with in turn {@code turn}. */
    public static String historyArguments(int turn) {
        return "{\"query\":\"open records of week " + turn + "\",\"mode\":\"fast\",\"filters\":{\"owner\":\"ops\"}}";
    }

    /**
     * One session of {@code earlier} turns, each a call of {@link #HISTORY_TOOL} then a text answer,
     * and one more turn answered with text: the last request of a target that keeps the whole
     * history carries the instructions, {@code 4 × earlier} messages and the last user message.
     */
    public static Script history(String name, int earlier) {
        List<ScriptTurn> turns = new ArrayList<>();
        for (int turn = 0; turn < earlier; turn++) {
            turns.add(new ScriptTurn("Question " + turn + ": what is open this week?", List.of(
                    Step.toolCalls(new ScriptedToolCall(HISTORY_TOOL, historyArguments(turn))),
                    Step.text("Answer " + turn + ": one record is open."))));
        }
        turns.add(new ScriptTurn("And the last question?", List.of(Step.text("The last answer."))));
        return new Script(name, turns);
    }

    /**
     * One turn answered with {@link AgentTraffic#words}{@code (words)}, streamed as a model streams
     * it: one chunk per word (the first chunk also carries no space before it, the others one).
     */
    public static Script longReply(String name, int words) {
        return new Script(name, List.of(new ScriptTurn("Tell me everything.",
                List.of(AgentTraffic.streamedText(words, 0)))));
    }

    /** One turn answered with {@code text}, the mock waiting {@code chunkDelayMs} before each chunk. */
    public static Script slowStream(String name, String text, long chunkDelayMs) {
        return new Script(name, List.of(new ScriptTurn("Tell me slowly.",
                List.of(new Step(text, List.of(), AgentTraffic.chunkDelay(chunkDelayMs))))));
    }

    /** One turn: a call of {@link #HISTORY_TOOL}, then {@code text}, each chunk after {@code chunkDelayMs}. */
    public static Script toolThenSlowStream(String name, String text, long chunkDelayMs) {
        return new Script(name, List.of(new ScriptTurn("Look it up, then tell me slowly.", List.of(
                Step.toolCalls(new ScriptedToolCall(HISTORY_TOOL, historyArguments(0))),
                new Step(text, List.of(), AgentTraffic.chunkDelay(chunkDelayMs))))));
    }

    /**
     * The {@code toolset} benchmark's shape on the wire: plays one text turn of {@code target} with
     * {@link #tools}{@code (count)} through {@code wire} and checks that its first request offers
     * them as declared ({@link #assertToolsAsDeclared}).
     *
     * @param anyOrder whether the tools may come in another order than declared
     * @throws AssertionError naming the first tool that is missing or differs
     */
    public static void assertToolsetReachesTheModel(WireRecorder wire, BenchTarget target, String instructions,
            int count, Map<String, String> options, boolean anyOrder) throws Exception {
        List<ToolDefinition> tools = tools(count);
        List<RecordingProxy.Request> requests = wire.play(target, Script.singleText("toolset", "Hello?", "Hello."),
                instructions, tools, options);
        assertToolsAsDeclared(requests.get(0).body(), tools, anyOrder);
    }

    /**
     * The {@code history} benchmark's shape on the wire: plays {@link #history}{@code (name,
     * earlier)} in one session of {@code target} through {@code wire}, with {@link #tools}{@code
     * (1)}, and checks that it made two requests a tool-calling turn and one for the last, and that
     * the last carried the whole history ({@link #assertWholeHistory}).
     *
     * @throws AssertionError on another number of requests, or naming the first message that is
     *     missing or differs
     */
    public static void assertHistoryResentWhole(WireRecorder wire, BenchTarget target, String instructions,
            int earlier, Map<String, String> options) throws Exception {
        Script script = history("history_" + earlier + "_" + String.join("_", new TreeMap<>(options).values()),
                earlier);
        List<RecordingProxy.Request> requests = wire.play(target, script, instructions, tools(1), options);
        if (requests.size() != 2 * earlier + 1) {
            throw new AssertionError("A session of " + earlier + " tool-calling turns and one more made "
                    + requests.size() + " requests, not " + (2 * earlier + 1));
        }
        assertWholeHistory(requests.get(requests.size() - 1).body(), script, instructions);
    }

    /**
     * Checks that a request body offers exactly {@code tools}, each with its name, description and
     * schema as declared (the schemas compared as JSON).
     *
     * @param anyOrder whether the tools may come in another order than declared
     * @throws AssertionError naming the first tool that is missing or differs
     */
    public static void assertToolsAsDeclared(String requestBody, List<ToolDefinition> tools, boolean anyOrder)
            throws IOException {
        JsonNode sent = JSON.readTree(requestBody).path("tools");
        if (sent.size() != tools.size()) {
            throw new AssertionError("The request offers " + sent.size() + " tools, declared " + tools.size());
        }
        Map<String, JsonNode> byName = new HashMap<>();
        for (int i = 0; i < sent.size(); i++) {
            JsonNode function = sent.get(i).path("function");
            String name = function.path("name").asText();
            if (!anyOrder && !name.equals(tools.get(i).name())) {
                throw new AssertionError("Tool " + (i + 1) + " of the request is [" + name + "], declared ["
                        + tools.get(i).name() + "]");
            }
            byName.put(name, function);
        }
        for (ToolDefinition tool : tools) {
            JsonNode function = byName.get(tool.name());
            if (function == null) {
                throw new AssertionError("Tool [" + tool.name() + "] is not in the request");
            }
            if (!tool.description().equals(function.path("description").asText())) {
                throw new AssertionError("Tool [" + tool.name() + "] has the description ["
                        + function.path("description").asText() + "], declared [" + tool.description() + "]");
            }
            JsonNode declared = JSON.readTree(tool.parameters());
            if (!declared.equals(function.path("parameters"))) {
                throw new AssertionError("Tool [" + tool.name() + "] has the schema " + function.path("parameters")
                        + ", declared " + declared);
            }
        }
    }

    /**
     * Checks that the last request of {@link #history}{@code (name, earlier)} carries the whole
     * history: the instructions as the system message, then for each earlier turn its user message,
     * the assistant's call of {@link #HISTORY_TOOL} (with the call's id and arguments), the tool's
     * result for that id and the assistant's answer, then the last user message.
     *
     * @throws AssertionError naming the first message that is missing or differs
     */
    public static void assertWholeHistory(String requestBody, Script script, String instructions) throws IOException {
        JsonNode messages = JSON.readTree(requestBody).path("messages");
        int earlier = script.turns().size() - 1;
        int expected = 1 + 4 * earlier + 1;
        if (messages.size() != expected) {
            throw new AssertionError("The last request carries " + messages.size() + " messages; the whole history of "
                    + earlier + " turns is " + expected + " (the system message, four a turn, the last user message)");
        }
        expect(messages, 0, "system", instructions);
        for (int turn = 0; turn < earlier; turn++) {
            int at = 1 + 4 * turn;
            expect(messages, at, "user", script.turns().get(turn).user());
            JsonNode call = messages.get(at + 1).path("tool_calls").path(0);
            String id = Script.toolCallId(turn, 0, 0);
            if (!messages.get(at + 1).path("role").asText().equals("assistant") || !call.path("id").asText().equals(id)
                    || !call.path("function").path("name").asText().equals(HISTORY_TOOL)
                    || !JSON.readTree(call.path("function").path("arguments").asText()).equals(
                            JSON.readTree(historyArguments(turn)))) {
                throw new AssertionError("Message " + (at + 2) + " should be the assistant's call [" + id + "] of ["
                        + HISTORY_TOOL + "] with " + historyArguments(turn) + ", was " + messages.get(at + 1));
            }
            JsonNode result = messages.get(at + 2);
            if (!result.path("role").asText().equals("tool") || !result.path("tool_call_id").asText().equals(id)
                    || !JSON.readTree(result.path("content").asText()).equals(JSON.readTree(TOOL_RESULT))) {
                throw new AssertionError("Message " + (at + 3) + " should be the result of [" + id + "], was " + result);
            }
            expect(messages, at + 3, "assistant", script.turns().get(turn).finalText());
        }
        expect(messages, expected - 1, "user", script.turns().get(earlier).user());
    }

    private static void expect(JsonNode messages, int at, String role, String content) {
        JsonNode message = messages.get(at);
        if (!message.path("role").asText().equals(role) || !message.path("content").asText().equals(content)) {
            throw new AssertionError("Message " + (at + 1) + " should be " + role + " [" + content + "], was " + message);
        }
    }
}
