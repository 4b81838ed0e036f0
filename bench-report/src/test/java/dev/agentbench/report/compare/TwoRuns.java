package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.report.RunData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Two runs of known samples, built in memory: one cell of each verdict.
 *
 * <pre>
 * cell                    base                    new
 * calibration/turn1       20 samples 300–319 µs   the same samples          within threshold
 * raw/turn1               10 samples 0.1–1.9 ms   each 8% slower            not significant
 * calibration/turn5_c8    planned before turn5    each 20% faster           improvement
 * calibration/turn5       20 samples 1.5 ms       each 20% slower           regression
 * calibration/memory_footprint  no samples        no samples                too few samples
 * raw/tools               OK                      FAILED                    not OK
 * raw/retired             OK                      -                         only in base
 * calibration/added       -                       OK                        only in new
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

    static CellResult ok(String target, String benchmark, int concurrency, long... samples) {
        String name = CellResult.cellName(benchmark, concurrency);
        List<Long> boxed = LongStream.of(samples).boxed().toList();
        double median = samples.length == 0 ? 1_000 : RatioOfMedians.median(samples);
        return new CellResult(target, benchmark, concurrency, name, CellStatus.OK, null,
                new TimeStats("ns", Math.max(1, samples.length), median, median, median, median, 0, median, median),
                0, true, 1.0, boxed, List.of());
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

    static final long[] TURN1 = spread(300_000, 1_000, 20);
    static final long[] NOISY = spread(100_000, 200_000, 10);
    static final long[] TURN5 = spread(1_500_000, 1_000, 20);
    static final long[] TURN5_C8 = spread(2_000_000, 1_000, 20);
    static final long[] TOOLS = spread(500_000, 1_000, 20);

    static RunData base() {
        return run("20261129-101500-base", List.of(
                ok("calibration", "turn1", 1, TURN1),
                ok("raw", "turn1", 1, NOISY),
                ok("calibration", "turn5", 8, TURN5_C8),
                ok("calibration", "turn5", 1, TURN5),
                ok("calibration", "memory_footprint", 1),
                ok("raw", "tools", 1, TOOLS),
                ok("raw", "retired", 1, TOOLS)));
    }

    static RunData changed() {
        return run("20261130-080000-new", List.of(
                ok("calibration", "turn1", 1, TURN1),
                ok("raw", "turn1", 1, times(NOISY, 1.08)),
                ok("calibration", "turn5", 8, times(TURN5_C8, 0.8)),
                ok("calibration", "turn5", 1, times(TURN5, 1.2)),
                ok("calibration", "memory_footprint", 1),
                failed("raw", "tools", "turn 1, step 1: tool call [call_0_0_0] has 0 results\nat line 2"),
                ok("calibration", "added", 1, TOOLS)));
    }
}
