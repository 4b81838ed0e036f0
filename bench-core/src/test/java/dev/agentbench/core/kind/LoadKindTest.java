package dev.agentbench.core.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.mockclient.MockAdmin.MockLoad;
import dev.agentbench.core.measure.PassSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A LOAD cell's script as registered, and its figures from the child's measurement and the mock's counters. */
class LoadKindTest {

    private static final PlannedCell CELL = new PlannedCell("raw", "load", 64);
    private static final PassSettings SETTINGS = PassSettings.builder().modelLatency(Duration.ofMillis(200)).build();

    @Test
    void everyStepIsHeldForTheLatencyAndAStepsOwnFaultIsKept() {
        Script script = new Script("load", List.of(new ScriptTurn("Warm?", List.of(
                Step.toolCalls(new ScriptedToolCall("get_weather", "{}")),
                new Step("Yes.", List.of(), new Fault(0, null, 0, 5, 0, false, true, false))))));

        Script held = LoadKind.held(script, Duration.ofMillis(200), Duration.ofMillis(3));

        List<Step> steps = held.turns().get(0).steps();
        assertThat(steps.get(0).toolCalls()).isEqualTo(script.turns().get(0).steps().get(0).toolCalls());
        assertThat(steps.get(0).fault()).isEqualTo(new Fault(0, null, 0, 200, 3, false, false, false));
        assertThat(steps.get(1).text()).isEqualTo("Yes.");
        assertThat(steps.get(1).fault()).as("its own delay and malformed chunk, plus the model's")
                .isEqualTo(new Fault(0, null, 0, 205, 3, false, true, false));
        assertThat(LoadKind.held(script, Duration.ZERO, Duration.ZERO)).isSameAs(script);
    }

    @Test
    void figuresAreTheChildsTurnsLessTheModelsTimeAsTheMockHeldIt() {
        // 64 sessions, two calls of 200 ms per turn: the ideal is 160 turns/s
        CellResult fork = forkResult(144.0, 430.0, 520.0);
        MockLoad mock = new MockLoad(2_000, 0, 64, 2_000, 2_000 * 200_000_000L, 2_100, 900, 2_000 * 500L, 0, 0, 0, 0);

        CellResult withLoad = LoadKind.withFigures(fork, mock, SETTINGS, 2.0);

        java.util.Map<String, Double> load = withLoad.figureValues();
        assertThat(load.get("modelLatencyMillis")).isEqualTo(200.0);
        assertThat(load.get("modelMillisPerTurn")).isCloseTo(400.0, within(1e-9));
        assertThat(load.get("turnsPerSecond")).isEqualTo(144.0);
        assertThat(load.get("idealTurnsPerSecond")).isCloseTo(160.0, within(1e-9));
        assertThat(load.get("efficiency")).isCloseTo(0.9, within(1e-9));
        assertThat(load.get("maxInFlight")).isEqualTo(64);
        assertThat(load.get("p50Millis")).isCloseTo(30.0, within(1e-9));
        assertThat(load.get("p99Millis")).isCloseTo(120.0, within(1e-9));
        assertThat(load.get("mockLateP99Millis")).isEqualTo(0.9);
        assertThat(withLoad.figures().get(0).section()).isEqualTo(LoadKind.SECTION);
        assertThat(withLoad.forks()).singleElement().satisfies(one -> assertThat(one.figures())
                .isEqualTo(withLoad.figures()));
        assertThat(withLoad.warnings()).isEmpty();
    }

    @Test
    void aMockThatHeldLateSaysSoOnTheCell() {
        // 3 ms late on average on 200 ms holds: 1.5%, above the 1% the figures can bear
        MockLoad late = new MockLoad(2_000, 0, 64, 2_000, 2_000 * 200_000_000L, 48_000, 12_500, 2_000 * 3_000L, 0, 0, 0, 0);

        CellResult withLoad = LoadKind.withFigures(forkResult(144.0, 430.0, 520.0), late, SETTINGS, 2.0);

        assertThat(withLoad.warnings()).singleElement().asString()
                .isEqualTo("the mock held replies 3.0 ms longer than asked on average (1.5% of the hold; 99th"
                        + " percentile 12.5 ms, at most 48.0 ms): efficiency reads up to that much low because of the"
                        + " mock, not the target");
        MockLoad rareHiccup = new MockLoad(2_000, 0, 64, 2_000, 2_000 * 200_000_000L, 48_000, 12_500, 2_000 * 900L, 0, 0, 0, 0);
        assertThat(LoadKind.withFigures(forkResult(144.0, 430.0, 520.0), rareHiccup, SETTINGS, 2.0).warnings())
                .as("a late tail that costs the figures under 1% is no warning").isEmpty();
    }

    @Test
    void withoutLatencyThereIsNoIdeal() {
        MockLoad none = new MockLoad(2_000, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        java.util.Map<String, Double> load = LoadKind.withFigures(forkResult(3_000.0, 20.0, 30.0), none, SETTINGS, 2.0)
                .figureValues();

        assertThat(load.get("modelMillisPerTurn")).isZero();
        assertThat(load).doesNotContainKeys("idealTurnsPerSecond", "efficiency");
        assertThat(load.get("p50Millis")).isEqualTo(20.0);
    }

    @Test
    void forksMergeByTheirMediansAndTheMostInFlightAndTheIdealIsDerivedAgain() {
        List<Fork> forks = List.of(fork(1, 140.0, 60), fork(2, 150.0, 64), fork(3, 120.0, 50));

        List<Figure> merged = LoadKind.INSTANCE.merge(CELL, forks);

        assertThat(Figure.find(merged, "turnsPerSecond").value()).isEqualTo(140.0);
        assertThat(Figure.find(merged, "turnsPerSecond").low()).isEqualTo(120.0);
        assertThat(Figure.find(merged, "turnsPerSecond").high()).isEqualTo(150.0);
        assertThat(Figure.find(merged, "idealTurnsPerSecond").value()).isCloseTo(160.0, within(1e-9));
        assertThat(Figure.find(merged, "efficiency").value()).isCloseTo(0.875, within(1e-9));
        assertThat(Figure.find(merged, "maxInFlight").value()).isEqualTo(64);
        assertThat(merged).extracting(Figure::name).as("in the order the kind declares them")
                .containsExactlyElementsOf(LoadKind.INSTANCE.figures().stream().map(Figure.Definition::name).toList());
    }

    private static CellResult forkResult(double turnsPerSecond, double medianMillis, double p99Millis) {
        TimeStats latency = new TimeStats(TimeStats.NANOS, 1_000, medianMillis * 1e6, p99Millis * 1e6, p99Millis * 1e6,
                medianMillis * 1e6, 1, medianMillis * 1e6, p99Millis * 1e6);
        Fork fork = new Fork(1, latency, List.of(1L), null, null, null, null, null,
                new Throughput(turnsPerSecond, turnsPerSecond), latency, null, List.of(), List.of());
        return new CellResult(CELL.target(), CELL.benchmark(), CELL.concurrency(), CELL.name(), CellStatus.OK, null,
                latency, 0, null, null, List.of(), null, fork.throughput(), latency, null, List.of(),
                List.of(fork), null, List.of());
    }

    private static Fork fork(int number, double turnsPerSecond, int inFlight) {
        MockLoad mock = new MockLoad(2_000, 0, inFlight, 2_000, 2_000 * 200_000_000L, 2_100, 900, 2_000 * 500L, 0, 0, 0, 0);
        return LoadKind.withFigures(forkResult(turnsPerSecond, 430, 520), mock, SETTINGS, 2.0).forks().get(0)
                .renumbered(number);
    }
}
