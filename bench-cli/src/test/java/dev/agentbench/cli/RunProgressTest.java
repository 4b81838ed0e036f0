package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.TimeStats;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress lines and the estimate of what is left, on a clock the test moves. */
class RunProgressTest {

    private static final Map<String, BenchmarkKind> KINDS = Map.of(
            "cold_start", BenchmarkKind.COLD_START, "instantiation", BenchmarkKind.CONSTRUCTION,
            "turn1", BenchmarkKind.SESSIONS, "turn5", BenchmarkKind.SESSIONS);

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private RunProgress progress(List<PlannedCell> cells) {
        return new RunProgress(cells, name -> KINDS.getOrDefault(name, BenchmarkKind.SESSIONS), now::get, false);
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toNanos());
    }

    private void runCell(RunProgress progress, int index, Duration took) {
        progress.started(index);
        advance(took);
        progress.finished(index);
    }

    static CellResult ok(PlannedCell cell, double medianNanos) {
        TimeStats time = new TimeStats("ns", 3, medianNanos, medianNanos, medianNanos, medianNanos, 0, medianNanos,
                medianNanos);
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                time, 0, true, 1.0, List.of(), List.of());
    }

    @Test
    void theFinishedLineSaysPlaceNamesMedianTimeTakenElapsedAndWhatIsLeft() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn5", 8), new PlannedCell("llmagent", "turn5", 8),
                new PlannedCell("raw", "turn1", 1));
        RunProgress progress = progress(cells);
        advance(Duration.ofMillis(500)); // the mock starts
        runCell(progress, 0, Duration.ofSeconds(12));
        assertThat(progress.finishedLine(ok(cells.get(0), 3_100_000), 0))
                .isEqualTo("[1/3] raw      turn5_c8  3.10 ms median ✓  took 12s · 12s elapsed · about 24s left");
        runCell(progress, 1, Duration.ofSeconds(20));
        assertThat(progress.finishedLine(ok(cells.get(1), 850), 1))
                .isEqualTo("[2/3] llmagent turn5_c8  850 ns median ✓  took 20s · 32s elapsed · about 16s left");
        runCell(progress, 2, Duration.ofMillis(4_200));
        assertThat(progress.finishedLine(ok(cells.get(2), 180), 2))
                .as("nothing is left after the last cell")
                .isEqualTo("[3/3] raw      turn1     180 ns median ✓  took 4.2s · 36s elapsed");
    }

    @Test
    void positionsArePaddedToTheLargestIndex() {
        List<PlannedCell> cells = java.util.stream.IntStream.range(0, 12)
                .mapToObj(i -> new PlannedCell("t" + i, "turn1", 1)).toList();
        RunProgress progress = progress(cells);
        assertThat(progress.position(6)).isEqualTo("[ 7/12] t6  turn1");
        assertThat(progress.position(11)).isEqualTo("[12/12] t11 turn1");
    }

    @Test
    void aDryRunSaysCheckedInsteadOfAMedian() {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);
        RunProgress progress = new RunProgress(List.of(cell), name -> BenchmarkKind.SESSIONS, now::get, true);
        runCell(progress, 0, Duration.ofMillis(900));
        assertThat(progress.finishedLine(ok(cell, 5e6), 0)).isEqualTo("[1/1] raw turn1  checked ✓  took 0.9s · 0.9s elapsed");
    }

    @Test
    void thereIsNoEstimateUntilACellHasFinished() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1));
        RunProgress progress = progress(cells);
        progress.started(0);
        advance(Duration.ofSeconds(3));
        assertThat(progress.remaining()).isEmpty();
        assertThat(progress.runningLine()).isEqualTo("[1/2] raw  turn1  running 3.0s · 3.0s elapsed · estimating…");
        advance(Duration.ofSeconds(7));
        progress.finished(0);
        assertThat(progress.remaining()).contains(Duration.ofSeconds(10));
    }

    @Test
    void theRunningCellCountsWithWhatItsEstimateHasLeftAndNeverBelowNothing() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1),
                new PlannedCell("llmagent", "turn1", 1));
        RunProgress progress = progress(cells);
        runCell(progress, 0, Duration.ofSeconds(10));
        progress.started(1);
        advance(Duration.ofSeconds(4));
        assertThat(progress.remaining()).as("6 s of the running cell, 10 s of the last").contains(Duration.ofSeconds(16));
        assertThat(progress.runningLine())
                .isEqualTo("[2/3] noop     turn1  running 4.0s · 14s elapsed · about 16s left");
        advance(Duration.ofSeconds(30));
        assertThat(progress.remaining()).as("the running cell overran its estimate").contains(Duration.ofSeconds(10));
        progress.finished(1);
        progress.started(2);
        advance(Duration.ofSeconds(40));
        assertThat(progress.runningLine()).as("the last cell overran its estimate")
                .isEqualTo("[3/3] llmagent turn1  running 40s · 1m 24s elapsed · finishing…");
    }

    @Test
    void aColdStartCellIsEstimatedFromColdStartsOnlyForItStartsManyJvms() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "turn1", 1), new PlannedCell("noop", "turn1", 1),
                new PlannedCell("raw", "cold_start", 1), new PlannedCell("noop", "cold_start", 1));
        RunProgress progress = progress(cells);
        runCell(progress, 0, Duration.ofSeconds(8));
        runCell(progress, 1, Duration.ofSeconds(6));
        assertThat(progress.estimate(2)).as("no cold start has run: a turn's time says nothing of it").isEmpty();
        assertThat(progress.remaining()).isEmpty();
        assertThat(progress.whereTheRunIs()).isEqualTo("14s elapsed · estimating…");
        runCell(progress, 2, Duration.ofSeconds(95));
        assertThat(progress.remaining()).contains(Duration.ofSeconds(95));
    }

    @Test
    void aCellIsEstimatedFromItsOwnBenchmarkFirstThenItsKindThenAnyCellButColdStarts() {
        List<PlannedCell> cells = List.of(new PlannedCell("raw", "cold_start", 1), new PlannedCell("raw", "turn1", 1),
                new PlannedCell("raw", "turn5", 1), new PlannedCell("noop", "turn5", 1),
                new PlannedCell("raw", "instantiation", 1), new PlannedCell("noop", "turn1", 1));
        RunProgress progress = progress(cells);
        runCell(progress, 0, Duration.ofSeconds(100));
        assertThat(progress.estimate(1)).as("a cold start is no basis for a session").isEmpty();
        runCell(progress, 1, Duration.ofSeconds(6));
        assertThat(progress.estimate(2)).as("same kind").hasValue(6e9);
        assertThat(progress.estimate(4)).as("another kind: any cell but cold starts").hasValue(6e9);
        runCell(progress, 2, Duration.ofSeconds(30));
        assertThat(progress.estimate(3)).as("same benchmark").hasValue(30e9);
        assertThat(progress.estimate(5)).as("same benchmark").hasValue(6e9);
        assertThat(progress.estimate(4)).as("mean of both sessions cells").hasValue(18e9);
        assertThat(progress.remaining()).contains(Duration.ofSeconds(30 + 18 + 6));
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
}
