package dev.agentbench.core.link;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.measure.PassSettings;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * What a child JVM is told to measure: the one message from parent to child, written as JSON.
 *
 * @param runDir the run directory, absolute; the child writes its result where
 *     {@link dev.agentbench.api.result.RunLayout#cellResult} says
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name the cell's name
 * @param iterations timed iterations
 * @param warmup the least number of warm-up iterations
 * @param warmupTimeMillis the least warm-up time
 * @param driftThreshold the steady-state threshold
 * @param footprintAgents agents a FOOTPRINT cell holds at once
 * @param growthSessions sessions a SESSION_GROWTH cell runs
 * @param dryRun one checked iteration, nothing else
 * @param mockUrl where the mock listens, for example {@code http://127.0.0.1:41234}
 * @param targetOptions the user's target options
 */
public record CellSpec(
        String runDir,
        String target,
        String benchmark,
        int concurrency,
        String name,
        int iterations,
        int warmup,
        long warmupTimeMillis,
        double driftThreshold,
        int footprintAgents,
        int growthSessions,
        boolean dryRun,
        String mockUrl,
        Map<String, String> targetOptions) {

    public CellSpec {
        Objects.requireNonNull(runDir, "runDir");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mockUrl, "mockUrl");
        if (iterations < 1) {
            throw new IllegalArgumentException("Iterations [" + iterations + "] must be at least 1");
        }
        if (warmup < 0 || warmupTimeMillis < 0) {
            throw new IllegalArgumentException("Warmup [" + warmup + ", " + warmupTimeMillis + " ms] must not be negative");
        }
        targetOptions = targetOptions == null ? Map.of() : Map.copyOf(targetOptions);
    }

    /** The cell this spec measures. */
    public PlannedCell plannedCell() {
        return new PlannedCell(target, benchmark, concurrency, name);
    }

    /** How to measure it. */
    public PassSettings passSettings() {
        return new PassSettings(concurrency, iterations, warmup, Duration.ofMillis(warmupTimeMillis), driftThreshold,
                footprintAgents, growthSessions, dryRun);
    }
}
