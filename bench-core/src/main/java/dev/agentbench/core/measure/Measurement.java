package dev.agentbench.core.measure;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import java.util.Arrays;
import java.util.List;

/**
 * What a kind's procedure measured in one fork, before the cell's names and JVM context are added.
 *
 * @param samples the timed samples in nanoseconds, in the order measured
 * @param warmup how the fork warmed up, with its whole series classified; {@code null} when it did not
 * @param cpu process CPU time over the timed pass; {@code null} when not measured
 * @param memory allocated or retained bytes; {@code null} when not measured
 * @param throughput {@code null} when not measured
 * @param turnLatency {@code null} when not measured
 * @param figures the kind's own figures, this fork's values
 */
public record Measurement(long[] samples, Warmup warmup, Cpu cpu, Memory memory, Throughput throughput,
        TimeStats turnLatency, List<Figure> figures) {

    public Measurement {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("A measurement needs at least one sample, got [0]");
        }
        figures = figures == null ? List.of() : List.copyOf(figures);
    }

    /** A dry run's one checked iteration: its time, and nothing else. */
    public static Measurement dryRun(long[] samples) {
        return new Measurement(samples, null, null, null, null, null, List.of());
    }

    /** This measurement with {@code figure} after its figures. */
    public Measurement withFigure(Figure figure) {
        List<Figure> more = new java.util.ArrayList<>(figures);
        more.add(figure);
        return new Measurement(samples, warmup, cpu, memory, throughput, turnLatency, more);
    }

    /**
     * The median of the last third of {@code samples} over the median of their first third (1.0 = no
     * drift); {@code null} for fewer than 3 samples or a first third of median 0.
     */
    public static Double drift(long[] samples) {
        int third = samples.length / 3;
        if (third == 0) {
            return null;
        }
        double first = Quantiles.median().compute(Arrays.copyOfRange(samples, 0, third));
        double last = Quantiles.median().compute(Arrays.copyOfRange(samples, samples.length - third, samples.length));
        return first <= 0 ? null : last / first;
    }

    /** The OK result of fork {@code fork} of {@code cell}: the cell's figures are this one fork's. */
    public CellResult toResult(PlannedCell cell, int fork, JvmContext jvm) {
        return toResult(cell, fork, jvm, List.of());
    }

    /**
     * The OK result of fork {@code fork} of {@code cell} with {@code warnings}, which are the fork's
     * and so the cell's.
     */
    public CellResult toResult(PlannedCell cell, int fork, JvmContext jvm, List<String> warnings) {
        TimeStats time = Statistics.of(samples);
        Boolean steady = warmup == null ? null : warmup.steady();
        Double drift = warmup == null ? null : drift(samples);
        List<Long> kept = Arrays.stream(samples).boxed().toList();
        Fork one = new Fork(fork, time, kept, warmup, steady, drift, cpu, memory, throughput, turnLatency, jvm, figures,
                warnings);
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                time, warmup == null ? 0 : warmup.iterations(), steady, drift, List.of(), memory, throughput,
                turnLatency, jvm, figures, List.of(one), cpu, warnings).withParams(cell.params());
    }
}
