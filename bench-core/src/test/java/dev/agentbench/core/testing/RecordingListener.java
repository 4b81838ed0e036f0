package dev.agentbench.core.testing;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.core.BenchmarkDescriptor;
import dev.agentbench.core.RunListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Records what a run told its listener, and when each cell started and finished. */
public final class RecordingListener implements RunListener {

    public final List<String> events = Collections.synchronizedList(new ArrayList<>());
    public final Map<String, Long> startedAt = new ConcurrentHashMap<>();
    public final Map<String, Long> finishedAt = new ConcurrentHashMap<>();
    public volatile List<CellResult> finalResults;

    @Override
    public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
        events.add("runStarted " + info.status() + " " + info.cells().size());
    }

    @Override
    public void forkStarted(PlannedCell cell, int fork, int forks, int step, int steps) {
        startedAt.putIfAbsent(cell.target() + "/" + cell.name(), System.nanoTime());
        events.add("forkStarted " + cell.target() + "/" + cell.name() + " #" + fork + "/" + forks + " "
                + (step + 1) + "/" + steps);
    }

    @Override
    public void forkFinished(CellResult result, int fork, int forks, int step, int steps) {
        events.add("forkFinished " + result.target() + "/" + result.name() + " #" + fork + " " + result.status());
    }

    @Override
    public void cellFinished(CellResult result, int index, int total) {
        finishedAt.put(result.target() + "/" + result.name(), System.nanoTime());
        events.add("cellFinished " + result.target() + "/" + result.name() + " " + result.status());
    }

    @Override
    public void profileStarted(PlannedCell cell, int step, int steps) {
        events.add("profileStarted " + cell.target() + "/" + cell.name() + " " + (step + 1) + "/" + steps);
    }

    @Override
    public void profileFinished(PlannedCell cell, Profile profile, String warning, int step, int steps) {
        events.add("profileFinished " + cell.target() + "/" + cell.name() + " "
                + (profile != null ? "profile" : "warning: " + warning));
    }

    @Override
    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
        finalResults = results;
        events.add("runFinished " + info.status() + " " + results.size());
    }

    /** Seconds between a cell's start and finish. */
    public double seconds(String cell) {
        return (finishedAt.get(cell) - startedAt.get(cell)) / 1e9;
    }
}
