package dev.agentbench.koog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import dev.agentbench.testkit.WireRecorder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** How Koog runs the context's tools, end to end against the mock. */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class KoogToolsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    static Stream<Map<String, String>> strategies() {
        return Stream.of(Map.of(), Map.of("strategy", "functional"), Map.of("stream", "true"));
    }

    private static TurnResult runTurn(Script script, List<ToolDefinition> tools, Map<String, String> options)
            throws Exception {
        TargetContext context = wire.context(script, "Be brief.", tools, options);
        try (TargetHandle handle = new KoogTarget().open(context)) {
            return handle.runTurn("user-1", "session-1", script.turns().get(0).user());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void aFailedToolCallIsReportedAsAnErrorResultWithKoogsMessageAndTheTurnGoesOn(Map<String, String> options)
            throws Exception {
        Script script = new Script("failing_tool", List.of(new ScriptTurn("Add a word to a number.", List.of(
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":\"two\",\"b\":1}"),
                        new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":1}")),
                Step.text("I could not add those.")))));
        TurnResult result = runTurn(script, BuiltinTools.ALL, options);
        assertThat(result.completed()).isTrue();
        assertThat(result.finalText()).isEqualTo("I could not add those.");
        assertThat(result.toolCalls()).extracting(ToolCall::id)
                .containsExactly(Script.toolCallId(0, 0, 0), Script.toolCallId(0, 0, 1));
        assertThat(result.toolResults()).containsExactly(
                new ToolResult(Script.toolCallId(0, 0, 0), "add_numbers", "Tool with name 'add_numbers' failed to"
                        + " execute due to the error: add_numbers needs an integer [a], got {\"a\":\"two\",\"b\":1}!", true),
                new ToolResult(Script.toolCallId(0, 0, 1), "add_numbers", "{\"sum\":3}", false));
    }

    @Test
    void aCheckedExceptionReachesKoogWithItsMessage() throws Exception {
        ToolDefinition failing = new ToolDefinition("read_file", "Reads a file.",
                "{\"type\":\"object\",\"properties\":{}}", arguments -> {
                    throw new IOException("no such file");
                });
        Script script = new Script("checked_failure", List.of(new ScriptTurn("Read it.", List.of(
                Step.toolCalls(new ScriptedToolCall("read_file", "{}")), Step.text("It is not there.")))));
        TurnResult result = runTurn(script, List.of(failing), Map.of());
        assertThat(result.toolResults()).containsExactly(new ToolResult(Script.toolCallId(0, 0, 0), "read_file",
                "Tool with name 'read_file' failed to execute due to the error: no such file!", true));
    }

    /**
     * Koog answers a call to a tool it does not have with an error result, and its OpenAI client then
     * writes that call and result as text ({@code MissingToolsConversionStrategy.Missing(JSON)}, the
     * default): an assistant message and a user message holding JSON. The mock counts the extra user
     * message as a new turn, for which the script has no reply, so the turn fails.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void aCallToAToolTheAgentDoesNotHaveIsSentBackAsTextAndTheTurnFails(Map<String, String> options)
            throws Exception {
        Script script = new Script("unknown_tool", List.of(new ScriptTurn("Use a tool you lack.", List.of(
                Step.toolCalls(new ScriptedToolCall("no_such_tool", "{}")), Step.text("Carrying on.")))));
        assertThatThrownBy(() -> runTurn(script, BuiltinTools.ALL, options))
                .hasMessageContaining("has no reply for turn [2]");
        JsonNode messages = JSON.readTree(wire.proxy().bodies().get(1)).get("messages");
        assertThat(messages).hasSize(4);
        assertThat(messages.get(2).get("role").asText()).isEqualTo("assistant");
        assertThat(JSON.readTree(messages.get(2).get("content").asText())).isEqualTo(JSON.readTree(
                "{\"tool_call_id\":\"call_0_0_0\",\"tool_name\":\"no_such_tool\",\"tool_args\":{}}"));
        assertThat(messages.get(3).get("role").asText()).isEqualTo("user");
        assertThat(JSON.readTree(messages.get(3).get("content").asText())).isEqualTo(JSON.readTree(
                "{\"tool_call_id\":\"call_0_0_0\",\"tool_name\":\"no_such_tool\",\"tool_result\":"
                        + "\"Tool with name 'no_such_tool' not found in the tool registry. Use one of the available tools.\"}"));
    }

    /** The arguments reach the tool, and the report, as Koog re-encodes them: equal as JSON to the model's. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void theArgumentsAreKoogsReEncodingOfTheModelsText(Map<String, String> options) throws Exception {
        List<String> received = Collections.synchronizedList(new ArrayList<>());
        ToolDefinition echo = new ToolDefinition("echo", "Echoes.",
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\",\"description\":\"a\"}}}", arguments -> {
                    received.add(arguments);
                    return "{\"ok\":true}";
                });
        Script script = new Script("spaced_arguments", List.of(new ScriptTurn("Echo.", List.of(
                Step.toolCalls(new ScriptedToolCall("echo", "{ \"a\" :  7 }")), Step.text("Echoed.")))));
        TurnResult result = runTurn(script, List.of(echo), options);
        assertThat(received).containsExactly("{\"a\":7}");
        assertThat(result.toolCalls()).containsExactly(new ToolCall(Script.toolCallId(0, 0, 0), "echo", "{\"a\":7}"));
    }

    static Stream<Arguments> toolExecution() {
        return Stream.of(
                Arguments.of(Map.of(), 1),
                Arguments.of(Map.of("tool_dispatch", "io"), 1),
                Arguments.of(Map.of("strategy", "functional"), 1),
                Arguments.of(Map.of("parallel_tools", "true"), 1),
                Arguments.of(Map.of("parallel_tools", "true", "strategy_executor", "io"), 1),
                Arguments.of(Map.of("parallel_tools", "true", "tool_dispatch", "io"), 4),
                Arguments.of(Map.of("parallel_tools", "true", "tool_dispatch", "io", "stream", "true"), 4),
                Arguments.of(Map.of("parallel_tools", "true", "tool_dispatch", "io", "strategy_executor", "io"), 4));
    }

    /**
     * Four calls in one reply to a tool that blocks for 200 ms: they overlap only with Koog's parallel
     * execution and each body on {@code Dispatchers.IO}. Koog's parallel execution starts one
     * coroutine per call on the dispatcher it runs on, and the Java API runs it in {@code
     * runBlocking}'s own loop on the strategy's thread: a body that blocks there holds the others back.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("toolExecution")
    void toolCallsOfOneReplyOverlapOnlyInParallelOnTheIoDispatcher(Map<String, String> options, int overlapping)
            throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ToolDefinition block = new ToolDefinition("block", "Blocks for 200 ms.",
                "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"description\":\"n\"}}}", arguments -> {
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    try {
                        Thread.sleep(200);
                    } finally {
                        running.decrementAndGet();
                    }
                    return "{\"done\":true}";
                });
        List<ScriptedToolCall> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(new ScriptedToolCall("block", "{\"n\":" + i + "}"));
        }
        Script script = new Script("four_blocking_calls", List.of(new ScriptTurn("Block four times.", List.of(
                Step.toolCalls(calls.toArray(ScriptedToolCall[]::new)), Step.text("Done.")))));
        TurnResult result = runTurn(script, List.of(block), options);
        assertThat(result.completed()).isTrue();
        assertThat(result.toolResults()).hasSize(4).allSatisfy(toolResult -> assertThat(toolResult.error()).isFalse());
        assertThat(most.get()).isEqualTo(overlapping);
    }

    @Test
    void deletingEverySessionLeavesTheAgentHoldingNoConversation() throws Exception {
        Script script = Script.singleText("delete", "Hi", "Hello.");
        TargetContext context = wire.context(script, "Be brief.", List.of(), Map.of());
        try (TargetHandle handle = new KoogTarget().open(context)) {
            SessionHistories histories = ((KoogHandle) handle).histories();
            for (int i = 0; i < 3; i++) {
                handle.runTurn("user", "session-" + i, "Hi");
            }
            assertThat(histories.size()).isEqualTo(3);
            assertThat(histories.history("session-0")).hasSize(3); // system, user, assistant
            for (int i = 0; i < 3; i++) {
                handle.deleteSession("user", "session-" + i);
            }
            assertThat(histories.size()).isZero();
        }
    }
}
