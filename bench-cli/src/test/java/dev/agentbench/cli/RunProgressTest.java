package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.api.result.WarmupShape;
import dev.agentbench.core.measure.PassSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress lines and the estimate of what is left, step by step, on a clock the test moves. */
class RunProgressTest {

    private static final Map<String, BenchmarkKind> KINDS = Map.of(
            "cold_start", BenchmarkKind.COLD_START, "instantiation", BenchmarkKind.CONSTRUCTION,
            "turn1", BenchmarkKind.SESSIONS, "turn5", BenchmarkKind.SESSIONS);

    /** A warm-up that found a steady state after 14 s. */
    static final Warmup STEADY = new Warmup(14_000_000_000L, 9_000, false, WarmupShape.WARMUP, List.of());
    /** A warm-up that reached its cap of 60 s without a steady state. */
    static final Warmup CAPPED = new Warmup(60_200_000_000L, 40_000, true, WarmupShape.WARMUP, List.of());

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private int step;

    private RunProgress progress(List<PlannedCell> cells, int forks) {
        return new RunProgress(cells, name -> KINDS.getOrDefault(name, BenchmarkKind.SESSIONS), forks, now::get, false);
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toNanos());
    }

    /** Runs the next step of the run: fork {@code fork} of the cell at {@code cell}, for {@code took}. */
    private Duration runStep(RunProgress progress, int cell, int fork, int forks, Duration took) {
        progress.started(cell, fork, forks, step++, progress.steps());
        advance(took);
        return progress.finished();
    }

    private static TimeStats time(double medianNanos) {
        return new TimeStats("ns", 3, medianNanos, medianNanos, medianNanos, medianNanos, 0, medianNanos, medianNanos);
    }

    /** An OK result with no forks of its own, as a cold start's or a dry run's line shows it. */
    static CellResult ok(PlannedCell cell, double medianNanos) {
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                time(medianNanos), 0, true, 1.0, List.of(), null, null, null, null, List.of(), List.of(), null, List.of());
    }

    /** What the child of one OK fork writes: the fork's figures, with how it warmed up. */
    static CellResult fork(PlannedCell cell, double medianNanos, Warmup warmup) {
        Fork fork = new Fork(1, time(medianNanos), List.of(), warmup, warmup.steady(), 1.0, null, null, null, null,
                null, List.of(), List.of());
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                time(medianNanos), warmup.iterations(), warmup.steady(), 1.0, List.of(), null, null, null, null,
                List.of(), List.of(fork), null, List.of());
    }

    /** A cell merged from forks of these medians, each steady or not; its median is the median of theirs. */
    static CellResult merged(PlannedCell cell, double[] medians, boolean... steady) {
        List<Fork> forks = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            forks.add(new Fork(i + 1, time(medians[i]), List.of(), steady[i] ? STEADY : CAPPED, steady[i], 1.0, null,
                    null, null, null, null, List.of(), List.of()));
        }
        double[] sorted = medians.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        boolean allSteady = forks.stream().allMatch(Fork::steadyState);
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                time(median), 0, allSteady, 1.0, List.of(), null, null, null, null, List.of(), forks, null, List.of());
    }

    @Test
    void aDisturbedForkSaysSoOnItsLineAndItsRerunIsOneMoreForkOfTheCell() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        RunProgress progress = progress(List.of(raw), 2);
        CellResult clean = fork(raw, 175_000, STEADY);
        Fork disturbed = clean.forks().get(0).withNoise(new dev.agentbench.api.result.Noise(2.1, 2, 0.0, 62.0, true));
        CellResult hogged = new CellResult(raw.target(), raw.benchmark(), 1, raw.name(), CellStatus.OK, null,
                clean.time(), 0, true, 1.0, List.of(), null, null, null, null, List.of(), List.of(disturbed), null,
                List.of());
        Duration took = runStep(progress, 0, 1, 2, Duration.ofSeconds(20));
        assertThat(progress.finishedLine(hogged, took)).startsWith("[1/2] raw turn1 #1/2  175 µs median ✓ steady after"
                + " 14s  DISTURBED (others 62.0% of 2 CPUs over 2.1 s, steal 0.0%)  took 20s");
        // the rerun is the same step of the plan, one more fork of the cell
        progress.started(0, 2, 3, 0, progress.steps());
        advance(Duration.ofSeconds(20));
        took = progress.finished();
        assertThat(progress.finishedLine(clean, took)).as("the rerun").startsWith("[1/2] raw turn1 #2/3  175 µs median ✓")
                .doesNotContain("DISTURBED");
    }

    @Test
    void aForkLineSaysPlaceForkMedianSteadinessTimeTakenElapsedAndWhatIsLeft() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        PlannedCell llmagent = new PlannedCell("llmagent", "turn1", 1);
        RunProgress progress = progress(List.of(raw, llmagent), 2);
        assertThat(progress.steps()).as("2 cells of 2 forks").isEqualTo(4);
        advance(Duration.ofMillis(500)); // the mock starts
        Duration took = runStep(progress, 0, 1, 2, Duration.ofSeconds(20));
        assertThat(progress.finishedLine(fork(raw, 175_000, STEADY), took)).as("3 steps left of 20 s each")
                .isEqualTo("[1/4] raw      turn1 #1/2  175 µs median ✓ steady after 14s  took 20s · 20s elapsed"
                        + " · about 1m 00s left");
        took = runStep(progress, 1, 1, 2, Duration.ofSeconds(22));
        assertThat(progress.finishedLine(fork(llmagent, 3_100_000, STEADY), took))
                .isEqualTo("[2/4] llmagent turn1 #1/2  3.10 ms median ✓ steady after 14s  took 22s · 42s elapsed"
                        + " · about 42s left");
        took = runStep(progress, 0, 2, 2, Duration.ofSeconds(18));
        assertThat(progress.finishedLine(fork(raw, 177_000, STEADY), took))
                .isEqualTo("[3/4] raw      turn1 #2/2  177 µs median ✓ steady after 14s  took 18s · 1m 00s elapsed"
                        + " · about 20s left");
        took = runStep(progress, 1, 2, 2, Duration.ofSeconds(20));
        assertThat(progress.finishedLine(fork(llmagent, 3_000_000, STEADY), took)).as("nothing is left after the last step")
                .isEqualTo("[4/4] llmagent turn1 #2/2  3.00 ms median ✓ steady after 14s  took 20s · 1m 20s elapsed");
    }

    /** A profile of {@code samples} CPU samples, most of them ({@code share}) in {@code group}. */
    static Profile profile(PlannedCell cell, long samples, String group, double share) {
        List<Profile.GroupShare> groups = Profile.GROUPS.stream().map(name -> name.equals(group)
                ? new Profile.GroupShare(name, Math.round(samples * share), share)
                : new Profile.GroupShare(name, Math.round(samples * (1 - share) / 4), (1 - share) / 4)).toList();
        return new Profile(2, cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), "jfr",
                cell.name() + ".jfr", 5_000_000_000L, 1_000, samples, groups, List.of(), List.of(),
                new Profile.FlameNode("all", null, samples, List.of()));
    }

    @Test
    void aProfileForkIsAStepOfItsCellAfterTheCellHasEndedAndItsLineSaysWhereTheSamplesFell() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        PlannedCell llmagent = new PlannedCell("llmagent", "turn1", 1);
        PlannedCell coldStart = new PlannedCell("noop", "cold_start", 1);
        RunProgress progress = new RunProgress(List.of(raw, llmagent, coldStart),
                name -> KINDS.getOrDefault(name, BenchmarkKind.SESSIONS), 1, now::get, false, true);
        assertThat(progress.steps()).as("a fork and a profile fork a cell, a cold start in one").isEqualTo(5);

        Duration took = runStep(progress, 0, 1, 1, Duration.ofSeconds(20));
        assertThat(progress.finishedLine(fork(raw, 175_000, STEADY), took)).as("the fork number lines up with profile")
                .startsWith("[1/5] raw      turn1      #1/1     175 µs median");
        progress.cellEnded(0, true);
        runStep(progress, 1, 1, 1, Duration.ofSeconds(20));
        progress.cellEnded(1, true);
        assertThat(progress.remaining()).as("two profile forks of 20 s each, and a cold start with no basis").isEmpty();

        progress.profileStarted(0, step++, 5);
        assertThat(progress.runningLine()).startsWith("[3/5] raw      turn1      profile  running 0.0s");
        advance(Duration.ofSeconds(25));
        took = progress.finished();
        assertThat(progress.profileLine(profile(raw, 1482, "JDK", 0.41), took))
                .isEqualTo("[3/5] raw      turn1      profile  1,482 CPU samples, 41% JDK  took 25s · 1m 05s elapsed"
                        + " · estimating…");
        progress.profileStarted(1, step++, 5);
        advance(Duration.ofSeconds(25));
        took = progress.finished();
        assertThat(progress.profileLine(null, took)).as("the warning is on the line below")
                .startsWith("[4/5] llmagent turn1      profile  no profile (1 warning)  took 25s · ");

        took = runStep(progress, 2, 1, 1, Duration.ofSeconds(3));
        assertThat(progress.finishedLine(ok(coldStart, 812e6), took)).as("a cold start has neither")
                .startsWith("[5/5] noop     cold_start          812 ms median");
    }

    @Test
    void aCellThatFailedHasNoProfileForkLeft() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        RunProgress progress = new RunProgress(List.of(raw), name -> BenchmarkKind.SESSIONS, 2, now::get, false, true);
        runStep(progress, 0, 1, 2, Duration.ofSeconds(10));
        assertThat(progress.remaining()).contains(Duration.ofSeconds(20));
        progress.cellEnded(0, false);
        assertThat(progress.remaining()).contains(Duration.ZERO);
    }

    @Test
    void aForkThatFoundNoSteadyStateSaysSoWithItsCapOrItsShape() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        RunProgress progress = progress(List.of(raw), 3);
        Duration took = runStep(progress, 0, 1, 3, Duration.ofSeconds(66));
        assertThat(progress.finishedLine(fork(raw, 212_000, CAPPED), took))
                .startsWith("[1/3] raw turn1 #1/3  212 µs median ✓ NOT steady (cap 60s)  took 1m 06s · ");
        took = runStep(progress, 0, 2, 3, Duration.ofSeconds(21));
        Warmup drifting = new Warmup(15_000_000_000L, 9_000, false, WarmupShape.NO_STEADY_STATE, List.of());
        assertThat(progress.finishedLine(fork(raw, 230_000, drifting), took))
                .startsWith("[2/3] raw turn1 #2/3  230 µs median ✓ NOT steady (NO_STEADY_STATE)  took 21s · ");
    }

    @Test
    void positionsArePaddedToTheMostStepsAndAColdStartLinesUpWithTheForks() {
        List<PlannedCell> many = java.util.stream.IntStream.range(0, 12)
                .mapToObj(i -> new PlannedCell("t" + i, "turn1", 1)).toList();
        RunProgress one = progress(many, 1);
        one.started(6, 1, 1, 6, 12);
        assertThat(one.position()).as("one fork a cell: no fork number").isEqualTo("[ 7/12] t6  turn1");
        one.started(11, 1, 1, 11, 12);
        assertThat(one.position()).isEqualTo("[12/12] t11 turn1");

        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        PlannedCell coldStart = new PlannedCell("noop", "cold_start", 1);
        RunProgress mixed = progress(List.of(raw, coldStart), 2);
        assertThat(mixed.steps()).as("2 forks, and a cold start in one").isEqualTo(3);
        runStep(mixed, 0, 1, 2, Duration.ofSeconds(5));
        runStep(mixed, 0, 2, 2, Duration.ofSeconds(5));
        Duration took = runStep(mixed, 1, 1, 1, Duration.ofSeconds(14));
        assertThat(mixed.finishedLine(ok(coldStart, 812e6), took))
                .isEqualTo("[3/3] noop cold_start       812 ms median ✓  took 14s · 24s elapsed");
    }

    @Test
    void aDryRunSaysCheckedInsteadOfAMedian() {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);
        RunProgress progress = new RunProgress(List.of(cell), name -> BenchmarkKind.SESSIONS, 1, now::get, true);
        Duration took = runStep(progress, 0, 1, 1, Duration.ofMillis(900));
        assertThat(progress.finishedLine(ok(cell, 5e6), took)).isEqualTo("[1/1] raw turn1  checked ✓  took 0.9s · 0.9s elapsed");
    }

    @Test
    void thereIsNoEstimateUntilAStepHasFinished() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1));
        RunProgress progress = progress(cells, 2);
        progress.started(0, 1, 2, 0, 4);
        advance(Duration.ofSeconds(3));
        assertThat(progress.remaining()).isEmpty();
        assertThat(progress.runningLine()).isEqualTo("[1/4] raw  turn1 #1/2  running 3.0s · 3.0s elapsed · estimating…");
        advance(Duration.ofSeconds(7));
        progress.finished();
        assertThat(progress.remaining()).as("3 forks left of 10 s each").contains(Duration.ofSeconds(30));
    }

    @Test
    void theRunningStepCountsWithWhatItsEstimateHasLeftAndNeverBelowNothing() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1));
        RunProgress progress = progress(cells, 2);
        runStep(progress, 0, 1, 2, Duration.ofSeconds(10));
        progress.started(1, 1, 2, step++, 4);
        advance(Duration.ofSeconds(4));
        assertThat(progress.remaining()).as("6 s of the running step, 10 s of each of the 2 after it")
                .contains(Duration.ofSeconds(26));
        assertThat(progress.runningLine()).isEqualTo("[2/4] noop turn1 #1/2  running 4.0s · 14s elapsed · about 26s left");
        advance(Duration.ofSeconds(30));
        assertThat(progress.remaining()).as("the running step overran its estimate").contains(Duration.ofSeconds(20));
        progress.finished();
        runStep(progress, 0, 2, 2, Duration.ofSeconds(10));
        progress.started(1, 2, 2, step++, 4);
        advance(Duration.ofSeconds(40));
        assertThat(progress.runningLine()).as("the last step overran its estimate")
                .isEqualTo("[4/4] noop turn1 #2/2  running 40s · 1m 34s elapsed · finishing…");
    }

    @Test
    void aFailedForkEndsItsCellSoItsForksNotRunAreNotEstimated() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1));
        RunProgress progress = progress(cells, 3);
        runStep(progress, 0, 1, 3, Duration.ofSeconds(10));
        assertThat(progress.remaining()).as("5 forks left").contains(Duration.ofSeconds(50));
        runStep(progress, 1, 1, 3, Duration.ofSeconds(10));
        progress.cellEnded(1); // its first fork failed
        assertThat(progress.remaining()).as("raw's 2 forks left, none of noop's").contains(Duration.ofSeconds(20));
    }

    @Test
    void aColdStartIsEstimatedFromColdStartsOnlyForItStartsManyJvms() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1),
                new PlannedCell("raw", "cold_start", 1), new PlannedCell("noop", "cold_start", 1));
        RunProgress progress = progress(cells, 2);
        assertThat(progress.steps()).isEqualTo(6);
        runStep(progress, 0, 1, 2, Duration.ofSeconds(8));
        runStep(progress, 1, 1, 2, Duration.ofSeconds(6));
        runStep(progress, 0, 2, 2, Duration.ofSeconds(8));
        runStep(progress, 1, 2, 2, Duration.ofSeconds(6));
        assertThat(progress.estimate(2)).as("no cold start has run: a turn's time says nothing of it").isEmpty();
        assertThat(progress.remaining()).isEmpty();
        assertThat(progress.whereTheRunIs()).isEqualTo("28s elapsed · estimating…");
        runStep(progress, 2, 1, 1, Duration.ofSeconds(95));
        assertThat(progress.remaining()).as("a cold start is one step, however many JVMs").contains(Duration.ofSeconds(95));
    }

    @Test
    void aStepIsEstimatedFromItsOwnBenchmarkFirstThenItsKindThenAnyStepButColdStarts() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "cold_start", 1), new PlannedCell("raw", "turn1", 1),
                new PlannedCell("raw", "turn5", 1), new PlannedCell("noop", "turn5", 1),
                new PlannedCell("raw", "instantiation", 1), new PlannedCell("noop", "turn1", 1));
        RunProgress progress = progress(cells, 2);
        runStep(progress, 0, 1, 1, Duration.ofSeconds(100));
        assertThat(progress.estimate(1)).as("a cold start is no basis for a session").isEmpty();
        runStep(progress, 1, 1, 2, Duration.ofSeconds(6));
        assertThat(progress.estimate(2)).as("same kind").hasValue(6e9);
        assertThat(progress.estimate(4)).as("another kind: any step but cold starts").hasValue(6e9);
        runStep(progress, 2, 1, 2, Duration.ofSeconds(30));
        assertThat(progress.estimate(3)).as("same benchmark").hasValue(30e9);
        assertThat(progress.estimate(5)).as("same benchmark").hasValue(6e9);
        assertThat(progress.estimate(4)).as("mean of both sessions steps").hasValue(18e9);
        runStep(progress, 2, 2, 2, Duration.ofSeconds(24));
        assertThat(progress.estimate(3)).as("every fork of the benchmark counts").hasValue(27e9);
        assertThat(progress.estimate(4)).hasValue(20e9);
        assertThat(progress.remaining()).as("raw turn1 1 fork, noop turn5 2, instantiation 2, noop turn1 2")
                .contains(Duration.ofSeconds(6 + 2 * 27 + 2 * 20 + 2 * 6));
    }

    @Test
    void aParameterValueIsEstimatedFromItsOwnCellsFirstThenFromTheBenchmarksOtherValues() {
        List<PlannedCell> cells = List.of(
                new PlannedCell("raw", "history", 1, "history_history=1", Map.of("history", "1")),
                new PlannedCell("noop", "history", 1, "history_history=1", Map.of("history", "1")),
                new PlannedCell("raw", "history", 1, "history_history=256", Map.of("history", "256")),
                new PlannedCell("noop", "history", 1, "history_history=256", Map.of("history", "256")));
        RunProgress progress = progress(cells, 1);
        runStep(progress, 0, 1, 1, Duration.ofSeconds(10));
        assertThat(progress.estimate(2)).as("no step of its value yet: the benchmark's other value").hasValue(10e9);
        runStep(progress, 1, 1, 1, Duration.ofSeconds(12));
        runStep(progress, 2, 1, 1, Duration.ofSeconds(40));
        assertThat(progress.estimate(3)).as("its own value's cell, not the mean with history=1").hasValue(40e9);
        assertThat(progress.remaining()).contains(Duration.ofSeconds(40));
    }

    @Test
    void aCellOfSeveralForksEndsWithItsMedianOverTheForksAndTheirSpread() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        assertThat(RunProgress.cellLine(merged(raw, new double[] {171_000, 177_000}, true, true)))
                .isEqualTo("raw turn1: 174 µs over 2 forks (171–177 µs)");
        assertThat(RunProgress.cellLine(merged(new PlannedCell("noop", "turn5", 8), new double[] {990, 1_020, 1_000},
                true, false, true)))
                .as("across units, and a fork not steady")
                .isEqualTo("noop turn5_c8: 1.00 µs over 3 forks (990 ns–1.02 µs); 1 of 3 NOT steady");
    }

    /** {@code result} with {@code warnings}, in its forks and its own. */
    static CellResult warned(CellResult result, String... warnings) {
        List<Fork> forks = result.forks().stream().map(fork -> new Fork(fork.fork(), fork.time(), fork.samples(),
                fork.warmup(), fork.steadyState(), fork.drift(), fork.cpu(), fork.memory(), fork.throughput(),
                fork.turnLatency(), fork.jvm(), fork.figures(), List.of(warnings))).toList();
        return new CellResult(result.target(), result.benchmark(), result.concurrency(), result.name(), result.status(),
                result.error(), result.time(), result.warmupIterations(), result.steadyState(), result.drift(),
                result.logTail(), result.memory(), result.throughput(), result.turnLatency(), result.jvm(),
                result.figures(), forks, result.cpu(), List.of(warnings));
    }

    @Test
    void aStepOrACellWithWarningsSaysHowMany() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        RunProgress progress = progress(List.of(raw), 2);
        Duration took = runStep(progress, 0, 1, 2, Duration.ofSeconds(20));
        assertThat(progress.finishedLine(warned(fork(raw, 175_000, STEADY), "close() did not return in 10 s"), took))
                .startsWith("[1/2] raw turn1 #1/2  175 µs median ✓ steady after 14s (1 warning)  took 20s · ");
        assertThat(RunProgress.cellLine(warned(merged(raw, new double[] {171_000, 177_000}, true, true),
                "fork 1: close() did not return in 10 s", "fork 2: close() did not return in 10 s")))
                .isEqualTo("raw turn1: 174 µs over 2 forks (171–177 µs) (2 warnings)");
        assertThat(progress.finishedLine(fork(raw, 175_000, STEADY), took)).doesNotContain("warning");
    }

    /** A figure of the load kind's section. */
    private static dev.agentbench.api.result.Figure loadFigure(String name, String label, String unit, double value) {
        return new dev.agentbench.api.result.Figure.Definition(name, label, unit,
                dev.agentbench.api.result.Figure.Better.HIGHER, dev.agentbench.api.result.Figure.Combine.MEDIAN,
                "Throughput under model latency", "").of(value);
    }

    @Test
    void aCellWhoseForksDidNotWarmUpSaysItsFirstFiguresInsteadOfItsTime() {
        List<dev.agentbench.api.result.Figure> load = List.of(loadFigure("turnsPerSecond", "turns/s", "turns/s", 152.3),
                loadFigure("idealTurnsPerSecond", "ideal", "turns/s", 160), loadFigure("efficiency", "efficiency", "", 0.952),
                loadFigure("maxInFlight", "in flight", "", 64));
        assertThat(RunProgress.figures(load)).as("the first three of the section")
                .isEqualTo("152 turns/s, ideal 160 turns/s, efficiency 0.952");
        assertThat(RunProgress.figures(List.of(loadFigure("turnsPerSecond", "turns/s", "turns/s", 2.46))))
                .isEqualTo("2.46 turns/s");
        assertThat(RunProgress.figures(List.of(loadFigure("speedup", "speedup", "×", 3.9))))
                .as("a label the unit does not say follows the value").isEqualTo("3.90× speedup");
        assertThat(RunProgress.rate(79.24)).isEqualTo("79.2");
    }

    @Test
    void theMockLineSaysHowLongItsWarmUpTookAndHowFarItsLatencyFell() {
        assertThat(RunProgress.mockLine(new MockWarmup(8_100, 40_000, 212, 58, true)))
                .isEqualTo("Mock warmed in 8.1s: p50 212 → 58.0 µs, steady");
        assertThat(RunProgress.mockLine(new MockWarmup(30_000, 90_000, 1_900, 640, false)))
                .isEqualTo("Mock warmed in 30s: p50 1.90 ms → 640 µs, NOT steady (capped)");
        // no request sent: not "warmed in 0.4s: p50 0 → 0 ns, NOT steady (capped)"
        assertThat(RunProgress.mockLine(new MockWarmup(435, 0, 0, 0, false))).isEqualTo("Mock not warmed: every step "
                + "of the run's scripts is an injected error, hang or cut, which the warm-up never asks for");
    }

    @Test
    void theMockRestartLineSaysHowTheMockDiedAndWhatTookItsPlace() {
        String killed = "killed by SIGKILL (exit status [137])";
        assertThat(RunProgress.mockRestartLine(new dev.agentbench.api.result.MockRestart("2026-01-01T00:00:00Z", killed,
                "raw/turn5", "mock.restart-1.log", 1, new MockWarmup(8_100, 40_000, 212, 58, true), null)))
                .isEqualTo("Mock died (killed by SIGKILL (exit status [137])) during raw/turn5: a new mock took its "
                        + "place [mock.restart-1.log]; warmed in 8.1s: p50 212 → 58.0 µs, steady");
        assertThat(RunProgress.mockRestartLine(new dev.agentbench.api.result.MockRestart("2026-01-01T00:00:00Z", killed,
                null, "mock.restart-1.log", 1, null, null)))
                .isEqualTo("Mock died (killed by SIGKILL (exit status [137])) between cells: a new mock took its "
                        + "place [mock.restart-1.log]");
        assertThat(RunProgress.mockRestartLine(new dev.agentbench.api.result.MockRestart("2026-01-01T00:00:00Z", killed,
                "raw/turn5", "mock.restart-2.log", 2, null, "new mock 2 of 2 [mock.restart-2.log] did not start")))
                .isEqualTo("Mock died (killed by SIGKILL (exit status [137])) during raw/turn5 and could not be "
                        + "restarted: new mock 2 of 2 [mock.restart-2.log] did not start; the run stops");
    }

    @Test
    void spansReadAsAPersonWouldSayThem() {
        assertThat(RunProgress.span(Duration.ofMillis(420))).isEqualTo("0.4s");
        assertThat(RunProgress.span(Duration.ofMillis(7_049))).isEqualTo("7.0s");
        assertThat(RunProgress.span(Duration.ofSeconds(42))).isEqualTo("42s");
        assertThat(RunProgress.span(Duration.ofSeconds(242))).isEqualTo("4m 02s");
        assertThat(RunProgress.span(Duration.ofMinutes(62).plusSeconds(59))).isEqualTo("1h 02m");
        assertThat(RunProgress.span(Duration.ofSeconds(-3))).isEqualTo("0.0s");
    }

    @Test
    void theSummaryLineCountsTheOkCellsAndSaysHowLongTheRunTook() {
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        PlannedCell noop = new PlannedCell("noop", "turn1", 1);
        assertThat(RunProgress.summaryLine("COMPLETED",
                List.of(ok(raw, 1e5), CellResult.failed(noop, CellStatus.TIMEOUT, "no result within 10s", List.of())),
                Duration.ofSeconds(843)))
                .isEqualTo("COMPLETED: 1 of 2 cells OK in 14m 03s");
    }

    @Test
    void theRunsTimeIsGuessedBeforeItStartsFromItsPassSettings() {
        PassSettings defaults = PassSettings.defaults();
        List<PlannedCell> two = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("wire", "turn1", 1));
        // a fork: its JVM 2 s, a warm-up of 15 s and a quarter of the 45 s more it may take, a timed pass of 5 s;
        // three forks a cell; at most every warm-up runs to its 60 s
        assertThat(progress(two, 3).plannedLine(defaults)).contains(
                "Estimated about 3m 19s (up to 6m 42s if no warm-up settles before --warmup-max), before reruns.");
        // a cold start is its JVMs alone, whatever the warm-up
        assertThat(progress(List.of(new PlannedCell("noop", "cold_start", 1)), 3).plannedLine(defaults))
                .contains("Estimated about 20s, before reruns.");
        List<PlannedCell> forty = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            forty.add(new PlannedCell("target" + i, "turn1", 1));
        }
        assertThat(progress(forty, 3).plannedLine(defaults)).hasValueSatisfying(line -> assertThat(line)
                .startsWith("Estimated about 1h 06m (up to 2h 14m if no warm-up settles before --warmup-max), "
                        + "before reruns. That is over an hour: fewer targets, benchmarks or forks")
                .contains("--max-duration"));
        assertThat(progress(two, 3).plannedLine(defaults.toBuilder().set(PassSettings.DRY_RUN, true).build())).isEmpty();
    }
}
