package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * A default run of every target a fresh clone builds, nine, against the {@code wire} floor: fifteen
 * benchmarks (built-ins, {@code _c8} variants and two custom ones), each cell of three forks with CPU
 * time and allocation, {@code memory_footprint} with its retained heap, the {@code _c8} cells with
 * their throughput. {@code llmagent}'s {@code tools} FAILED, {@code agentscope}'s {@code loop10} is
 * MISSING and {@code koog} did not plan {@code my_custom}. Built in memory, in plan order
 * (benchmark-major); {@link #of} keeps only some of the targets, for the same run with fewer.
 */
final class ManyTargetsRun {

    /** The targets, the baseline first, in the run's order. */
    static final List<String> TARGETS = List.of("wire", "raw", "noop", "llmagent", "langchain4j", "springai", "koog",
            "agentscope", "langgraph4j");

    /** How many times the floor's time each target takes, in the order of {@link #TARGETS}. */
    private static final double[] FACTORS = {1.0, 1.3, 0.6, 3.1, 2.4, 4.2, 2.9, 5.5, 3.6};

    /** The benchmarks in plan order, each with the floor's median in µs. */
    static final List<Map.Entry<String, Double>> BENCHMARKS = List.of(Map.entry("turn1", 80.0),
            Map.entry("turn5", 410.0), Map.entry("turn10", 830.0), Map.entry("loop1", 95.0), Map.entry("loop5", 480.0),
            Map.entry("loop10", 960.0), Map.entry("tools", 240.0), Map.entry("tools_parallel", 260.0),
            Map.entry("memory_footprint", 120.0), Map.entry("turn1_c8", 150.0), Map.entry("turn5_c8", 700.0),
            Map.entry("tools_c8", 390.0), Map.entry("loop1_c8", 180.0), Map.entry("my_custom", 55.0),
            Map.entry("other_custom", 3_200.0));

    private ManyTargetsRun() {}

    /** The whole run, nine targets. */
    static RunData all() {
        return of(TARGETS);
    }

    /** The run of {@code targets} only, in their order of {@link #TARGETS}. */
    static RunData of(List<String> targets) {
        List<CellResult> cells = new ArrayList<>();
        List<PlannedCell> planned = new ArrayList<>();
        for (Map.Entry<String, Double> benchmark : BENCHMARKS) {
            String name = benchmark.getKey();
            String base = name.replaceAll("_c8$", "");
            int concurrency = name.endsWith("_c8") ? 8 : 1;
            for (String target : TARGETS) {
                if (!targets.contains(target) || target.equals("koog") && name.equals("my_custom")) {
                    continue;
                }
                PlannedCell cell = new PlannedCell(target, base, concurrency);
                planned.add(cell);
                if (target.equals("llmagent") && name.equals("tools")) {
                    cells.add(CellResult.failed(cell, CellStatus.FAILED, "turn 1, step 2: no tool call in the reply",
                            List.of()));
                } else if (target.equals("agentscope") && name.equals("loop10")) {
                    cells.add(CellResult.failed(cell, CellStatus.MISSING, "no result: the cell did not run", List.of()));
                } else {
                    cells.add(ok(target, base, concurrency, name, median(target, name)));
                }
            }
        }
        RunInfo info = new RunInfo("20261202-180000-nine", RunStatus.COMPLETED, "2026-12-02T18:00:00Z",
                "2026-12-02T19:10:00Z", List.of("run", "--targets", String.join(",", targets)), Map.of(), planned,
                Map.of("java.version", "17.0.15"));
        return new RunData(new RunLayout(Path.of(info.runId())), info, cells);
    }

    /** The median time in nanoseconds that {@code target}'s cell {@code name} has (every fork's median about it). */
    static double median(String target, String name) {
        double floor = BENCHMARKS.stream().filter(entry -> entry.getKey().equals(name)).findFirst().orElseThrow()
                .getValue();
        return Math.round(floor * FACTORS[TARGETS.indexOf(target)] * 1000);
    }

    private static CellResult ok(String target, String benchmark, int concurrency, String name, double median) {
        long nanos = Math.round(median);
        List<Fork> forks = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            // the forks' medians at -1%, 0 and +1%: the cell's median is the second's
            long forkMedian = Math.round(nanos * (1 + 0.01 * (i - 2)));
            long step = Math.max(1, nanos / 200);
            List<Long> samples = LongStream.rangeClosed(-6, 6).map(k -> forkMedian + k * step).boxed().toList();
            TimeStats time = new TimeStats(TimeStats.NANOS, samples.size(), forkMedian, forkMedian + 5 * step,
                    forkMedian + 6 * step, forkMedian, 3.7 * step, forkMedian - 6 * step, forkMedian + 6 * step);
            forks.add(new Fork(i, time, samples, null, true, 1.0, cpu(median * (1.1 + 0.01 * i)), memory(benchmark, median),
                    throughput(concurrency, forkMedian), null, null, List.of(), List.of()));
        }
        TimeStats time = new TimeStats(TimeStats.NANOS, 39, nanos, nanos * 1.03, nanos * 1.04, nanos, nanos * 0.012,
                nanos * 0.96, nanos * 1.04);
        return new CellResult(RunLayout.FORMAT, target, benchmark, concurrency, name, CellStatus.OK, null, time, 200,
                true, 1.0, List.of(), List.of(), memory(benchmark, median), throughput(concurrency, nanos), null, null,
                List.of(), forks, cpu(median * 1.12), List.of());
    }

    private static Cpu cpu(double nanosPerOp) {
        return new Cpu(nanosPerOp, Math.round(nanosPerOp * 10_000), 10_000);
    }

    /** About 40 bytes allocated per ns of time; the footprint's retained heap per live agent. */
    private static Memory memory(String benchmark, double median) {
        boolean footprint = benchmark.equals("memory_footprint");
        return new Memory(Math.rint(median * 40), true, footprint ? Math.rint(median * 12) : null,
                footprint ? "agent" : null);
    }

    private static Throughput throughput(int concurrency, double nanos) {
        return concurrency == 1 ? null : new Throughput(concurrency * 1e9 / nanos, concurrency * 1e9 / nanos);
    }
}
