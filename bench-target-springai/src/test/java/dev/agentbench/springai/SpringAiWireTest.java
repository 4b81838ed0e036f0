package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;

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
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.RecordingProxy;
import dev.agentbench.testkit.TestWorkloads;
import dev.agentbench.testkit.WireRecorder;
import java.util.ArrayList;
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
 * What Spring AI puts on the wire, read through a recording proxy in front of the real mock. These
 * are the facts docs/targets/springai.md states; if a Spring AI upgrade changes one, this test says
 * which.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class SpringAiWireTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INSTRUCTIONS = "You are a helpful assistant. {Braces} are sent as they are.";

    /** Turn 1 calls a tool, turn 2 is text: what the memory resends in turn 2. */
    private static final Script TOOL_THEN_TEXT = new Script("tool_then_text", List.of(
            new ScriptTurn("Add 2 and 3.", List.of(
                    Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":3}")),
                    Step.text("The sum is 5."))),
            new ScriptTurn("Thanks.", List.of(Step.text("You are welcome.")))));

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    private List<JsonNode> play(Script script, boolean stream) throws Exception {
        List<JsonNode> requests = new ArrayList<>();
        for (RecordingProxy.Request request : wire.play(new SpringAiTarget(), script, INSTRUCTIONS,
                Map.of("stream", String.valueOf(stream)))) {
            requests.add(JSON.readTree(request.body()));
        }
        return requests;
    }

    /**
     * Nothing holds model calls back: eight sessions at once make eight calls at once, streamed or
     * not (OkHttp's dispatcher limit of 5 calls per host, which holds ADK back, does not apply).
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void eightSessionsAtOnceMakeEightModelCallsAtOnce(boolean stream) throws Exception {
        Script slow = new Script("slow_" + stream, List.of(new ScriptTurn("Hello?",
                List.of(new Step("Hello.", List.of(), Fault.delay(1000))))));
        TargetContext context = wire.context(slow, INSTRUCTIONS, List.of(), Map.of("stream", String.valueOf(stream)));
        ExecutorService sessions = Executors.newFixedThreadPool(8);
        try (TargetHandle handle = new SpringAiTarget().open(context)) {
            List<Future<TurnResult>> turns = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String session = "session-" + i;
                turns.add(sessions.submit(() -> handle.runTurn("user", session, "Hello?")));
            }
            for (Future<TurnResult> turn : turns) {
                assertThat(turn.get(60, TimeUnit.SECONDS).finalText()).isEqualTo("Hello.");
            }
        } finally {
            sessions.shutdownNow();
        }
        assertThat(wire.proxy().mostInFlight()).isEqualTo(8);
    }

    private static List<String> roles(JsonNode request) {
        List<String> roles = new ArrayList<>();
        request.get("messages").forEach(message -> roles.add(message.get("role").asText()));
        return roles;
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void theInstructionsAloneAreTheSystemMessageAndTheModelAndStreamFlagAreSent(boolean stream) throws Exception {
        List<JsonNode> requests = play(TOOL_THEN_TEXT, stream);
        JsonNode first = requests.get(0);
        assertThat(first.get("model").asText()).isEqualTo("agentbench-mock");
        assertThat(first.path("stream").asBoolean(false)).isEqualTo(stream);
        assertThat(first.get("messages").get(0).get("role").asText()).isEqualTo("system");
        assertThat(first.get("messages").get(0).get("content").asText()).isEqualTo(INSTRUCTIONS);
        if (stream) {
            assertThat(first.get("stream_options").get("include_usage").asBoolean()).isTrue();
        }
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void eachToolsJsonSchemaReachesTheModelAsItIsWithStrictFalse(boolean stream) throws Exception {
        JsonNode tools = play(TOOL_THEN_TEXT, stream).get(0).get("tools");
        assertThat(tools).hasSize(BuiltinTools.ALL.size());
        for (int i = 0; i < BuiltinTools.ALL.size(); i++) {
            JsonNode function = tools.get(i).get("function");
            assertThat(function.get("name").asText()).isEqualTo(BuiltinTools.ALL.get(i).name());
            assertThat(function.get("parameters")).isEqualTo(JSON.readTree(BuiltinTools.ALL.get(i).parameters()));
            assertThat(function.get("strict").asBoolean(true)).isFalse();
        }
    }

    /**
     * The memory advisor sits inside the tool loop: the tool round is resent within its turn, and the
     * memory keeps it, so turn 2 resends turn 1's call and result too.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void theMemoryKeepsTheToolRoundAndLaterTurnsResendIt(boolean stream) throws Exception {
        List<JsonNode> requests = play(TOOL_THEN_TEXT, stream);
        assertThat(requests).hasSize(3);
        assertThat(roles(requests.get(0))).containsExactly("system", "user");
        assertThat(roles(requests.get(1))).containsExactly("system", "user", "assistant", "tool");
        JsonNode toolMessage = requests.get(1).get("messages").get(3);
        assertThat(toolMessage.get("tool_call_id").asText()).isEqualTo(Script.toolCallId(0, 0, 0));
        assertThat(JSON.readTree(toolMessage.get("content").asText())).isEqualTo(JSON.readTree("{\"sum\":5}"));
        assertThat(roles(requests.get(2))).containsExactly("system", "user", "assistant", "tool", "assistant", "user");
        assertThat(requests.get(2).get("messages").get(2).get("tool_calls").get(0).get("id").asText())
                .isEqualTo(Script.toolCallId(0, 0, 0));
        assertThat(requests.get(2).get("messages").get(4).get("content").asText()).isEqualTo("The sum is 5.");
    }

    /** The {@code toolset} benchmark's shape: Spring AI passes each schema through as it is. */
    @Test
    void aHundredAndTwentyEightToolsWithNestedSchemasReachTheModelAsDeclared() throws Exception {
        TestWorkloads.assertToolsetReachesTheModel(wire, new SpringAiTarget(), INSTRUCTIONS, 128,
                Map.of("stream", "false"), false);
    }

    /**
     * The {@code history} benchmark's longest session: 256 turns, each with a tool call, then one more.
     * The memory's window holds it all, and the last request carries every message of it.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aSessionOf256TurnsWithToolCallsIsResentWhole(boolean stream) throws Exception {
        TestWorkloads.assertHistoryResentWhole(wire, new SpringAiTarget(), INSTRUCTIONS, 256,
                Map.of("stream", String.valueOf(stream)));
    }
}
