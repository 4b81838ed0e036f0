package dev.agentbench.core.measure;

import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import java.util.function.Consumer;

/** The lines a fork's log says of its warm-up and timed pass, worded once for every kind. */
final class WarmupLog {

    private WarmupLog() {}

    static void warmedUp(Consumer<String> log, WarmupRun warmed, String what) {
        log.accept(String.format(java.util.Locale.ROOT, "warm-up: %d %s in %d ms, %d windows, %s", warmed.iterations(),
                what, warmed.nanos() / 1_000_000, warmed.windows().size(), !warmed.capped() ? "steady"
                        : warmed.compilerBusy() ? String.format(java.util.Locale.ROOT, "NOT steady at the cap, the JIT "
                                + "compiler still busy (%.0f%% of the last window)", warmed.compileShare() * 100)
                        : "NOT steady at the cap"));
    }

    /** As {@link #warmedUp(Consumer, WarmupRun, String)}, for a warm-up its {@link HeapBudget} may have ended. */
    static void warmedUp(Consumer<String> log, WarmupRun warmed, String what, HeapBudget budget) {
        if (!budget.endedWarmup()) {
            warmedUp(log, warmed, what);
            return;
        }
        log.accept(String.format("warm-up: %d %s in %d ms, %d windows, ended by the heap budget with %s retained, %s",
                warmed.iterations(), what, warmed.nanos() / 1_000_000, warmed.windows().size(),
                HeapBudget.bytes(budget.warmupRetained()), warmed.capped() ? "NOT steady" : "steady"));
    }

    static void timed(Consumer<String> log, String what, TimeStats time, Cpu cpu, Warmup warmup) {
        log.accept(String.format("timed: %d %s, median %d ns, p99 %d ns%s; series %s, %s", time.n(), what,
                Math.round(time.median()), Math.round(time.p99()),
                cpu == null ? "" : String.format(", cpu %d ns/op", Math.round(cpu.nanosPerOp())), warmup.shape(),
                warmup.steady() ? "steady" : "NOT steady"));
    }
}
