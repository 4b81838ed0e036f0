package dev.agentbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What heavy agent traffic asks of a target, checked against the real mock with {@link AgentTraffic}'s
 * workloads: every one of many tools reaches the model with its nested schema, the whole history of a
 * long session is sent on every request, and with {@code stream=true} the reply's pieces reach the
 * turn's {@link dev.agentbench.api.StreamObserver} as the mock writes its chunks, also after a tool
 * call, while without streaming none is reported.
 *
 * <p>Extend it with the target, as {@link TargetContractTest}; override {@link #streamOptions()} when
 * the target needs more than {@code stream=true} to stream. The streaming checks compare when the
 * first piece came with when the turn returned, on a reply whose chunks the mock writes
 * {@value #CHUNK_DELAY_MS} ms apart: a target that hands pieces on as they come has the first one
 * hundreds of milliseconds early, one that collects the reply first has it at the end.
 *
 * <p>Stability: experimental in 0.x; checks may be added.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AgentTrafficContractTest {

    /** How many tools the tool check registers. */
    public static final int TOOLS = 128;
    /** How many turns the history check plays in one session. */
    public static final int HISTORY_TURNS = 200;
    /** Every this many turns of the history check calls a tool. */
    public static final int TOOL_EVERY = 10;
    /** The delay before each chunk of the streamed replies. */
    public static final long CHUNK_DELAY_MS = 150;
    /** How many words (one chunk each) the streamed replies have. */
    public static final int STREAMED_WORDS = 8;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INSTRUCTIONS = "You are a helpful assistant. Use the tools when they help.";

    private WireRecorder wire;

    /** The target under test; return a fresh instance. */
    protected abstract BenchTarget target();

    /** The options that make the target stream; {@code stream=true} by default. */
    protected Map<String, String> streamOptions() {
        return Map.of("stream", "true");
    }

    /** The options of the checks that do not stream; none by default. */
    protected Map<String, String> plainOptions() {
        return Map.of();
    }

    @BeforeAll
    final void startMock() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    final void stopMock() {
        if (wire != null) {
            wire.close();
        }
    }

    @Test
    public void everyToolReachesTheModelWithItsNestedSchema() throws Exception {
        List<ToolDefinition> tools = AgentTraffic.tools(TOOLS);
        Script script = AgentTraffic.history("traffic_toolset", 1, 1, TOOLS);
        List<JsonNode> requests = play(script, tools, plainOptions());
        Map<String, JsonNode> sent = new HashMap<>();
        for (JsonNode tool : requests.get(0).path("tools")) {
            sent.put(tool.path("function").path("name").asText(), tool.path("function"));
        }
        assertEquals(TOOLS, sent.size(), "tools in the first request");
        for (ToolDefinition tool : tools) {
            JsonNode function = sent.get(tool.name());
            if (function == null) {
                fail("Tool [" + tool.name() + "] was not sent; sent: " + sent.keySet());
            }
            assertEquals(tool.description(), function.path("description").asText(), tool.name() + "'s description");
            assertEquals(JSON.readTree(tool.parameters()), withoutAnnotations(function.path("parameters")),
                    tool.name() + "'s parameters");
        }
        for (JsonNode request : requests) {
            assertEquals(TOOLS, request.path("tools").size(), "tools in every request");
        }
    }

    @Test
    public void theWholeHistoryIsSentOnEveryRequest() throws Exception {
        int tools = 8;
        Script script = AgentTraffic.history("traffic_history", HISTORY_TURNS, TOOL_EVERY, tools);
        List<JsonNode> requests = play(script, AgentTraffic.tools(tools), plainOptions());
        List<Integer> expected = new ArrayList<>();
        for (int turn = 0; turn < script.turns().size(); turn++) {
            for (int step = 0; step < script.turns().get(turn).steps().size(); step++) {
                expected.add(turn + 1);
            }
        }
        List<Integer> users = new ArrayList<>();
        requests.forEach(request -> users.add(count(request, "user")));
        assertEquals(expected, users, "user messages in each request, in order");

        JsonNode last = requests.get(requests.size() - 1);
        int toolTurns = AgentTraffic.toolTurns(HISTORY_TURNS, TOOL_EVERY);
        assertEquals(HISTORY_TURNS - 1 + toolTurns, count(last, "assistant"), "assistant messages in the last request");
        assertEquals(toolTurns, count(last, "tool"), "tool messages in the last request");
        assertEquals(1, count(last, "system"), "system messages in the last request");
        assertEquals(1 + HISTORY_TURNS + (HISTORY_TURNS - 1 + toolTurns) + toolTurns, last.path("messages").size(),
                "messages in the last request (system, user, assistant and tool), as the mock counts them");
        List<String> userTexts = new ArrayList<>();
        last.path("messages").forEach(message -> {
            if ("user".equals(message.path("role").asText())) {
                userTexts.add(text(message));
            }
        });
        assertEquals(script.turns().stream().map(ScriptTurn::user).toList(), userTexts,
                "the user messages of the last request");
    }

    @Test
    public void streamedTextReachesTheObserverAsItsChunksArrive() throws Exception {
        Script script = AgentTraffic.streamedReply("traffic_stream", STREAMED_WORDS, CHUNK_DELAY_MS);
        checkStreamed(script, List.of());
    }

    @Test
    public void aStreamedAnswerAfterAToolCallReachesTheObserverAsItArrives() throws Exception {
        Script script = AgentTraffic.streamedAfterTool("traffic_stream_after_tool", STREAMED_WORDS, CHUNK_DELAY_MS);
        ObservedTurn turn = checkStreamed(script, AgentTraffic.tools(1));
        StringBuilder joined = new StringBuilder();
        turn.pieces().toolCallPieces().forEach(piece -> joined.append(piece.text()));
        String arguments = joined.toString();
        if (!arguments.isEmpty()) {
            assertEquals(JSON.readTree(AgentTraffic.arguments(0)), JSON.readTree(arguments),
                    "the tool call's argument pieces, joined");
        }
    }

    @Test
    public void withoutStreamingNoPieceIsReported() throws Exception {
        Script script = AgentTraffic.streamedAfterTool("traffic_plain", STREAMED_WORDS, 0);
        ObservedTurn turn = ObservedTurn.play(target(),
                wire.context(script, INSTRUCTIONS, AgentTraffic.tools(1), plainOptions()));
        assertEquals(List.of(), turn.pieces().pieces(), "pieces reported by a turn that did not stream");
    }

    private ObservedTurn checkStreamed(Script script, List<ToolDefinition> tools) throws Exception {
        ObservedTurn turn = ObservedTurn.play(target(),
                wire.directContext(script, INSTRUCTIONS, tools, streamOptions()));
        PieceRecorder pieces = turn.pieces();
        String text = script.turns().get(0).finalText();
        assertEquals(text, pieces.text(), "the text pieces, joined");
        assertTrue(pieces.textPieces().size() > 1, "the reply came in one piece: " + pieces.pieces());
        // The mock writes the first text chunk 2 delays in (after the role chunk) and ends the stream at
        // least 5 delays later (3 more text chunks, the finish chunk, the usage chunk).
        double lead = turn.firstTextBeforeEndMillis();
        assertTrue(lead >= 2 * CHUNK_DELAY_MS, "the first text piece came " + lead
                + " ms before the turn returned: the target did not hand the pieces on as they came");
        return turn;
    }

    private List<JsonNode> play(Script script, List<ToolDefinition> tools, Map<String, String> options)
            throws Exception {
        List<JsonNode> requests = new ArrayList<>();
        for (RecordingProxy.Request request : wire.play(target(), script, INSTRUCTIONS, tools, options)) {
            requests.add(JSON.readTree(request.body()));
        }
        return requests;
    }

    /** The schema without the annotations frameworks add that do not change it ({@code $schema}). */
    private static JsonNode withoutAnnotations(JsonNode schema) {
        JsonNode copy = schema.deepCopy();
        if (copy.isObject()) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) copy).remove(List.of("$schema", "strict"));
        }
        return copy;
    }

    private static int count(JsonNode request, String role) {
        int count = 0;
        for (JsonNode message : request.path("messages")) {
            if (role.equals(message.path("role").asText())) {
                count++;
            }
        }
        return count;
    }

    /** A message's text: its content, or its text parts joined. */
    private static String text(JsonNode message) {
        JsonNode content = message.path("content");
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        content.forEach(part -> text.append(part.path("text").asText()));
        return text.toString();
    }
}
