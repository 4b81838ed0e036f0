package dev.agentbench.core.child;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.Noise;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.measure.Measurement;
import java.util.List;

/**
 * What one fork measured, complete, while its agents may still be open: its OK result can be
 * written, and written again with warnings about closing them. A class rather than a record, like
 * everything on a cold start's path.
 */
final class Measured {

    private final PlannedCell cell;
    private final int fork;
    private final Measurement measurement;
    private final JvmContext jvm;
    private final Noise noise;
    private final List<String> own;

    /**
     * @param jvm what the fork's JVM did; {@code null} when not measured
     */
    Measured(PlannedCell cell, int fork, Measurement measurement, JvmContext jvm) {
        this(cell, fork, measurement, jvm, null);
    }

    /**
     * @param noise what the machine did around the timed pass besides the cell; {@code null} when not
     *     read
     */
    Measured(PlannedCell cell, int fork, Measurement measurement, JvmContext jvm, Noise noise) {
        this(cell, fork, measurement, jvm, noise, List.of());
    }

    /**
     * @param own the warnings the measurement itself gave ({@link dev.agentbench.core.kind.ChildRun#warnings})
     */
    Measured(PlannedCell cell, int fork, Measurement measurement, JvmContext jvm, Noise noise, List<String> own) {
        this.own = List.copyOf(own);
        this.cell = cell;
        this.fork = fork;
        this.measurement = measurement;
        this.jvm = jvm;
        this.noise = noise;
    }

    /** The fork's OK result with the measurement's own warnings, then {@code warnings}. */
    CellResult result(List<String> warnings) {
        List<String> all = new java.util.ArrayList<>(own);
        all.addAll(warnings);
        CellResult result = measurement.toResult(cell, fork, jvm, all);
        if (noise == null) {
            return result;
        }
        Fork one = result.forks().get(0).withNoise(noise);
        return new CellResult(result.target(), result.benchmark(), result.concurrency(), result.name(), result.status(),
                result.error(), result.time(), result.warmupIterations(), result.steadyState(), result.drift(),
                result.logTail(), result.memory(), result.throughput(), result.turnLatency(), result.jvm(),
                result.figures(), List.of(one), result.cpu(), result.warnings()).withParams(result.params());
    }
}
