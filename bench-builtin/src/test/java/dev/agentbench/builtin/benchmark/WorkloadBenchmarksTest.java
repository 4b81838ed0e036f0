package dev.agentbench.builtin.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.CheckFailedException;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.target.NoopTarget;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WorkloadBenchmarksTest {

    private static List<String> names(List<Parameter> parameters) {
        return parameters.stream().map(Parameter::name).toList();
    }

    private static Step last(ScriptTurn turn) {
        return turn.steps().get(turn.steps().size() - 1);
    }

    @Test
    void theParametersAreTheFixedOnesWithTheirDefaults() {
        assertThat(new HistoryBenchmark().parameters()).containsExactly(
                Parameter.ints("history", HistoryBenchmark.HISTORY.description(), 1, 16, 64, 256));
        assertThat(new ToolsetBenchmark().parameters()).extracting(Parameter::defaults)
                .containsExactly(List.of("1", "8", "32", "128"));
        assertThat(names(new ReplyBenchmark().parameters())).containsExactly("tokens", "stream");
        assertThat(new ReplyBenchmark().parameters()).extracting(Parameter::defaults)
                .containsExactly(List.of("16", "256", "2048"), List.of("false", "true"));
        Benchmark step = new AgentStepBenchmark();
        assertThat(names(step.parameters())).containsExactly("system", "tools", "history", "result", "calls", "tokens");
        assertThat(step.parameters()).extracting(Parameter::defaults).containsExactly(List.of("8192"), List.of("25"),
                List.of("50"), List.of("2048"), List.of("2"), List.of("500"));
        assertThat(step.parameters()).noneMatch(Parameter::swept);
    }

    @Test
    void historyHoldsHEarlierTurnsBeforeItsTimedOneAndEachRequestIsChecked() {
        HistoryBenchmark history = (HistoryBenchmark) new HistoryBenchmark().with(Map.of("history", "16"));
        Script script = history.script();
        assertThat(script.turns()).hasSize(17);
        assertThat(history.preparedTurns()).isEqualTo(16);
        assertThat(script.turns()).allSatisfy(turn -> {
            assertThat(turn.steps()).hasSize(2);
            assertThat(turn.steps().get(0).toolCalls()).hasSize(1);
            assertThat(turn.expect()).isNotNull();
        });
        assertThat(script.turns().stream().map(ScriptTurn::user).distinct()).hasSize(17);
        // system, then 16 turns of user, tool call, tool result and reply, then the timed turn's user message
        assertThat(script.turns().get(16).expect().messages()).containsExactly(66, 68);
        assertThat(script.turns().get(16).expect().tools()).hasSize(4);
        assertThat(script.turns().get(16).expect().contentBytes().get(0))
                .isGreaterThan(16 * (200 + 256 + 1024) + 2048);
        assertThat(history.instructions()).hasSize(2048);
        assertThat(history.script()).as("the same script every time")
                .isEqualTo(new HistoryBenchmark().with(Map.of("history", "16")).script());
        assertThat(new HistoryBenchmark().script().turns()).as("the first default").hasSize(2);
    }

    @Test
    void toolsetRegistersTToolsAndCallsTheLastOfThem() {
        Benchmark toolset = new ToolsetBenchmark().with(Map.of("tools", "32"));
        assertThat(toolset.tools()).hasSize(32);
        ScriptTurn turn = toolset.script().turns().get(0);
        assertThat(toolset.script().turns()).hasSize(1);
        assertThat(turn.steps().get(0).toolCalls()).singleElement()
                .satisfies(call -> assertThat(call.name()).isEqualTo(toolset.tools().get(31).name()));
        assertThat(turn.expect().tools()).hasSize(32);
        assertThat(new ToolsetBenchmark().tools()).hasSize(1);
    }

    @Test
    void onlyABenchmarkWithEarlierTurnsSaysItPreparesItsSessions() {
        assertThat(new HistoryBenchmark().preparesSessions()).isTrue();
        assertThat(new AgentStepBenchmark().preparesSessions()).isTrue();
        assertThat(new AgentStepBenchmark().with(Map.of("history", "0")).preparesSessions())
                .as("agent_step with no earlier turns").isFalse();
        assertThat(new ToolsetBenchmark().with(Map.of("tools", "32")).preparesSessions()).isFalse();
        assertThat(new ToolsetBenchmark().preparedTurns()).isZero();
        assertThat(new ReplyBenchmark().with(Map.of("tokens", "256", "stream", "true")).preparesSessions()).isFalse();
    }

    @Test
    void replyIsRWordsInRChunksAndItsStreamParameterIsWhatTheHarnessSets() {
        Benchmark streamed = new ReplyBenchmark().with(Map.of("tokens", "256", "stream", "true"));
        Step reply = last(streamed.script().turns().get(0));
        assertThat(reply.text().split(" ")).hasSize(256);
        assertThat(reply.chunks()).isEqualTo(256);
        assertThat(streamed.streamed()).isEqualTo(Optional.of(true));
        assertThat(streamed.tools()).isEmpty();
        Benchmark whole = new ReplyBenchmark().with(Map.of("tokens", "256", "stream", "false"));
        assertThat(whole.streamed()).isEqualTo(Optional.of(false));
        assertThat(last(whole.script().turns().get(0)).text()).isEqualTo(reply.text());
        assertThat(new ReplyBenchmark().streamed()).isEqualTo(Optional.of(false));
        assertThat(streamed.script().name()).isNotEqualTo(whole.script().name());
    }

    @Test
    void agentStepIsOneRealisticStepAfterFiftyTurns() throws Exception {
        AgentStepBenchmark step = new AgentStepBenchmark();
        assertThat(step.instructions()).hasSize(8192);
        assertThat(step.tools()).hasSize(25);
        assertThat(step.script().turns()).hasSize(51);
        assertThat(step.preparedTurns()).isEqualTo(50);
        ScriptTurn timed = step.script().turns().get(50);
        assertThat(timed.steps().get(0).toolCalls()).hasSize(2);
        assertThat(last(timed).text().split(" ")).hasSize(500);
        String arguments = step.script().turns().get(3).steps().get(0).toolCalls().get(0).arguments();
        String name = step.script().turns().get(3).steps().get(0).toolCalls().get(0).name();
        String result = step.tools().stream().filter(tool -> tool.name().equals(name)).findFirst().orElseThrow()
                .function().call(arguments);
        assertThat(result).hasSize(2048);

        AgentStepBenchmark small = (AgentStepBenchmark) step.with(Map.of("system", "1024", "tools", "3",
                "history", "0", "calls", "0", "tokens", "10"));
        assertThat(small.script().turns()).singleElement().satisfies(turn -> assertThat(turn.steps()).hasSize(1));
        assertThat(small.tools()).hasSize(3);
        assertThat(small.instructions()).hasSize(1024);
    }

    @Test
    void badValuesAreRefusedWithOneLineNamingTheParameterAndTheValue() {
        assertThatThrownBy(() -> new HistoryBenchmark().with(Map.of("history", "0")))
                .hasMessage("Parameter [history] must be a whole number from 1 to 1024, was [0]");
        assertThatThrownBy(() -> new HistoryBenchmark().with(Map.of("history", "many")))
                .hasMessage("Parameter [history] must be a whole number from 1 to 1024, was [many]");
        assertThatThrownBy(() -> new ToolsetBenchmark().with(Map.of("tool", "8")))
                .hasMessage("Benchmark [toolset] has no parameter [tool]; did you mean [tools]? its parameters: [tools]");
        assertThatThrownBy(() -> new ReplyBenchmark().with(Map.of("tokens", "16", "stream", "yes")))
                .hasMessage("Parameter [stream] must be true or false, was [yes]");
        assertThatThrownBy(() -> new AgentStepBenchmark().with(Map.of("calls", "17")))
                .hasMessage("Parameter [calls] must be a whole number from 0 to 16, was [17]");
    }

    @Test
    void theCalibrationTargetPlaysEveryTurnWithItsToolCallsAfterAnUntimedPreparation() throws Exception {
        List<Benchmark> benchmarks = List.of(
                new HistoryBenchmark().with(Map.of("history", "64")),
                new ToolsetBenchmark().with(Map.of("tools", "128")),
                new ReplyBenchmark().with(Map.of("tokens", "2048", "stream", "true")),
                new AgentStepBenchmark());
        for (Benchmark benchmark : benchmarks) {
            TargetContext context = new TargetContext(URI.create("http://unused.invalid/v1"), "k", "m",
                    benchmark.instructions(), benchmark.tools(), benchmark.script(), Map.of());
            try (TargetHandle handle = new NoopTarget().open(context)) {
                Counting counting = new Counting(handle);
                benchmark.prepareSession(counting, "user", "session-1");
                int prepared = counting.turns.size();
                benchmark.runSession(counting, "user", "session-1");
                assertThat(counting.turns).as(benchmark.name()).hasSize(benchmark.script().turns().size());
                assertThat(counting.turns.size() - prepared).as(benchmark.name() + ": the timed turns").isEqualTo(1);
                long calls = counting.turns.stream().mapToLong(turn -> turn.toolCalls().size()).sum();
                long scripted = benchmark.script().turns().stream().flatMap(turn -> turn.steps().stream())
                        .mapToLong(step -> step.toolCalls().size()).sum();
                assertThat(calls).as(benchmark.name() + ": tool calls made").isEqualTo(scripted);
            }
        }
    }

    @Test
    void aSessionThatSkipsThePreparationFailsItsChecks() throws Exception {
        Benchmark history = new HistoryBenchmark().with(Map.of("history", "4"));
        TargetContext context = new TargetContext(URI.create("http://unused.invalid/v1"), "k", "m",
                history.instructions(), history.tools(), history.script(), Map.of());
        try (TargetHandle handle = new NoopTarget().open(context)) {
            assertThatThrownBy(() -> history.runSession(handle, "user", "session-1"))
                    .isInstanceOf(CheckFailedException.class).hasMessageStartingWith("turn 5");
        }
    }

    /** Passes turns through and keeps what they returned. */
    private static final class Counting implements TargetHandle {
        private final TargetHandle delegate;
        private final List<TurnResult> turns = new ArrayList<>();

        Counting(TargetHandle delegate) {
            this.delegate = delegate;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            TurnResult result = delegate.runTurn(userId, sessionId, message);
            turns.add(result);
            return result;
        }

        @Override
        public void deleteSession(String userId, String sessionId) throws Exception {
            delegate.deleteSession(userId, sessionId);
        }

        @Override
        public void close() {}
    }
}
