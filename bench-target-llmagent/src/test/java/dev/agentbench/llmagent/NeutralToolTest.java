package dev.agentbench.llmagent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.adk.JsonBaseModel;
import com.google.adk.models.LlmRequest;
import com.google.adk.models.chat.ChatCompletionsRequest;
import com.google.genai.types.FunctionDeclaration;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.Schema;
import com.google.genai.types.Tool;
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
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class NeutralToolTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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
    void theDeclarationIsTheToolsNameDescriptionAndSchema() throws Exception {
        NeutralTool tool = new NeutralTool(BuiltinTools.GET_WEATHER, new ToolFailures());
        FunctionDeclaration declaration = tool.declaration().orElseThrow();
        assertThat(declaration.name()).contains("get_weather");
        assertThat(declaration.description()).contains(BuiltinTools.GET_WEATHER.description());
        assertThat(JSON.readTree(parametersOnTheWire(declaration.parameters().orElseThrow())))
                .isEqualTo(JSON.readTree(BuiltinTools.GET_WEATHER.parameters()));
        assertThat(tool.longRunning()).isFalse();
    }

    @Test
    void theToolGetsAdksArgumentsAsJsonAndItsJsonResultGoesBackAsAMap() {
        ToolFailures failures = new ToolFailures();
        NeutralTool tool = new NeutralTool(BuiltinTools.ADD_NUMBERS, failures);
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("a", 2);
        args.put("b", 40);
        assertThat(tool.call(args, "s", "call_1")).isEqualTo(Map.of("sum", 42));
        assertThat(failures.take("s", "call_1")).isFalse();
    }

    @Test
    void aResultThatIsNoJsonObjectIsWrappedAsFunctionToolDoes() {
        assertThat(NeutralTool.response("[1,2]")).isEqualTo(Map.of("result", List.of(1, 2)));
        assertThat(NeutralTool.response("7")).isEqualTo(Map.of("result", 7));
        assertThat(NeutralTool.response("not json")).isEqualTo(Map.of("result", "not json"));
        assertThat(NeutralTool.response("null")).containsEntry("result", null);
    }

    @Test
    void aToolThatThrowsAnswersWithItsMessageAndIsMarkedAsFailed() {
        ToolFailures failures = new ToolFailures();
        NeutralTool tool = new NeutralTool(BuiltinTools.ADD_NUMBERS, failures);
        Map<String, Object> response = tool.call(Map.of("a", "two", "b", 1), "s", "call_1");
        assertThat(response).containsOnlyKeys("error");
        assertThat((String) response.get("error")).contains("add_numbers needs an integer [a]");
        assertThat(failures.take("s", "call_1")).isTrue();
        assertThat(failures.take("s", "call_1")).as("a mark is read once").isFalse();
    }

    @Test
    void aFailedToolCallIsReportedAsAnErrorResultAndTheTurnGoesOn() throws Exception {
        Script script = new Script("failing_tool", List.of(new ScriptTurn("Add a word to a number.", List.of(
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":\"two\",\"b\":1}")),
                Step.text("I could not add those.")))));
        TurnResult result = runTurn(script, BuiltinTools.ALL, false);
        assertThat(result.completed()).isTrue();
        assertThat(result.finalText()).isEqualTo("I could not add those.");
        assertThat(result.toolResults()).hasSize(1);
        ToolResult failed = result.toolResults().get(0);
        assertThat(failed.callId()).isEqualTo(Script.toolCallId(0, 0, 0));
        assertThat(failed.error()).isTrue();
        assertThat(JSON.readTree(failed.content()).get("error").asText()).contains("add_numbers needs an integer [a]");
    }

    @Test
    void aCallToAToolTheAgentDoesNotHaveGetsNoResultFromAdk() throws Exception {
        Script script = new Script("unknown_tool", List.of(new ScriptTurn("Use a tool you lack.", List.of(
                Step.toolCalls(new ScriptedToolCall("no_such_tool", "{}")),
                Step.text("Carrying on.")))));
        TurnResult result = runTurn(script, BuiltinTools.ALL, true);
        assertThat(result.toolCalls()).containsExactly(new ToolCall(Script.toolCallId(0, 0, 0), "no_such_tool", "{}"));
        assertThat(result.toolResults()).isEmpty();
        assertThat(result.completed()).isTrue();
        assertThat(result.finalText()).isEqualTo("Carrying on.");
    }

    private static TurnResult runTurn(Script script, List<ToolDefinition> tools, boolean stream) throws Exception {
        mock.register(script);
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(script.name())), "agentbench",
                "agentbench-mock", "Be brief.", tools, script, Map.of("stream", String.valueOf(stream)));
        try (TargetHandle handle = new LlmAgentTarget().open(context)) {
            return handle.runTurn("user-1", "session-1", script.turns().get(0).user());
        }
    }

    /** The function's {@code parameters} as ADK's chat-completions client writes them into a request. */
    static String parametersOnTheWire(Schema schema) throws Exception {
        LlmRequest request = LlmRequest.builder()
                .model("m")
                .contents(List.of())
                .config(GenerateContentConfig.builder()
                        .tools(Tool.builder().functionDeclarations(
                                FunctionDeclaration.builder().name("f").parameters(schema).build()).build())
                        .build())
                .build();
        String body = JsonBaseModel.getMapper().writeValueAsString(ChatCompletionsRequest.fromLlmRequest(request, false));
        JsonNode parameters = JSON.readTree(body).get("tools").get(0).get("function").get("parameters");
        return parameters.toString();
    }
}
