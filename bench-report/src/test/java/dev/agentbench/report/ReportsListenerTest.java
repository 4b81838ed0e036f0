package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reports of a run are written when it finishes, interrupted too, and a failure to write them is told, not thrown. */
class ReportsListenerTest {

    @TempDir
    Path dir;

    private final List<String> told = new ArrayList<>();

    private final ReportsListener.Outcome outcome = new ReportsListener.Outcome() {
        @Override
        public void reportsWritten(Path runDir, List<Path> reports) {
            told.add("written " + reports.stream().map(path -> path.getFileName().toString()).toList());
        }

        @Override
        public void reportsFailed(Path runDir, String error) {
            told.add("failed " + error);
        }
    };

    /** An interrupted run of raw and noop on turn1: raw's cell ended TIMEOUT, noop's never ran. */
    private RunInfo interruptedRun(Path runDir) throws IOException {
        RunLayout layout = new RunLayout(runDir);
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        PlannedCell noop = new PlannedCell("noop", "turn1", 1);
        RunInfo info = new RunInfo("20261201-120000-abcd", RunStatus.INTERRUPTED, "2026-12-01T12:00:00Z",
                "2026-12-01T12:01:00Z", List.of("run"), Map.of(), List.of(raw, noop), Map.of("java.version", "17"));
        Files.createDirectories(layout.targetDir("raw"));
        ResultsJson.write(layout.runJson(), info);
        ResultsJson.write(layout.cellResult(raw), CellResult.failed(raw, CellStatus.TIMEOUT, "took too long",
                List.of()));
        return info;
    }

    @Test
    void anInterruptedRunsReportsAreWrittenWhenItFinishesAgainstTheBaseline() throws IOException {
        Path runDir = dir.resolve("run");
        RunInfo info = interruptedRun(runDir);
        ReportsListener reports = new ReportsListener(new ReportOptions("noop"), outcome);
        assertThat(reports.report()).as("before the run finished").isEmpty();

        reports.runFinished(runDir, info, List.of());

        assertThat(told).containsExactly("written [summary.json, report.md, report.html, jmh-result.json]");
        assertThat(reports.reports()).allSatisfy(file -> assertThat(file).isRegularFile().hasParent(runDir));
        assertThat(reports.report()).contains(runDir.resolve("report.md"));
        assertThat(reports.error()).isEmpty();
        assertThat(Files.readString(runDir.resolve("report.md"))).contains("INTERRUPTED", "took too long");
        assertThat(ResultsJson.mapper().readTree(runDir.resolve("summary.json").toFile()).path("baseline").asText())
                .isEqualTo("noop");
    }

    @Test
    void reportsThatCannotBeWrittenAreToldWithWhyAndNeverThrown() throws IOException {
        Path notARun = Files.createDirectories(dir.resolve("empty"));
        ReportsListener reports = new ReportsListener(ReportOptions.defaults(), outcome);

        reports.runFinished(notARun, null, List.of());

        String why = "could not write the reports of [" + notARun + "]: No run.json in [" + notARun
                + "]: not a run directory";
        assertThat(told).containsExactly("failed " + why);
        assertThat(reports.error()).contains(why);
        assertThat(reports.reports()).isEmpty();
        assertThat(reports.report()).isEmpty();
    }
}
