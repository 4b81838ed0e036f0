package dev.agentbench.agentscope;

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
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.benchmark.ToolsParallelBenchmark;
import dev.agentbench.builtin.benchmark.Turn5Benchmark;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.RecordingProxy;
import dev.agentbench.testkit.WireRecorder;
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
 * What AgentScope puts on the wire, read through a recording proxy in front of the real mock.
 * These are the facts docs/targets/agentscope.md states; if an AgentScope upgrade changes one, this
 * test says which.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class AgentScopeWireTest {

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

    private static List<RecordingProxy.Request> play(Script script, String instructions, boolean stream)
            throws Exception {
        return wire.play(new AgentScopeTarget(), script, instructions, Map.of("stream", String.valueOf(stream)));
    }

    private static JsonNode body(RecordingProxy.Request request) throws Exception {
        return JSON.readTree(request.body());
    }

    private static List<String> roles(JsonNode messages) {
        List<String> roles = new ArrayList<>();
        messages.forEach(message -> roles.add(message.get("role").asText()));
        return roles;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void oneSystemMessageWithTheInstructionsTrimmedThenTheUser(boolean stream) throws Exception {
        JsonNode request = body(play(new Turn5Benchmark().script(), "  " + INSTRUCTIONS + "\n", stream).get(0));
        JsonNode messages = request.get("messages");
        assertThat(roles(messages)).containsExactly("system", "user");
        assertThat(messages.get(0).get("content").asText()).isEqualTo(INSTRUCTIONS);
        assertThat(messages.get(1).get("content").asText())
                .isEqualTo(new Turn5Benchmark().script().turns().get(0).user());
        assertThat(request.get("model").asText()).isEqualTo("agentbench-mock");
        assertThat(request.get("stream").asBoolean(!stream)).isEqualTo(stream);
        assertThat(request.at("/stream_options/include_usage").asBoolean()).isEqualTo(stream);
    }

    @Test
    void laterTurnsResendTheWholeContextWithTheAgentsNameOnItsReplies() throws Exception {
        Script script = new Turn5Benchmark().script();
        List<RecordingProxy.Request> requests = play(script, INSTRUCTIONS, false);
        assertThat(requests).hasSize(5);
        JsonNode last = body(requests.get(4)).get("messages");
        assertThat(roles(last)).containsExactly("system", "user", "assistant", "user", "assistant", "user",
                "assistant", "user", "assistant", "user");
        assertThat(last.get(2).get("content").asText()).isEqualTo(script.turns().get(0).finalText());
        assertThat(last.get(2).get("name").asText()).isEqualTo(AgentScopeHandle.AGENT_NAME);
        assertThat(last.get(1).has("name")).isFalse();
    }

    @Test
    void toolSchemasReachTheModelAsDeclaredInTheToolkitsOwnOrder() throws Exception {
        JsonNode tools = body(play(new ToolsParallelBenchmark().script(), INSTRUCTIONS, false).get(0)).get("tools");
        Map<String, JsonNode> byName = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (JsonNode tool : tools) {
            assertThat(tool.get("type").asText()).isEqualTo("function");
            names.add(tool.at("/function/name").asText());
            byName.put(tool.at("/function/name").asText(), tool.get("function"));
        }
        // Not the order the tools were registered in (add_numbers first): the toolkit's map order.
        assertThat(names).containsExactlyInAnyOrder("add_numbers", "get_weather", "sleep_ms")
                .doesNotContainSequence("add_numbers", "get_weather", "sleep_ms");
        for (var tool : BuiltinTools.ALL) {
            JsonNode function = byName.get(tool.name());
            assertThat(function.get("description").asText()).isEqualTo(tool.description());
            assertThat(function.get("parameters")).isEqualTo(JSON.readTree(tool.parameters()));
            assertThat(function.has("strict")).isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void parallelCallsGoBackAsOneAssistantMessageAndOneToolMessagePerCall(boolean stream) throws Exception {
        List<RecordingProxy.Request> requests = play(new ToolsParallelBenchmark().script(), INSTRUCTIONS, stream);
        assertThat(requests).hasSize(2);
        JsonNode messages = body(requests.get(1)).get("messages");
        assertThat(roles(messages)).containsExactly("system", "user", "assistant", "tool", "tool", "tool");
        JsonNode assistant = messages.get(2);
        assertThat(assistant.get("content").asText()).isEmpty();
        assertThat(assistant.get("tool_calls")).hasSize(3);
        for (int i = 0; i < 3; i++) {
            String id = assistant.get("tool_calls").get(i).get("id").asText();
            assertThat(id).isEqualTo("call_0_0_" + i);
            assertThat(messages.get(3 + i).get("tool_call_id").asText()).isEqualTo(id);
        }
        assertThat(JSON.readTree(messages.get(5).get("content").asText())).isEqualTo(JSON.readTree("{\"sum\":5}"));
    }

    @Test
    void theJdkClientAsksToUpgradeToHttp2AndNamesAStaleVersion() throws Exception {
        List<RecordingProxy.Request> requests = play(new Turn5Benchmark().script(), INSTRUCTIONS, false);
        for (RecordingProxy.Request request : requests) {
            assertThat(request.headers().get("Upgrade")).containsExactly("h2c");
            assertThat(request.headers()).containsKey("Http2-settings");
            // AgentScope 2.0.0's Version.VERSION was never bumped from 1.0.13-SNAPSHOT.
            assertThat(request.headers().get("User-agent").get(0)).startsWith("agentscope-java/1.0.13-SNAPSHOT;");
        }
    }

    @Test
    void everyAgentInTheJvmSharesOneHttpClientAndItsConnections() throws Exception {
        List<RecordingProxy.Request> first = play(new Turn5Benchmark().script(), INSTRUCTIONS, false);
        List<RecordingProxy.Request> second = play(new Turn5Benchmark().script(), INSTRUCTIONS, true);
        List<Integer> firstPorts = new ArrayList<>();
        first.forEach(request -> firstPorts.add(request.clientPort()));
        // Two handles, each with its own model, one streaming and one not: the second handle's first
        // request goes out on a connection the first handle opened. (A pooled connection may still
        // be replaced now and then, as any JDK client's is, so the test does not ask for one alone.)
        assertThat(first).hasSize(5);
        assertThat(second).hasSize(5);
        assertThat(firstPorts).contains(second.get(0).clientPort());
    }

    private static Script serverError() {
        return new Script("wire_http_500", List.of(new ScriptTurn("Please answer.",
                List.of(Step.fault(Fault.status(500, "scripted failure"))))));
    }

    private static Script cutOff() {
        return new Script("wire_cut_off", List.of(new ScriptTurn("Please answer at length.",
                List.of(new Step("This reply is cut off before its end; it is long enough to be sent in several"
                        + " chunks, so that a part of it arrives.", List.of(),
                        new Fault(0, null, 0, 0, 0, true, false, false))))));
    }

    /** Plays turn 1 of {@code script}, which must fail; returns the milliseconds it took. */
    private static long failingTurn(Script script, boolean stream, String expected) throws Exception {
        TargetContext context = wire.context(script, INSTRUCTIONS, List.of(), Map.of("stream", String.valueOf(stream)));
        try (TargetHandle handle = new AgentScopeTarget().open(context)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> handle.runTurn("u", "s", script.turns().get(0).user()))
                    .hasMessageContaining(expected);
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        }
    }

    @Test
    void anHttp500IsSentThreeTimesWithBackOffWhenNotStreaming() throws Exception {
        long millis = failingTurn(serverError(), false, "Failed to call OpenAI API: OpenAI API request failed with status 500");
        assertThat(wire.proxy().requests()).hasSize(3);
        // Back-off of 2 s then 4 s, each with a jitter of half: at least 3 s.
        assertThat(millis).isGreaterThanOrEqualTo(2_900);
    }

    @Test
    void anHttp500IsSentOnceWhenStreamingButTheRetriesStillWait() throws Exception {
        long millis = failingTurn(serverError(), true, "HTTP transport error during streaming: HTTP request failed with status 500");
        // The retry resubscribes to a request already made and failed: no second request.
        assertThat(wire.proxy().requests()).hasSize(1);
        assertThat(millis).isGreaterThanOrEqualTo(2_900);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aReplyCutOffMidwayIsNotRetried(boolean stream) throws Exception {
        failingTurn(cutOff(), stream, "");
        assertThat(wire.proxy().requests()).hasSize(1);
    }

    @Test
    void aMalformedChunkIsSkippedSilentlyAndTheTurnCompletesWithoutItsText() throws Exception {
        String text = "This reply streams in several chunks, one of which is not valid JSON, so that a part of"
                + " it never arrives.";
        Script script = new Script("wire_malformed", List.of(new ScriptTurn("Please answer.",
                List.of(new Step(text, List.of(), new Fault(0, null, 0, 0, 0, false, true, false))))));
        TargetContext context = wire.context(script, INSTRUCTIONS, List.of(), Map.of("stream", "true"));
        try (TargetHandle handle = new AgentScopeTarget().open(context)) {
            TurnResult turn = handle.runTurn("u", "s", "Please answer.");
            assertThat(turn.completed()).isTrue();
            assertThat(turn.finalText()).isNotEqualTo(text);
            assertThat(missesOnePiece(text, turn.finalText())).as(turn.finalText()).isTrue();
        }
    }

    /** Whether {@code part} is {@code whole} with one non-empty stretch of it left out. */
    private static boolean missesOnePiece(String whole, String part) {
        if (part.isEmpty() || part.length() >= whole.length()) {
            return false;
        }
        for (int i = 0; i <= part.length(); i++) {
            if (whole.startsWith(part.substring(0, i)) && whole.endsWith(part.substring(i))) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void eightSessionsAtOnceMakeEightRequestsAtOnce(boolean stream) throws Exception {
        Script slow = new Script("wire_slow", List.of(new ScriptTurn("Hello, who are you?",
                List.of(new Step("I am a slow assistant.", List.of(), Fault.delay(1_000))))));
        TargetContext context = wire.context(slow, INSTRUCTIONS, List.of(), Map.of("stream", String.valueOf(stream)));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (TargetHandle handle = new AgentScopeTarget().open(context)) {
            List<Future<String>> replies = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String session = "s" + i;
                replies.add(pool.submit(() -> handle.runTurn("u" + session, session, "Hello, who are you?").finalText()));
            }
            for (Future<String> reply : replies) {
                assertThat(reply.get(60, TimeUnit.SECONDS)).isEqualTo("I am a slow assistant.");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(wire.proxy().requests()).hasSize(8);
        assertThat(wire.proxy().mostInFlight()).isEqualTo(8);
    }
}
