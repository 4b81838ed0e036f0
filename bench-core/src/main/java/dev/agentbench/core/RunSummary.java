package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run produced.
 *
 * @param runDir the run directory, {@code <results-dir>/<run-id>}
 * @param info what {@code run.json} holds at the end of the run
 * @param results one per planned cell, in planned order; a cell without a result is MISSING
 * @param reports the reports written into the run directory (summary.json, report.md, report.html,
 *     jmh-result.json); empty when they were turned off or could not be written
 * @param reportError why the reports could not be written; {@code null} when they were, or were
 *     turned off
 */
public record RunSummary(Path runDir, RunInfo info, List<CellResult> results, List<Path> reports,
        String reportError) {

    public RunSummary {
        Objects.requireNonNull(runDir, "runDir");
        Objects.requireNonNull(info, "info");
        results = List.copyOf(results);
        reports = List.copyOf(reports);
    }

    /** Whether the run completed and every planned cell is OK. */
    public boolean allOk() {
        return info.status() == RunStatus.COMPLETED
                && results.stream().allMatch(result -> result.status() == CellStatus.OK);
    }

    /** The Markdown report, when the reports were written. */
    public Optional<Path> report() {
        return reports.stream().filter(path -> path.getFileName().toString().equals("report.md")).findFirst();
    }
}
