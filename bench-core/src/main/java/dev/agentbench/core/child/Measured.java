package dev.agentbench.core.child;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.JvmContext;
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

    /**
     * @param jvm what the fork's JVM did; {@code null} when not measured
     */
    Measured(PlannedCell cell, int fork, Measurement measurement, JvmContext jvm) {
        this.cell = cell;
        this.fork = fork;
        this.measurement = measurement;
        this.jvm = jvm;
    }

    /** The fork's OK result with {@code warnings}, its fork's and its own. */
    CellResult result(List<String> warnings) {
        return measurement.toResult(cell, fork, jvm, warnings);
    }
}
