package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.benchmark.ToolsParallelBenchmark;
import dev.agentbench.builtin.benchmark.Turn5Benchmark;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.RecordingProxy;
import dev.agentbench.testkit.TestWorkloads;
import dev.agentbench.testkit.WireRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What LangChain4j puts on the wire, read through a recording proxy in front of the real mock.
 * These are the facts docs/targets/langchain4j.md states; if a LangChain4j upgrade changes one,
 * this test says which.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class LangChain4jWireTest {

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
        return wire.play(new LangChain4jTarget(), script, instructions, Map.of("stream", String.valueOf(stream)));
    }

    private static JsonNode body(RecordingProxy.Request request) throws Exception {
        return JSON.readTree(request.body());
    }

    @Test
    void oneSystemMessageWithTheInstructionsAloneThenTheUser() throws Exception {
        JsonNode request = body(play(new Turn5Benchmark().script(), INSTRUCTIONS, false).get(0));
        JsonNode messages = request.get("messages");
        assertThat(messages).hasSize(2);
        assertThat(messages.get(0).get("role").asText()).isEqualTo("system");
        assertThat(messages.get(0).get("content").asText()).isEqualTo(INSTRUCTIONS);
        assertThat(messages.get(1).get("role").asText()).isEqualTo("user");
        assertThat(messages.get(1).get("content").asText()).isEqualTo(new Turn5Benchmark().script().turns().get(0).user());
        assertThat(request.get("model").asText()).isEqualTo("agentbench-mock");
        assertThat(request.get("stream").asBoolean(true)).isFalse();
        assertThat(request.has("stream_options")).isFalse();
    }

    @Test
    void laterTurnsResendTheWholeMemory() throws Exception {
        Script script = new Turn5Benchmark().script();
        List<RecordingProxy.Request> requests = play(script, INSTRUCTIONS, true);
        assertThat(requests).hasSize(5);
        JsonNode last = body(requests.get(4)).get("messages");
        List<String> roles = new ArrayList<>();
        last.forEach(message -> roles.add(message.get("role").asText()));
        assertThat(roles).containsExactly("system", "user", "assistant", "user", "assistant", "user", "assistant",
                "user", "assistant", "user");
        assertThat(last.get(2).get("content").asText()).isEqualTo(script.turns().get(0).finalText());
    }

    @Test
    void streamingAsksForUsage() throws Exception {
        JsonNode request = body(play(new Turn5Benchmark().script(), INSTRUCTIONS, true).get(0));
        assertThat(request.get("stream").asBoolean()).isTrue();
        assertThat(request.at("/stream_options/include_usage").asBoolean()).isTrue();
    }

    @Test
    void theJdkClientAsksToUpgradeToHttp2() throws Exception {
        List<RecordingProxy.Request> requests = play(new Turn5Benchmark().script(), INSTRUCTIONS, false);
        for (RecordingProxy.Request request : requests) {
            assertThat(request.headers().get("Upgrade")).containsExactly("h2c");
            assertThat(request.headers()).containsKey("Http2-settings");
        }
        // ... on every request, also on a connection it reuses for HTTP/1.1 (all five requests come on one).
        assertThat(requests).hasSize(5);
        assertThat(requests.stream().map(RecordingProxy.Request::clientPort).distinct()).hasSize(1);
    }

    @Test
    void toolSchemasReachTheModelAsDeclared() throws Exception {
        JsonNode tools = body(play(new ToolsParallelBenchmark().script(), INSTRUCTIONS, false).get(0)).get("tools");
        assertThat(tools).hasSize(BuiltinTools.ALL.size());
        for (int i = 0; i < tools.size(); i++) {
            JsonNode function = tools.get(i).get("function");
            assertThat(tools.get(i).get("type").asText()).isEqualTo("function");
            assertThat(function.get("name").asText()).isEqualTo(BuiltinTools.ALL.get(i).name());
            assertThat(function.get("description").asText()).isEqualTo(BuiltinTools.ALL.get(i).description());
            assertThat(function.get("parameters")).isEqualTo(JSON.readTree(BuiltinTools.ALL.get(i).parameters()));
            assertThat(function.has("strict")).isFalse();
        }
    }

    @Test
    void parallelCallsGoBackAsOneAssistantMessageAndOneToolMessagePerCall() throws Exception {
        Script script = new ToolsParallelBenchmark().script();
        List<RecordingProxy.Request> requests = play(script, INSTRUCTIONS, true);
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
            TargetContext context = wire.context(script, INSTRUCTIONS, List.of(),
                    Map.of("stream", String.valueOf(stream)));
            try (TargetHandle handle = new LangChain4jTarget().open(context)) {
                assertThatThrownBy(() -> handle.runTurn("user-1", "session-1", "Please answer."))
                        .hasMessageContaining("scripted failure");
            }
            assertThat(wire.proxy().requests()).as("stream=" + stream).hasSize(stream ? 1 : 3);
        }
    }

    @Test
    void textWithTemplateBracesIsSentAsItIs() throws Exception {
        String instructions = "Greet {{name}} as {{ title }}.";
        Script script = Script.singleText("braces", "Say {{hello}} to {{it}}.", "Done.");
        JsonNode messages = body(play(script, instructions, false).get(0)).get("messages");
        assertThat(messages.get(0).get("content").asText()).isEqualTo(instructions);
        assertThat(messages.get(1).get("content").asText()).isEqualTo("Say {{hello}} to {{it}}.");
    }

    /** The {@code toolset} benchmark's shape: nested objects, enums and arrays of objects survive the translation. */
    @Test
    void aHundredAndTwentyEightToolsWithNestedSchemasReachTheModelAsDeclared() throws Exception {
        TestWorkloads.assertToolsetReachesTheModel(wire, new LangChain4jTarget(), INSTRUCTIONS, 128,
                Map.of("stream", "false"), false);
    }

    /**
     * The {@code history} benchmark's longest session: 256 turns, each with a tool call, then one more.
     * The memory window holds it all, and the last request carries every message of it.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aSessionOf256TurnsWithToolCallsIsResentWhole(boolean stream) throws Exception {
        TestWorkloads.assertHistoryResentWhole(wire, new LangChain4jTarget(), INSTRUCTIONS, 256,
                Map.of("stream", String.valueOf(stream)));
    }
}
