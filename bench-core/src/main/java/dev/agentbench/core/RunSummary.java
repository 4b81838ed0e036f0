package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a run produced.
 *
 * @param runDir the run directory, {@code <results-dir>/<run-id>}
 * @param info what {@code run.json} holds at the end of the run
 * @param results one per planned cell, in planned order; a cell without a result is MISSING
 */
public record RunSummary(Path runDir, RunInfo info, List<CellResult> results) {

    public RunSummary {
        Objects.requireNonNull(runDir, "runDir");
        Objects.requireNonNull(info, "info");
        results = List.copyOf(results);
    }

    /**
     * Whether the run completed and every planned cell is OK or not applicable (a target that cannot
     * do what a cell asks by design fails nothing).
     */
    public boolean allOk() {
        return info.status() == RunStatus.COMPLETED
                && results.stream().noneMatch(result -> result.status().failure());
    }
}
