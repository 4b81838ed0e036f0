package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.report.RunData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Two runs of known samples, built in memory as results of format 2 (two forks a cell unless said):
 * one cell of each verdict.
 *
 * <pre>
 * cell                    base                        new
 * calibration/turn1       2 forks of 20, 300–321 µs   the same samples          within threshold
 * raw/turn1               2 forks of 10, 0.1–1.9 ms   each 8% slower            not significant
 * calibration/turn5_c8    planned before turn5        each 20% faster           improvement
 * calibration/turn5       2 forks of 20 at 1.5 ms     each 20% slower           regression
 * calibration/memory_footprint  forks without samples  the same                 too few samples
 * raw/turn10              1 fork (format 1)           1 fork, 50% slower        not enough forks
 * raw/tools               OK                          FAILED                    not OK
 * raw/retired             OK                          -                         only in base
 * calibration/added       -                           OK                        only in new
 * </pre>
 */
final class TwoRuns {

    private TwoRuns() {}

    static long[] spread(long first, long step, int n) {
        return LongStream.range(0, n).map(i -> first + i * step).toArray();
    }

    static long[] times(long[] samples, double factor) {
        return LongStream.of(samples).map(sample -> Math.round(sample * factor)).toArray();
    }

    static long[][] times(long[][] forks, double factor) {
        return Arrays.stream(forks).map(fork -> times(fork, factor)).toArray(long[][]::new);
    }

    static TimeStats stats(long... samples) {
        double median = samples.length == 0 ? 1_000 : RatioOfMedians.median(samples);
        return new TimeStats("ns", Math.max(1, samples.length), median, median, median, median, 0, median, median);
    }

    static Fork fork(int number, long... samples) {
        return new Fork(number, stats(samples), LongStream.of(samples).boxed().toList(), null, true, 1.0, null, null,
                null, null, null, List.of(), List.of());
    }

    /** An OK cell of format 2 with one fork per array of samples. */
    static CellResult ok(String target, String benchmark, int concurrency, long[]... forks) {
        List<Fork> all = new ArrayList<>();
        double[] medians = new double[forks.length];
        for (int i = 0; i < forks.length; i++) {
            all.add(fork(i + 1, forks[i]));
            medians[i] = all.get(i).time().median();
        }
        Arrays.sort(medians);
        int n = medians.length;
        double median = n % 2 == 1 ? medians[n / 2] : (medians[n / 2 - 1] + medians[n / 2]) / 2;
        return new CellResult(target, benchmark, concurrency, CellResult.cellName(benchmark, concurrency), CellStatus.OK,
                null, new TimeStats("ns", 1, median, median, median, median, 0, median, median), 0, true, 1.0,
                List.of(), null, null, null, null, List.of(), all, null, List.of());
    }

    /** An OK cell of format 1: one JVM, its samples in the cell itself. */
    static CellResult formatOne(String target, String benchmark, long... samples) {
        return new CellResult(1, target, benchmark, 1, benchmark, CellStatus.OK, null, stats(samples), 0, true, 1.0,
                LongStream.of(samples).boxed().toList(), List.of(), null, null, null, null, List.of(), List.of(), null,
                List.of());
    }

    static CellResult failed(String target, String benchmark, String error) {
        return CellResult.failed(new PlannedCell(target, benchmark, 1), CellStatus.FAILED, error, List.of());
    }

    static RunData run(String runId, List<CellResult> cells) {
        List<PlannedCell> planned = new ArrayList<>();
        for (CellResult cell : cells) {
            planned.add(new PlannedCell(cell.target(), cell.benchmark(), cell.concurrency(), cell.name()));
        }
        RunInfo info = new RunInfo(runId, RunStatus.COMPLETED, "2026-11-29T10:15:00Z", "2026-11-29T10:16:00Z",
                List.of("run"), Map.of(), planned, Map.of());
        return new RunData(new RunLayout(Path.of(runId)), info, cells);
    }

    static final long[][] TURN1 = {spread(300_000, 1_000, 20), spread(302_000, 1_000, 20)};
    static final long[][] NOISY = {spread(100_000, 200_000, 10), spread(150_000, 200_000, 10)};
    static final long[][] TURN5 = {spread(1_500_000, 1_000, 20), spread(1_503_000, 1_000, 20)};
    static final long[][] TURN5_C8 = {spread(2_000_000, 1_000, 20), spread(2_004_000, 1_000, 20)};
    static final long[][] TOOLS = {spread(500_000, 1_000, 20), spread(501_000, 1_000, 20)};
    static final long[] TURN10 = spread(900_000, 1_000, 20);

    static RunData base() {
        return run("20261129-101500-base", List.of(
                ok("calibration", "turn1", 1, TURN1),
                ok("raw", "turn1", 1, NOISY),
                ok("calibration", "turn5", 8, TURN5_C8),
                ok("calibration", "turn5", 1, TURN5),
                ok("calibration", "memory_footprint", 1, new long[0], new long[0]),
                formatOne("raw", "turn10", TURN10),
                ok("raw", "tools", 1, TOOLS),
                ok("raw", "retired", 1, TOOLS)));
    }

    static RunData changed() {
        return run("20261130-080000-new", List.of(
                ok("calibration", "turn1", 1, TURN1),
                ok("raw", "turn1", 1, times(NOISY, 1.08)),
                ok("calibration", "turn5", 8, times(TURN5_C8, 0.8)),
                ok("calibration", "turn5", 1, times(TURN5, 1.2)),
                ok("calibration", "memory_footprint", 1, new long[0], new long[0]),
                ok("raw", "turn10", 1, times(TURN10, 1.5)),
                failed("raw", "tools", "turn 1, step 1: tool call [call_0_0_0] has 0 results\nat line 2"),
                ok("calibration", "added", 1, TOOLS)));
    }
}
