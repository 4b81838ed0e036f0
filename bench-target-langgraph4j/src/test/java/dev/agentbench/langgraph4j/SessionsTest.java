package dev.agentbench.langgraph4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.benchmark.Loop10Benchmark;
import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sessions as threads of the checkpoint saver, against the real mock: what the workarounds for
 * LangGraph4j issues #288 and #477 keep right, the recursion limit, and deletion.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class SessionsTest {

    private static MockAgents mock;

    @BeforeAll
    static void start() {
        mock = new MockAgents();
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    /** Issue #288: the executor's own messages channel would keep the second "Again?" out of the history. */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aMessageSaidTwiceInASessionIsHeardTwice(boolean stream) throws Exception {
        Script script = new Script("same_words_" + stream, List.of(
                new ScriptTurn("Again?", List.of(Step.text("First answer."))),
                new ScriptTurn("Again?", List.of(Step.text("Second answer.")))));
        try (LangGraph4jHandle handle = mock.open(script, List.of(), MockAgents.stream(stream))) {
            assertThat(handle.runTurn("u", "s", "Again?").finalText()).isEqualTo("First answer.");
            TurnResult second = handle.runTurn("u", "s", "Again?");
            assertThat(second.completed()).isTrue();
            assertThat(second.finalText()).isEqualTo("Second answer.");
        }
    }

    /** Issue #477: the first turn's final answer, left in the checkpoint, would end the second turn after its tool. */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aToolCallInALaterTurnIsAnsweredByTheModel(boolean stream) throws Exception {
        Script script = new Script("tool_later_" + stream, List.of(
                new ScriptTurn("Hello.", List.of(Step.text("Hello to you."))),
                new ScriptTurn("Add 2 and 40.", List.of(
                        Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":40}")),
                        Step.text("The sum is 42.")))));
        try (LangGraph4jHandle handle = mock.open(script, BuiltinTools.ALL, MockAgents.stream(stream))) {
            handle.runTurn("u", "s", "Hello.");
            TurnResult second = handle.runTurn("u", "s", "Add 2 and 40.");
            assertThat(second.completed()).isTrue();
            assertThat(second.finalText()).isEqualTo("The sum is 42.");
            assertThat(second.toolCalls()).containsExactly(
                    new ToolCall(Script.toolCallId(1, 0, 0), "add_numbers", "{\"a\":2,\"b\":40}"));
            assertThat(second.toolResults()).singleElement().satisfies(result -> {
                assertThat(result.callId()).isEqualTo(Script.toolCallId(1, 0, 0));
                assertThat(result.content()).isEqualTo("{\"sum\":42}");
                assertThat(result.error()).isFalse();
            });
            // Three checkpoints for the first turn, five for the second: START, then agent and action twice.
            assertThat(handle.checkpointsHeld("u", "s")).isEqualTo(8);
        }
    }

    @Test
    void aToolLoopLongerThanTheRecursionLimitFailsTheTurnWithLangGraph4jsMessage() throws Exception {
        Script script = new Script("long_loop", List.of(new ScriptTurn("Add thrice.", List.of(
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":1,\"b\":1}")),
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":2}")),
                Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":3,\"b\":3}")),
                Step.text("Done.")))));
        // START, agent and action four times (the last action routes to the end), END, then the step
        // that finds the end: 11 of the graph's iterations for three tool calls.
        try (LangGraph4jHandle handle = mock.open(script, BuiltinTools.ALL, Map.of("recursion_limit", "10"))) {
            assertThatThrownBy(() -> handle.runTurn("u", "s", "Add thrice."))
                    .hasMessageContaining("Maximum number of iterations (10) reached");
        }
        try (LangGraph4jHandle handle = mock.open(script, BuiltinTools.ALL, Map.of("recursion_limit", "11"))) {
            assertThat(handle.runTurn("u", "s", "Add thrice.").finalText()).isEqualTo("Done.");
        }
    }

    /** Streaming, each model call costs the graph one iteration more: LangGraph4j's default of 25 fails loop10. */
    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void langGraph4jsDefaultRecursionLimitIsTooLowForLoop10WhenStreaming(boolean stream) throws Exception {
        Script script = new Loop10Benchmark().script();
        String user = script.turns().get(0).user();
        try (LangGraph4jHandle handle = mock.open(script, BuiltinTools.ALL,
                Map.of("stream", String.valueOf(stream), "recursion_limit", "25"))) {
            if (stream) {
                assertThatThrownBy(() -> handle.runTurn("u", "s", user))
                        .hasMessageContaining("Maximum number of iterations (25) reached");
            } else {
                assertThat(handle.runTurn("u", "s", user).completed()).isTrue();
            }
        }
    }

    @Test
    void deletingASessionReleasesItsThreadFromTheCheckpointSaver() throws Exception {
        Script script = new Script("two_turns", List.of(
                new ScriptTurn("One.", List.of(Step.text("First."))),
                new ScriptTurn("Two.", List.of(Step.text("Second.")))));
        try (LangGraph4jHandle handle = mock.open(script, List.of(), Map.of())) {
            handle.runTurn("u", "a", "One.");
            // Every step keeps a checkpoint: START, agent, action.
            assertThat(handle.checkpointsHeld("u", "a")).isEqualTo(3);
            handle.runTurn("u", "a", "Two.");
            assertThat(handle.checkpointsHeld("u", "a")).isEqualTo(6);
            handle.runTurn("u", "b", "One.");
            assertThat(handle.sessionsHeld()).isEqualTo(2);
            handle.deleteSession("u", "a");
            assertThat(handle.sessionsHeld()).isEqualTo(1);
            // The other session goes on where it was.
            assertThat(handle.runTurn("u", "b", "Two.").finalText()).isEqualTo("Second.");
            handle.deleteSession("u", "b");
            assertThat(handle.sessionsHeld()).isZero();
        }
    }
}
