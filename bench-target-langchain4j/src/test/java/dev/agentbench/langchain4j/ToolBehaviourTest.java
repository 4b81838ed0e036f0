package dev.agentbench.langchain4j;

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
import dev.agentbench.langchain4jtools.NeutralTools;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutor;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** How the target's tools behave in LangChain4j: results, failures, unknown tools, against the real mock. */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class ToolBehaviourTest {

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
    void theExecutorGivesTheToolTheModelsArgumentTextAndReturnsItsJson() {
        ToolExecutor executor = NeutralTools.executor(BuiltinTools.ADD_NUMBERS.function());
        ToolExecutionRequest request = ToolExecutionRequest.builder().id("call_1").name("add_numbers")
                .arguments("{\"a\":2,\"b\":40}").build();
        assertThat(executor.execute(request, "session-1")).isEqualTo("{\"sum\":42}");
    }

    @Test
    void aCheckedExceptionIsCarriedWithItsMessage() {
        ToolExecutor executor = NeutralTools.executor(arguments -> {
            throw new java.io.IOException("disk full");
        });
        ToolExecutionRequest request = ToolExecutionRequest.builder().id("c").name("t").arguments("{}").build();
        assertThatThrownBy(() -> executor.execute(request, "s"))
                .isInstanceOf(NeutralTools.ToolFailedException.class)
                .hasMessage("disk full")
                .hasCauseInstanceOf(java.io.IOException.class);
    }

    @Test
    void aRootSchemaLangChain4jCannotHoldFailsTheAgentsConstruction() {
        ToolDefinition bounded = new ToolDefinition("bounded", "Takes a small number.",
                "{\"type\":\"object\",\"minProperties\":1,\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":9}}}", arguments -> "{}");
        Script script = Script.singleText("bounded", "hi", "hello");
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(script.name())), "agentbench",
                "agentbench-mock", "Be brief.", List.of(bounded), script, Map.of());
        assertThatThrownBy(() -> new LangChain4jTarget().open(context))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tool [bounded]: the JSON schema at [/minProperties] cannot be given to LangChain4j:"
                        + " LangChain4j's JSON schema elements have no [minProperties]");
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aToolThatThrowsBecomesAnErrorResultAndTheTurnGoesOn(boolean stream) throws Exception {
        Script script = new Script("failing_tool_" + stream, List.of(new ScriptTurn("Add a word to a number.", List.of(
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":\"two\",\"b\":1}")),
                Step.text("I could not add those.")))));
        TurnResult result = runTurn(script, BuiltinTools.ALL, Map.of("stream", String.valueOf(stream)));
        assertThat(result.completed()).isTrue();
        assertThat(result.finalText()).isEqualTo("I could not add those.");
        assertThat(result.toolCalls()).containsExactly(
                new ToolCall(Script.toolCallId(0, 0, 0), "add_numbers", "{\"a\":\"two\",\"b\":1}"));
        assertThat(result.toolResults()).hasSize(1);
        ToolResult failed = result.toolResults().get(0);
        assertThat(failed.callId()).isEqualTo(Script.toolCallId(0, 0, 0));
        assertThat(failed.error()).isTrue();
        // LangChain4j's default error handler sends the exception's message as the result text.
        assertThat(failed.content()).startsWith("add_numbers needs an integer [a]");
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aCallToAToolTheAgentDoesNotHaveFailsTheTurn(boolean stream) throws Exception {
        Script script = new Script("unknown_tool_" + stream, List.of(new ScriptTurn("Use a tool you lack.", List.of(
                Step.toolCalls(new ScriptedToolCall("no_such_tool", "{}")),
                Step.text("Carrying on.")))));
        assertThatThrownBy(() -> runTurn(script, BuiltinTools.ALL, Map.of("stream", String.valueOf(stream))))
                .hasMessageContaining("no_such_tool");
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void concurrentToolExecutionRunsTheCallsOfOneReplyAtOnce(boolean stream) throws Exception {
        // Each call waits for all four to have started: only calls that run at once can all return.
        CountDownLatch started = new CountDownLatch(4);
        ToolDefinition meet = new ToolDefinition("meet", "Waits for the others.", "{\"type\":\"object\",\"properties\":{}}",
                arguments -> {
                    started.countDown();
                    if (!started.await(20, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the other calls did not start");
                    }
                    return "{\"met\":true}";
                });
        TurnResult result = runTurn(fourCalls("meet", "meet_" + stream), List.of(meet),
                Map.of("stream", String.valueOf(stream), "tool_execution", "concurrent"));
        assertThat(result.toolResults()).hasSize(4).noneMatch(ToolResult::error);
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void byDefaultTheCallsOfOneReplyRunOneAfterAnother(boolean stream) throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ToolDefinition count = new ToolDefinition("count", "Counts calls in flight.", "{\"type\":\"object\",\"properties\":{}}",
                arguments -> {
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    Thread.sleep(20);
                    running.decrementAndGet();
                    return "{}";
                });
        TurnResult result = runTurn(fourCalls("count", "count_" + stream), List.of(count),
                Map.of("stream", String.valueOf(stream)));
        assertThat(result.toolResults()).hasSize(4).noneMatch(ToolResult::error);
        assertThat(most.get()).isEqualTo(1);
    }

    private static Script fourCalls(String tool, String name) {
        ScriptedToolCall call = new ScriptedToolCall(tool, "{}");
        return new Script(name, List.of(new ScriptTurn("Call " + tool + " four times at once.", List.of(
                Step.toolCalls(call, call, call, call), Step.text("Done.")))));
    }

    private static TurnResult runTurn(Script script, List<ToolDefinition> tools, Map<String, String> options)
            throws Exception {
        mock.register(script);
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(script.name())), "agentbench",
                "agentbench-mock", "Be brief.", tools, script, options);
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try (TargetHandle handle = new LangChain4jTarget().open(context)) {
            Future<TurnResult> turn = caller.submit(() -> handle.runTurn("user-1", "session-1", script.turns().get(0).user()));
            try {
                return turn.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw (Exception) e.getCause();
            }
        } finally {
            caller.shutdownNow();
        }
    }
}
