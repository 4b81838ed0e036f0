package dev.agentbench.core.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.MockServeTime;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.mockclient.MockAdmin.MockLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mock's own time per request, as the parent records it for a fork and for the run. */
class MockServeTest {

    /** A tools-like script: a tool call, then text: two model replies a session. */
    private static final Script TOOLS = new Script("tools", List.of(new ScriptTurn("Weather?", List.of(
            Step.toolCalls(new ScriptedToolCall("get_weather", "{}")), Step.text("Sunny.")))));

    private static CellResult fork(String target, int concurrency) {
        PlannedCell cell = new PlannedCell(target, "tools", concurrency);
        TimeStats time = new TimeStats(TimeStats.NANOS, 100, 300_000, 320_000, 330_000, 300_000, 1, 290_000, 330_000);
        Fork fork = new Fork(1, time, List.of(300_000L), null, true, 1.0, null, null, null, null, null, List.of(),
                List.of());
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                time, 100, true, 1.0, List.of(), null, null, null, null, List.of(), List.of(fork), null, List.of());
    }

    private static MockLoad served(long served, long medianNanos, long p99Nanos) {
        return new MockLoad(served, 0, 1, 0, 0, 0, 0, 0, served, medianNanos, p99Nanos, served * medianNanos);
    }

    @Test
    void aForkGetsTheMocksMedianAndP99InMicrosAndTheRequestsOfOneIteration() {
        CellResult with = MockServe.withFigures(fork("raw", 8), served(4_000, 10_300, 24_000), TOOLS, 0);

        assertThat(with.figureValues()).containsEntry("mockMicrosPerRequest", 10.3)
                .containsEntry("mockP99MicrosPerRequest", 24.0)
                .containsEntry("mockRequestsPerIteration", 16.0);
        assertThat(with.forks()).singleElement().satisfies(one -> assertThat(one.figures()).isEqualTo(with.figures()));
        assertThat(with.figure("mockMicrosPerRequest").section()).isEqualTo(MockServe.SECTION);
    }

    /**
     * A session prepared with earlier turns (history, agent_step) makes their requests too, untimed: the
     * iteration's requests are only the timed turn's. agent_step's 50 earlier turns and timed one once
     * read 102 requests an iteration, and the floor's split gave the mock more time than the floor took.
     */
    @Test
    void theRequestsOfAnIterationAreOnlyThoseOfTheTurnsAfterThePreparedOnes() {
        ScriptTurn turn = TOOLS.turns().get(0);
        ScriptTurn text = new ScriptTurn("Thanks", List.of(Step.text("You're welcome.")));
        Script history = new Script("history", List.of(turn, turn, turn, text));

        assertThat(MockServe.withFigures(fork("raw", 1), served(400, 10_000, 20_000), history, 3).figureValues())
                .containsEntry("mockRequestsPerIteration", 1.0);
        assertThat(MockServe.withFigures(fork("raw", 4), served(400, 10_000, 20_000), history, 2).figureValues())
                .as("the last tool turn and the text turn, 4 sessions at once")
                .containsEntry("mockRequestsPerIteration", 12.0);
        assertThat(MockServe.withFigures(fork("raw", 1), served(400, 10_000, 20_000), history, 0).figureValues())
                .containsEntry("mockRequestsPerIteration", 7.0);
    }

    @Test
    void aTargetTheMockServedNothingGetsNoMockFigures() {
        CellResult noop = fork("noop", 1);

        assertThat(MockServe.withFigures(noop, served(0, 0, 0), TOOLS, 0)).isSameAs(noop);
    }

    @Test
    void theRunsFigureIsTheMedianOfTheForksAndTheWorstP99() {
        CellResult a = MockServe.withFigures(fork("raw", 1), served(100, 10_000, 20_000), TOOLS, 0);
        CellResult b = MockServe.withFigures(fork("llmagent", 1), served(100, 12_000, 60_000), TOOLS, 0);
        CellResult c = MockServe.withFigures(fork("langchain4j", 1), served(100, 11_000, 30_000), TOOLS, 0);

        MockServeTime run = MockServe.ofRun(List.of(a, b, c, fork("noop", 1)));

        assertThat(run.forks()).isEqualTo(3);
        assertThat(run.medianMicros()).isCloseTo(11.0, within(1e-9));
        assertThat(run.p99Micros()).isCloseTo(60.0, within(1e-9));
        assertThat(MockServe.ofRun(List.of(fork("noop", 1)))).isNull();
    }
}
