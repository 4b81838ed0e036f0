package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import java.nio.file.Path;
import java.util.List;

/**
 * Told what a run is doing, for progress output and reports. Every method does nothing by
 * default. Methods are called from the thread running {@link BenchRunner#run()}, except
 * {@link #runFinished} after an interruption, which the JVM's shutdown hook calls.
 */
public interface RunListener {

    /** A listener that does nothing. */
    RunListener NONE = new RunListener() {};

    /** The run directory exists and {@code run.json} says RUNNING; no cell has started. */
    default void runStarted(Path runDir, RunInfo info) {}

    /**
     * A cell's child JVM is about to start.
     *
     * @param index the cell's position in the plan, from 0
     * @param total how many cells the run planned
     */
    default void cellStarted(PlannedCell cell, int index, int total) {}

    /** A cell ended, in any status; a failed cell's result carries the tail of its log. */
    default void cellFinished(CellResult result, int index, int total) {}

    /**
     * The run ended: normally ({@code info.status()} COMPLETED), or by Ctrl-C / SIGTERM
     * (INTERRUPTED, called from the shutdown hook after every child and the mock were killed).
     * {@code run.json} has been written with the final status.
     *
     * @param results one per planned cell, in planned order; cells without a result are MISSING
     */
    default void runFinished(Path runDir, RunInfo info, List<CellResult> results) {}
}
