package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A run's listeners as one: tells each of them every event, in the order they were added. A
 * listener that throws is reported on stderr, in one line, and the others are still told: a
 * listener's bug never stops a run or loses what it measured.
 */
final class Listeners implements RunListener {

    private final List<RunListener> listeners;
    private final PrintStream err;

    Listeners(List<RunListener> listeners, PrintStream err) {
        this.listeners = List.copyOf(listeners);
        this.err = err;
    }

    private void each(String event, Consumer<RunListener> call) {
        for (RunListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                err.println("agentbench: run listener [" + listener.getClass().getName() + "] failed in " + event
                        + ": " + e);
            }
        }
    }

    @Override
    public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
        each("runStarted", listener -> listener.runStarted(runDir, info, benchmarks));
    }

    @Override
    public void mockWarmed(MockWarmup warmup) {
        each("mockWarmed", listener -> listener.mockWarmed(warmup));
    }

    @Override
    public void mockRestarted(MockRestart restart) {
        each("mockRestarted", listener -> listener.mockRestarted(restart));
    }

    @Override
    public void forkStarted(PlannedCell cell, int fork, int forks, int step, int steps) {
        each("forkStarted", listener -> listener.forkStarted(cell, fork, forks, step, steps));
    }

    @Override
    public void forkFinished(CellResult result, int fork, int forks, int step, int steps) {
        each("forkFinished", listener -> listener.forkFinished(result, fork, forks, step, steps));
    }

    @Override
    public void cellFinished(CellResult result, int index, int total) {
        each("cellFinished", listener -> listener.cellFinished(result, index, total));
    }

    @Override
    public void profileStarted(PlannedCell cell, int step, int steps) {
        each("profileStarted", listener -> listener.profileStarted(cell, step, steps));
    }

    @Override
    public void profileFinished(PlannedCell cell, Profile profile, String warning, int step, int steps) {
        each("profileFinished", listener -> listener.profileFinished(cell, profile, warning, step, steps));
    }

    @Override
    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
        each("runFinished", listener -> listener.runFinished(runDir, info, results));
    }
}
