package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import java.nio.file.Path;
import java.util.List;

/**
 * Told what a run is doing: for progress output, and for what is made of a run when it ends (its
 * reports are written by one, {@code dev.agentbench.report.ReportsListener}). Every method does
 * nothing by default. Methods are called from the thread running {@link BenchRunner#run()}, except
 * {@link #runFinished} after Ctrl-C or SIGTERM, which the JVM's shutdown hook calls. A run may have
 * several listeners ({@link BenchOptions.Builder#listener}); each is told of every event, in the
 * order they were added, so a listener added after the reports listener finds the reports written
 * when it is told that the run finished.
 *
 * <p>A run is a sequence of steps: one step is one fork of one cell (one child JVM), except a cold
 * start cell, which is one step of its own however many JVMs it starts. The forks of one benchmark
 * rotate through the targets ({@code raw#1, llmagent#1, raw#2, llmagent#2}), so a cell's steps are
 * not consecutive; {@link #cellFinished} follows its last fork. A fork that the machine disturbed
 * ({@link dev.agentbench.api.result.Fork#disturbed()}) is rerun at once, in the same step: {@link
 * #forkStarted} and {@link #forkFinished} are told again, of one more fork of the cell ({@code fork 3
 * of 4} after fork 2 of 3 was disturbed).
 *
 * <p>In a profiled run ({@code --profile jfr}), every cell but a cold start has one more step after
 * its measured forks, its profile fork, which {@link #profileStarted} and {@link #profileFinished}
 * tell of rather than the fork methods. It comes after {@link #cellFinished}: its figures are never
 * merged into the cell's; and only a cell that ended OK has one.
 */
public interface RunListener {

    /** A listener that does nothing. */
    RunListener NONE = new RunListener() {};

    /**
     * The run directory exists and {@code run.json} says RUNNING; no cell has started.
     *
     * @param benchmarks the planned benchmarks, as the registry describes them
     */
    default void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {}

    /** The mock is warm (or its warm-up was cut short); the first step starts next. */
    default void mockWarmed(MockWarmup warmup) {}

    /**
     * The mock died, and a new one took its place ({@link MockRestart#restarted()}), or none could:
     * then the run stops after this, its unfinished cells MISSING. The cell in flight when it died,
     * if any, has been told of as failed; {@code run.json} records the restart.
     */
    default void mockRestarted(MockRestart restart) {}

    /**
     * A step's child JVM is about to start.
     *
     * @param fork which fork of the cell, from 1
     * @param forks how many forks the cell has (1 for a cold start)
     * @param step the step's position in the run, from 0
     * @param steps how many steps the run planned
     */
    default void forkStarted(PlannedCell cell, int fork, int forks, int step, int steps) {}

    /**
     * A step ended, in any status: for a fork, what its child wrote (its one {@link
     * dev.agentbench.api.result.Fork} when OK); for a cold start, the cell's result.
     */
    default void forkFinished(CellResult result, int fork, int forks, int step, int steps) {}

    /** A cell ended, in any status, its forks merged; a failed cell's result carries the tail of its log. */
    default void cellFinished(CellResult result, int index, int total) {}

    /**
     * A cell's profile fork is about to start: one more child JVM, after the cell's measured forks,
     * whose timed pass is recorded.
     *
     * @param step the step's position in the run, from 0
     * @param steps how many steps the run planned
     */
    default void profileStarted(PlannedCell cell, int step, int steps) {}

    /**
     * A cell's profile fork ended.
     *
     * @param profile the summary of its recording, written beside it; {@code null} when there is none
     * @param warning why there is no profile, for example {@code profile fork failed: ...}, which the
     *     cell's result now carries too; {@code null} when there is a profile
     */
    default void profileFinished(PlannedCell cell, Profile profile, String warning, int step, int steps) {}

    /**
     * The run ended: normally ({@code info.status()} COMPLETED, or STOPPED by its time budget), or
     * INTERRUPTED: by Ctrl-C / SIGTERM (called from the shutdown hook), or by an interrupt of the
     * thread running {@link BenchRunner#run()}, after every child and the mock were killed.
     * {@code run.json} has been written with the final status, and every planned cell that
     * finished has its result file: the run directory can be read ({@link dev.agentbench.core.results.RunResults#read}) and
     * reported on.
     *
     * @param results one per planned cell, in planned order; cells without a result are MISSING
     */
    default void runFinished(Path runDir, RunInfo info, List<CellResult> results) {}
}
