package dev.agentbench.langgraph4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** How the target's tools behave in LangGraph4j's agent executor, against the real mock. */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class ToolBehaviourTest {

    private static MockAgents mock;

    @BeforeAll
    static void start() {
        mock = new MockAgents();
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    /**
     * The calls of one reply run one after another, and on the thread that runs the turn, streaming
     * too: LC4jToolService.execute loops over them, and the graph's steps run where its output is read.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void theCallsOfOneReplyRunOneAfterAnotherOnTheTurnsThread(boolean stream) throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        ToolDefinition count = new ToolDefinition("count", "Counts calls in flight.", "{\"type\":\"object\",\"properties\":{}}",
                arguments -> {
                    threads.add(Thread.currentThread());
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    Thread.sleep(20);
                    running.decrementAndGet();
                    return "{}";
                });
        ScriptedToolCall call = new ScriptedToolCall("count", "{}");
        Script script = new Script("four_calls_" + stream, List.of(new ScriptTurn("Count four times at once.", List.of(
                Step.toolCalls(call, call, call, call), Step.text("Done.")))));
        try (LangGraph4jHandle handle = mock.open(script, List.of(count), MockAgents.stream(stream))) {
            TurnResult result = handle.runTurn("u", "s", "Count four times at once.");
            assertThat(result.completed()).isTrue();
            assertThat(result.toolResults()).extracting(ToolResult::callId).containsExactly(
                    Script.toolCallId(0, 0, 0), Script.toolCallId(0, 0, 1), Script.toolCallId(0, 0, 2), Script.toolCallId(0, 0, 3));
        }
        assertThat(most.get()).isEqualTo(1);
        assertThat(threads).containsExactly(Thread.currentThread());
    }

    @Test
    void aRootSchemaLangChain4jCannotHoldFailsTheAgentsConstruction() {
        ToolDefinition bounded = new ToolDefinition("bounded", "Takes a small number.",
                "{\"type\":\"object\",\"minProperties\":1,\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":9}}}", arguments -> "{}");
        assertThatThrownBy(() -> mock.open(Script.singleText("bounded", "hi", "hello"), List.of(bounded), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tool [bounded]: the JSON schema at [/minProperties] cannot be given to LangChain4j:"
                        + " LangChain4j's JSON schema elements have no [minProperties]");
    }

    /** LangGraph4j has no tool error handler: the exception fails the graph's run, and no result goes back. */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aToolThatThrowsFailsTheTurn(boolean stream) throws Exception {
        Script script = new Script("failing_tool_" + stream, List.of(new ScriptTurn("Add a word to a number.", List.of(
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":\"two\",\"b\":1}")),
                Step.text("I could not add those.")))));
        try (LangGraph4jHandle handle = mock.open(script, BuiltinTools.ALL, MockAgents.stream(stream))) {
            assertThatThrownBy(() -> handle.runTurn("u", "s", "Add a word to a number."))
                    .hasMessageContaining("add_numbers needs an integer [a]");
        }
    }

    /**
     * A call to a tool the agent lacks gets no result (LC4jToolService logs a warning and skips it),
     * and the model is asked again with the call unanswered; the turn reports just that, which the
     * harness's checks then fail.
     */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aCallToAToolTheAgentDoesNotHaveIsLeftWithoutAResult(boolean stream) throws Exception {
        Script script = new Script("unknown_tool_" + stream, List.of(new ScriptTurn("Use a tool you lack.", List.of(
                Step.toolCalls(new ScriptedToolCall("no_such_tool", "{}")),
                Step.text("Carrying on.")))));
        try (LangGraph4jHandle handle = mock.open(script, BuiltinTools.ALL, MockAgents.stream(stream))) {
            TurnResult result = handle.runTurn("u", "s", "Use a tool you lack.");
            assertThat(result.toolCalls()).containsExactly(new ToolCall(Script.toolCallId(0, 0, 0), "no_such_tool", "{}"));
            assertThat(result.toolResults()).isEmpty();
            assertThat(result.finalText()).isEqualTo("Carrying on.");
        }
    }
}
