package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.core.RunListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes a run's reports (summary.json, report.md, report.html, jmh-result.json) into its run
 * directory when the run finishes: completed, stopped by its time budget, or interrupted (then from
 * the shutdown hook or the interrupted thread, with the cells that finished). bench-core knows
 * nothing of reports; the command line registers this listener, and so does a program that wants
 * them:
 *
 * <pre>{@code
 * ReportsListener reports = new ReportsListener();
 * new BenchRunner(BenchOptions.builder().targets(List.of("raw")).listener(reports).build()).run();
 * Path markdown = reports.report().orElseThrow();
 * }</pre>
 *
 * <p>A report that cannot be written never fails the run: what was measured stays in the run
 * directory, {@link #error()} says why, and {@code agentbench report} can write them later. The
 * listeners added after this one find the reports written when they are told that the run finished.
 * What it holds is of the last run it was told of.
 */
public final class ReportsListener implements RunListener {

    /** Told what became of the reports, at once after they were written or failed. */
    public interface Outcome {

        /**
         * The run's reports were written into its run directory.
         *
         * @param reports the files written: summary.json, report.md, report.html, jmh-result.json
         */
        default void reportsWritten(Path runDir, List<Path> reports) {}

        /**
         * The run's reports could not be written.
         *
         * @param error why, in one line
         */
        default void reportsFailed(Path runDir, String error) {}
    }

    private final ReportOptions options;
    private final Outcome outcome;
    private volatile List<Path> reports = List.of();
    private volatile String error;

    /** Reports against the default baseline ({@link ReportOptions#DEFAULT_BASELINE}). */
    public ReportsListener() {
        this(ReportOptions.defaults());
    }

    public ReportsListener(ReportOptions options) {
        this(options, new Outcome() {});
    }

    /** Reports as {@code options} say, and tells {@code outcome} what became of them. */
    public ReportsListener(ReportOptions options, Outcome outcome) {
        this.options = Objects.requireNonNull(options, "options");
        this.outcome = Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
        List<Path> written;
        try {
            written = List.copyOf(Reports.write(runDir, options));
        } catch (IOException | RuntimeException e) {
            reports = List.of();
            error = "could not write the reports of [" + runDir + "]: " + e.getMessage();
            outcome.reportsFailed(runDir, error);
            return;
        }
        reports = written;
        error = null;
        outcome.reportsWritten(runDir, written);
    }

    /** The reports written, in the order of {@link Reports#formats()}; empty when none were. */
    public List<Path> reports() {
        return reports;
    }

    /** The Markdown report, when the reports were written. */
    public Optional<Path> report() {
        String markdown = new MarkdownFormat().fileName();
        return reports.stream().filter(path -> path.getFileName().toString().equals(markdown)).findFirst();
    }

    /** Why the reports could not be written; empty when they were, or the run has not finished. */
    public Optional<String> error() {
        return Optional.ofNullable(error);
    }
}
