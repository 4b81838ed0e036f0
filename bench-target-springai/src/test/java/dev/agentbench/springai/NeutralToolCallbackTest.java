package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.execution.ToolExecutionException;

@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class NeutralToolCallbackTest {

    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults());
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @Test
    void theDefinitionIsTheToolsNameDescriptionAndSchemaAsTheyAre() {
        NeutralToolCallback callback = new NeutralToolCallback(BuiltinTools.GET_WEATHER);
        assertThat(callback.getToolDefinition().name()).isEqualTo("get_weather");
        assertThat(callback.getToolDefinition().description()).isEqualTo(BuiltinTools.GET_WEATHER.description());
        assertThat(callback.getToolDefinition().inputSchema()).isEqualTo(BuiltinTools.GET_WEATHER.parameters());
    }

    @Test
    void theToolGetsTheModelsTextAndItsResultGoesBackAsItIs() {
        TurnRecorder turn = new TurnRecorder();
        NeutralToolCallback callback = new NeutralToolCallback(BuiltinTools.ADD_NUMBERS);
        assertThat(callback.call("{\"a\":2,\"b\":40}", new ToolContext(turn.toolContext())))
                .isEqualTo("{\"sum\":42}");
    }

    @Test
    void aToolThatThrowsIsAToolExecutionExceptionWithItsMessageAndItsResultIsMarkedAsAnError() {
        TurnRecorder turn = new TurnRecorder();
        AssistantMessage.ToolCall call = new AssistantMessage.ToolCall("call_0_0_0", "function", "add_numbers", "{}");
        turn.asked(List.of(call));
        NeutralToolCallback callback = new NeutralToolCallback(BuiltinTools.ADD_NUMBERS);
        assertThatThrownBy(() -> callback.call("{\"a\":\"two\",\"b\":1}", new ToolContext(turn.toolContext())))
                .isInstanceOf(ToolExecutionException.class)
                .hasMessageContaining("add_numbers needs an integer [a]")
                .hasCauseInstanceOf(IllegalArgumentException.class);
        turn.answered(List.of(call), List.of(new ToolResponseMessage.ToolResponse("call_0_0_0", "add_numbers", "failed")));
        assertThat(turn.result().toolResults()).containsExactly(new ToolResult("call_0_0_0", "add_numbers", "failed", true));
    }

    @Test
    void aCheckedExceptionIsCarriedUncheckedSoThatSpringAiReportsItToTheModel() {
        ToolDefinition failing = new ToolDefinition("read_file", "Reads a file.", "{\"type\":\"object\"}", arguments -> {
            throw new IOException("no such file");
        });
        assertThatThrownBy(() -> new NeutralToolCallback(failing).call("{}"))
                .isInstanceOf(ToolExecutionException.class)
                .hasMessage("no such file")
                .cause().isInstanceOf(RuntimeException.class).hasCauseInstanceOf(IOException.class);
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aFailedToolCallIsReportedAsAnErrorResultAndTheTurnGoesOn(boolean stream) throws Exception {
        Script script = new Script("failing_tool_" + stream, List.of(new ScriptTurn("Add a word to a number.", List.of(
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":\"two\",\"b\":1}"),
                        new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":1}")),
                Step.text("I could not add those.")))));
        TurnResult result = runTurn(script, BuiltinTools.ALL, stream);
        assertThat(result.completed()).isTrue();
        assertThat(result.finalText()).isEqualTo("I could not add those.");
        assertThat(result.toolCalls()).extracting(ToolCall::id)
                .containsExactly(Script.toolCallId(0, 0, 0), Script.toolCallId(0, 0, 1));
        assertThat(result.toolResults()).hasSize(2);
        ToolResult failed = result.toolResults().get(0);
        assertThat(failed.callId()).isEqualTo(Script.toolCallId(0, 0, 0));
        assertThat(failed.error()).isTrue();
        assertThat(failed.content()).contains("add_numbers needs an integer [a]");
        assertThat(result.toolResults().get(1)).isEqualTo(
                new ToolResult(Script.toolCallId(0, 0, 1), "add_numbers", "{\"sum\":3}", false));
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aCallToAToolTheAgentDoesNotHaveFailsTheTurn(boolean stream) {
        Script script = new Script("unknown_tool_" + stream, List.of(new ScriptTurn("Use a tool you lack.", List.of(
                Step.toolCalls(new ScriptedToolCall("no_such_tool", "{}")),
                Step.text("Carrying on.")))));
        assertThatThrownBy(() -> runTurn(script, BuiltinTools.ALL, stream))
                .hasMessageContaining("No ToolCallback found for tool name: no_such_tool");
    }

    private static TurnResult runTurn(Script script, List<ToolDefinition> tools, boolean stream) throws Exception {
        mock.register(script);
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(script.name())), "agentbench",
                "agentbench-mock", "Be brief.", tools, script, Map.of("stream", String.valueOf(stream)));
        try (TargetHandle handle = new SpringAiTarget().open(context)) {
            return handle.runTurn("user-1", "session-1", script.turns().get(0).user());
        }
    }
}
