package dev.agentbench.langgraph4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.benchmark.ToolsParallelBenchmark;
import dev.agentbench.builtin.benchmark.Turn5Benchmark;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.RecordingProxy;
import dev.agentbench.testkit.TestWorkloads;
import dev.agentbench.testkit.WireRecorder;
import dev.agentbench.api.ToolDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What LangGraph4j's agent executor puts on the wire, read through a recording proxy in front of the
 * real mock. These are the facts docs/targets/langgraph4j.md states; if an upgrade changes one, this
 * test says which.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class LangGraph4jWireTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INSTRUCTIONS = "You are a helpful assistant. Use the tools when they help.";

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    private List<RecordingProxy.Request> play(Script script, String instructions, boolean stream) throws Exception {
        return wire.play(new LangGraph4jTarget(), script, instructions, Map.of("stream", String.valueOf(stream)));
    }

    private static JsonNode body(RecordingProxy.Request request) throws Exception {
        return JSON.readTree(request.body());
    }

    @Test
    void oneSystemMessageWithTheInstructionsThenTheUser() throws Exception {
        JsonNode request = body(play(new Turn5Benchmark().script(), INSTRUCTIONS, false).get(0));
        JsonNode messages = request.get("messages");
        assertThat(messages).hasSize(2);
        assertThat(messages.get(0).get("role").asText()).isEqualTo("system");
        assertThat(messages.get(0).get("content").asText()).isEqualTo(INSTRUCTIONS);
        assertThat(messages.get(1).get("role").asText()).isEqualTo("user");
        assertThat(request.get("model").asText()).isEqualTo("agentbench-mock");
        assertThat(request.get("stream").asBoolean(true)).isFalse();
        assertThat(request.has("stream_options")).isFalse();
    }

    @Test
    void withoutInstructionsTheExecutorSendsItsOwnSystemMessage() throws Exception {
        JsonNode messages = body(play(Script.singleText("bare", "Hi.", "Hello."), "", false).get(0)).get("messages");
        assertThat(messages.get(0).get("role").asText()).isEqualTo("system");
        assertThat(messages.get(0).get("content").asText()).isEqualTo("You are a helpful assistant");
    }

    @Test
    void laterTurnsResendTheWholeThreadAndStreamingAsksForUsage() throws Exception {
        Script script = new Turn5Benchmark().script();
        List<RecordingProxy.Request> requests = play(script, INSTRUCTIONS, true);
        assertThat(requests).hasSize(5);
        JsonNode last = body(requests.get(4));
        List<String> roles = new ArrayList<>();
        last.get("messages").forEach(message -> roles.add(message.get("role").asText()));
        assertThat(roles).containsExactly("system", "user", "assistant", "user", "assistant", "user", "assistant",
                "user", "assistant", "user");
        assertThat(last.at("/messages/2/content").asText()).isEqualTo(script.turns().get(0).finalText());
        assertThat(last.get("stream").asBoolean()).isTrue();
        assertThat(last.at("/stream_options/include_usage").asBoolean()).isTrue();
    }

    /**
     * Every tool, its schema as declared; in no fixed order: the executor keeps its tools in a
     * {@code Map.copyOf}, whose order changes from one JVM to the next.
     */
    @Test
    void toolSchemasReachTheModelAsDeclared() throws Exception {
        JsonNode tools = body(play(new ToolsParallelBenchmark().script(), INSTRUCTIONS, false).get(0)).get("tools");
        Map<String, ToolDefinition> declared = new HashMap<>();
        BuiltinTools.ALL.forEach(tool -> declared.put(tool.name(), tool));
        List<String> names = new ArrayList<>();
        for (JsonNode tool : tools) {
            String name = tool.at("/function/name").asText();
            names.add(name);
            assertThat(declared).containsKey(name);
            assertThat(tool.get("type").asText()).isEqualTo("function");
            assertThat(tool.at("/function/description").asText()).isEqualTo(declared.get(name).description());
            assertThat(tool.at("/function/parameters")).isEqualTo(JSON.readTree(declared.get(name).parameters()));
            assertThat(tool.get("function").has("strict")).isFalse();
        }
        assertThat(names).containsExactlyInAnyOrderElementsOf(declared.keySet());
    }

    @Test
    void parallelCallsGoBackAsOneAssistantMessageAndOneToolMessagePerCall() throws Exception {
        List<RecordingProxy.Request> requests = play(new ToolsParallelBenchmark().script(), INSTRUCTIONS, true);
        assertThat(requests).hasSize(2);
        JsonNode messages = body(requests.get(1)).get("messages");
        assertThat(messages).hasSize(6);
        JsonNode assistant = messages.get(2);
        assertThat(assistant.get("role").asText()).isEqualTo("assistant");
        assertThat(assistant.get("tool_calls")).hasSize(3);
        for (int i = 0; i < 3; i++) {
            String id = Script.toolCallId(0, 0, i);
            assertThat(assistant.get("tool_calls").get(i).get("id").asText()).isEqualTo(id);
            assertThat(messages.get(3 + i).get("role").asText()).isEqualTo("tool");
            assertThat(messages.get(3 + i).get("tool_call_id").asText()).isEqualTo(id);
        }
    }

    @Test
    void aServerErrorIsRetriedTwiceByTheBlockingModelAndNeverByTheStreamingOne() throws Exception {
        for (boolean stream : new boolean[] {false, true}) {
            Script script = new Script("http_500_" + stream, List.of(new ScriptTurn("Please answer.",
                    List.of(Step.fault(Fault.status(500, "scripted failure"))))));
            TargetContext context = wire.context(script, INSTRUCTIONS, List.of(), Map.of("stream", String.valueOf(stream)));
            try (TargetHandle handle = new LangGraph4jTarget().open(context)) {
                assertThatThrownBy(() -> handle.runTurn("user-1", "session-1", "Please answer."))
                        .hasMessageContaining("scripted failure");
            }
            assertThat(wire.proxy().requests()).as("stream=" + stream).hasSize(stream ? 1 : 3);
        }
    }

    /** Unlike LangChain4j's AiServices, the executor reads no prompt template: braces go as they are. */
    @Test
    void textWithTemplateBracesIsSentAsItIs() throws Exception {
        String instructions = "Greet {{name}} as {{ title }}.";
        Script script = Script.singleText("braces", "Say {{hello}} to {{it}}.", "Done.");
        JsonNode messages = body(play(script, instructions, false).get(0)).get("messages");
        assertThat(messages.get(0).get("content").asText()).isEqualTo(instructions);
        assertThat(messages.get(1).get("content").asText()).isEqualTo("Say {{hello}} to {{it}}.");
    }

    /**
     * Nothing caps the model calls in flight: 32 sessions of one compiled graph, each turn a tool call
     * and a text reply that the mock holds 1 s each, make all 32 calls at once, streamed or not. Each
     * turn runs on its caller's thread ({@code stream().forEach}) and LangChain4j's JDK HTTP client has
     * no connection limit; the checkpoint saver's lock is held only while a checkpoint is read or
     * written. Each session still gets its own turn.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void thirtyTwoSessionsOfOneGraphMakeThirtyTwoModelCallsAtOnce(boolean stream) throws Exception {
        int sessions = 32;
        Script script = new Script("load_shape_" + stream, List.of(new ScriptTurn("Add 2 and 3.", List.of(
                new Step(null, List.of(new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":3}")), Fault.delay(1000)),
                new Step("The sum is 5.", List.of(), Fault.delay(1000))))));
        TargetContext context = wire.context(script, INSTRUCTIONS, BuiltinTools.ALL, Map.of("stream", String.valueOf(stream)));
        ExecutorService pool = Executors.newFixedThreadPool(sessions);
        try (TargetHandle handle = new LangGraph4jTarget().open(context)) {
            List<Future<TurnResult>> turns = new ArrayList<>();
            for (int i = 0; i < sessions; i++) {
                String session = "s" + i;
                turns.add(pool.submit(() -> handle.runTurn("u", session, "Add 2 and 3.")));
            }
            for (Future<TurnResult> turn : turns) {
                TurnResult result = turn.get(60, TimeUnit.SECONDS);
                assertThat(result.completed()).isTrue();
                assertThat(result.finalText()).isEqualTo("The sum is 5.");
                assertThat(result.toolResults()).hasSize(1);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(wire.proxy().requests()).hasSize(2 * sessions);
        assertThat(wire.proxy().mostInFlight()).isEqualTo(sessions);
    }

    /**
     * The {@code toolset} benchmark's shape: nested objects, enums and arrays of objects survive the
     * translation (the executor's tool map changes their order).
     */
    @Test
    void aHundredAndTwentyEightToolsWithNestedSchemasReachTheModelAsDeclared() throws Exception {
        TestWorkloads.assertToolsetReachesTheModel(wire, new LangGraph4jTarget(), INSTRUCTIONS, 128,
                Map.of("stream", "false"), true);
    }

    /**
     * The {@code history} benchmark's longest session: 256 turns, each with a tool call, then one more.
     * The thread keeps every message, and the last request carries them all.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aSessionOf256TurnsWithToolCallsIsResentWhole(boolean stream) throws Exception {
        TestWorkloads.assertHistoryResentWhole(wire, new LangGraph4jTarget(), INSTRUCTIONS, 256,
                Map.of("stream", String.valueOf(stream)));
    }
}
