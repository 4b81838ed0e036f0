package dev.agentbench.core.measure;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What a kind's procedure measured in a cell, before the cell's names and JVM context are added.
 *
 * @param samples the timed samples in nanoseconds, in the order measured
 * @param warmupIterations iterations run before them
 * @param steady the steady-state verdict; {@code null} when not measured
 * @param memory allocated or retained bytes; {@code null} when not measured
 * @param throughput {@code null} when not measured
 * @param turnLatency {@code null} when not measured
 * @param metrics the kind's own figures by name
 */
public record Measurement(long[] samples, int warmupIterations, SteadyState steady, Memory memory,
        Throughput throughput, TimeStats turnLatency, Map<String, Double> metrics) {

    public Measurement {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("A measurement needs at least one sample, got [0]");
        }
        metrics = metrics == null ? Map.of() : Map.copyOf(metrics);
    }

    /** A dry run's one checked iteration: its time, and nothing else. */
    public static Measurement dryRun(long[] samples) {
        return new Measurement(samples, 0, null, null, null, null, Map.of());
    }

    /** The OK result of {@code cell}. */
    public CellResult toResult(PlannedCell cell, JvmContext jvm) {
        List<Long> kept = Arrays.stream(samples).boxed().toList();
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                Statistics.of(samples), warmupIterations, steady == null ? null : steady.steady(),
                steady == null ? null : steady.drift(), kept, List.of(), memory, throughput, turnLatency, jvm, metrics);
    }
}
