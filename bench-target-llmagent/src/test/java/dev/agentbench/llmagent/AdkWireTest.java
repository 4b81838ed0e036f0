package dev.agentbench.llmagent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.script.Script;
import dev.agentbench.builtin.benchmark.ToolsParallelBenchmark;
import dev.agentbench.builtin.benchmark.Turn5Benchmark;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.RecordingProxy;
import dev.agentbench.testkit.WireRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What ADK puts on the wire, read through a recording proxy in front of the real mock. These are
 * the facts docs/targets/llmagent.md states; if an ADK upgrade changes one, this test says which.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class AdkWireTest {

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

    private List<JsonNode> play(Script script, boolean stream) throws Exception {
        List<JsonNode> requests = new ArrayList<>();
        for (RecordingProxy.Request request : wire.play(new LlmAgentTarget(), script, INSTRUCTIONS,
                Map.of("stream", String.valueOf(stream)))) {
            requests.add(JSON.readTree(request.body()));
        }
        return requests;
    }

    @Test
    void oneSystemMessageHoldsTheInstructionsThenAdksIdentitySentence() throws Exception {
        JsonNode request = play(new Turn5Benchmark().script(), false).get(0);
        JsonNode messages = request.get("messages");
        assertThat(messages.get(0).get("role").asText()).isEqualTo("system");
        assertThat(messages.get(0).get("content").asText())
                .startsWith(INSTRUCTIONS)
                .contains("You are an agent. Your internal name is \"" + LlmAgentHandle.AGENT_NAME + "\".");
        assertThat(messages).hasSize(2);
        assertThat(messages.get(1).get("role").asText()).isEqualTo("user");
        assertThat(request.get("model").asText()).isEqualTo("agentbench-mock");
    }

    @Test
    void laterTurnsResendTheHistoryWithOneAssistantMessagePerReply() throws Exception {
        List<JsonNode> requests = play(new Turn5Benchmark().script(), true);
        assertThat(requests).hasSize(5);
        JsonNode last = requests.get(4).get("messages");
        List<String> roles = new ArrayList<>();
        last.forEach(message -> roles.add(message.get("role").asText()));
        assertThat(roles).containsExactly("system", "user", "assistant", "user", "assistant", "user", "assistant",
                "user", "assistant", "user");
        assertThat(last.get(2).get("content").asText()).startsWith("Reply 1 of 5");
    }

    @Test
    void streamingAsksForUsage() throws Exception {
        JsonNode request = play(new Turn5Benchmark().script(), true).get(0);
        assertThat(request.get("stream").asBoolean()).isTrue();
        assertThat(request.get("stream_options").get("include_usage").asBoolean()).isTrue();
        JsonNode plain = play(new Turn5Benchmark().script(), false).get(0);
        assertThat(plain.get("stream").asBoolean()).isFalse();
        assertThat(plain.has("stream_options")).isFalse();
    }

    @Test
    void toolSchemasReachTheModelAsDeclared() throws Exception {
        JsonNode request = play(new ToolsParallelBenchmark().script(), false).get(0);
        JsonNode tools = request.get("tools");
        assertThat(tools).hasSize(BuiltinTools.ALL.size());
        for (int i = 0; i < tools.size(); i++) {
            JsonNode function = tools.get(i).get("function");
            assertThat(tools.get(i).get("type").asText()).isEqualTo("function");
            assertThat(function.get("name").asText()).isEqualTo(BuiltinTools.ALL.get(i).name());
            assertThat(function.get("description").asText()).isEqualTo(BuiltinTools.ALL.get(i).description());
            assertThat(function.get("parameters")).isEqualTo(JSON.readTree(BuiltinTools.ALL.get(i).parameters()));
        }
    }

    @Test
    void parallelCallsGoBackAsOneAssistantMessageAndOneToolMessagePerCall() throws Exception {
        List<JsonNode> requests = play(new ToolsParallelBenchmark().script(), true);
        assertThat(requests).hasSize(2);
        JsonNode messages = requests.get(1).get("messages");
        assertThat(messages).hasSize(6);
        JsonNode assistant = messages.get(2);
        assertThat(assistant.get("role").asText()).isEqualTo("assistant");
        assertThat(assistant.get("tool_calls")).hasSize(3);
        for (int i = 0; i < 3; i++) {
            String id = Script.toolCallId(0, 0, i);
            assertThat(assistant.get("tool_calls").get(i).get("id").asText()).isEqualTo(id);
            JsonNode tool = messages.get(3 + i);
            assertThat(tool.get("role").asText()).isEqualTo("tool");
            assertThat(tool.get("tool_call_id").asText()).isEqualTo(id);
        }
        assertThat(JSON.readTree(messages.get(5).get("content").asText())).isEqualTo(JSON.readTree("{\"sum\":5}"));
    }
}
