package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentbench report}, in process: it rebuilds reports from a run directory and measures nothing. */
class ReportCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String RUN_ID = "20261129-101500-k3x9";
    private static final List<String> ALL = List.of("summary.json", "report.md", "report.html", "jmh-result.json");

    private static CommandLineTest.Outcome execute(String... args) {
        return CommandLineTest.execute(args);
    }

    /** A results directory with one run of raw and noop on turn1, noop's cell failed. */
    static Path run(Path results) throws Exception {
        Path runDir = results.resolve(RUN_ID);
        Files.createDirectories(runDir);
        RunLayout layout = new RunLayout(runDir);
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        PlannedCell noop = new PlannedCell("noop", "turn1", 1);
        MAPPER.writeValue(layout.runJson().toFile(), new RunInfo(RUN_ID, RunStatus.COMPLETED, "2026-11-29T10:15:00Z",
                "2026-11-29T10:16:00Z", List.of("run"), Map.of(), List.of(raw, noop), Map.of("java.version", "17")));
        Files.createDirectories(layout.targetDir("raw"));
        TimeStats time = new TimeStats("ns", 3, 2e5, 3e5, 3e5, 2.1e5, 1e4, 1.9e5, 3e5);
        MAPPER.writeValue(layout.cellResult(raw).toFile(), new CellResult(RunLayout.FORMAT, "raw", "turn1", 1, "turn1",
                CellStatus.OK, null, time, 10, true, 1.0, List.of(190_000L, 200_000L, 300_000L), List.of(), null, null,
                null, null, List.of(), List.of(), null, List.of()));
        Files.createDirectories(layout.targetDir("noop"));
        MAPPER.writeValue(layout.cellResult(noop).toFile(),
                CellResult.failed(noop, CellStatus.FAILED, "turn 0, step 0: no reply", List.of()));
        return runDir;
    }

    private static void assertWritten(Path runDir, List<String> names, CommandLineTest.Outcome outcome) throws Exception {
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out().lines()).hasSize(names.size());
        for (String name : ALL) {
            assertThat(Files.exists(runDir.resolve(name))).as(name).isEqualTo(names.contains(name));
        }
        for (String name : names) {
            assertThat(outcome.out()).contains("Wrote " + runDir.resolve(name));
        }
    }

    @Test
    void everyFormatIsRebuiltByDefaultAndAFailedCellIsNoFailureOfTheCommand(@TempDir Path results) throws Exception {
        Path runDir = run(results);
        CommandLineTest.Outcome outcome = execute("report", runDir.toString());
        assertWritten(runDir, ALL, outcome);
        assertThat(Files.readString(runDir.resolve("report.md"))).contains("`noop/turn1` FAILED: turn 0, step 0: no reply");
        assertThat(Files.readString(runDir.resolve("report.html"))).contains("turn 0, step 0: no reply");
    }

    @Test
    void aRunWhoseCellFilesAreGoneIsReportedFromItsSummaryJson(@TempDir Path results) throws Exception {
        Path runDir = run(results);
        assertThat(execute("report", runDir.toString(), "--format", "json").exitCode()).isZero();
        Files.delete(new RunLayout(runDir).cellResult(new PlannedCell("raw", "turn1", 1)));
        Files.delete(new RunLayout(runDir).cellResult(new PlannedCell("noop", "turn1", 1)));

        CommandLineTest.Outcome outcome = execute("report", runDir.toString());

        assertWritten(runDir, ALL, outcome);
        String markdown = Files.readString(runDir.resolve("report.md"));
        assertThat(markdown).contains("| Note | cells read from summary.json: no samples (every cell: their result files"
                        + " are gone).", "| turn1 | 200 µs |", "`noop/turn1` FAILED: turn 0, step 0: no reply")
                .doesNotContain("MISSING");
        assertThat(MAPPER.readTree(runDir.resolve("summary.json").toFile()).get("fromSummary"))
                .extracting(node -> node.asText()).containsExactly("raw/turn1", "noop/turn1");
    }

    @Test
    void aBrokenSummaryJsonACellIsReadFromIsOneLineNamingItAndExitCode2(@TempDir Path results) throws Exception {
        Path runDir = run(results);
        Files.delete(new RunLayout(runDir).cellResult(new PlannedCell("raw", "turn1", 1)));
        Files.writeString(runDir.resolve("summary.json"), "{\"cells\": [");

        CommandLineTest.Outcome outcome = execute("report", runDir.toString());

        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err().lines()).singleElement().asString().startsWith("agentbench: Cannot build the reports of ["
                + runDir + "]: [" + runDir.resolve("summary.json") + "] is not a readable summary.json: ");
    }

    @Test
    void formatsCanBeNamedRepeatedOrCommaSeparated(@TempDir Path temp) throws Exception {
        Path runDir = run(temp.resolve("one"));
        assertWritten(runDir, List.of("report.html", "jmh-result.json"),
                execute("report", runDir.toString(), "--format", "html", "-f", "jmh"));
        Path other = run(temp.resolve("two"));
        assertWritten(other, List.of("summary.json", "report.md"),
                execute("report", other.toString(), "--format", "md,json,md"));
    }

    @Test
    void theBaselineCanBeChosen(@TempDir Path results) throws Exception {
        Path runDir = run(results);
        assertThat(execute("report", runDir.toString(), "--format", "json", "--baseline", "noop").exitCode()).isZero();
        JsonNode summary = MAPPER.readTree(runDir.resolve("summary.json").toFile());
        assertThat(summary.get("baseline").asText()).isEqualTo("noop");
    }

    @Test
    void aLatestLinkALatestFileAndAResultsDirectoryAllNameTheRun(@TempDir Path results) throws Exception {
        Path runDir = run(results);
        Path latest = results.resolve("latest");
        Files.createSymbolicLink(latest, Path.of(RUN_ID));
        CommandLineTest.Outcome viaLink = execute("report", latest.toString(), "--format", "md");
        assertThat(viaLink.exitCode()).as(viaLink.err()).isZero();
        assertThat(runDir.resolve("report.md")).exists();

        Files.delete(runDir.resolve("report.md"));
        CommandLineTest.Outcome viaResults = execute("report", results.toString(), "--format", "md");
        assertThat(viaResults.exitCode()).as(viaResults.err()).isZero();
        assertThat(runDir.resolve("report.md")).exists();

        Files.delete(latest);
        Files.writeString(latest, RUN_ID + "\n");
        Files.delete(runDir.resolve("report.md"));
        CommandLineTest.Outcome viaFile = execute("report", latest.toString(), "--format", "md");
        assertThat(viaFile.exitCode()).as(viaFile.err()).isZero();
        assertThat(viaFile.out()).contains("Wrote " + runDir.toAbsolutePath().resolve("report.md"));
        assertThat(runDir.resolve("report.md")).exists();
        Files.delete(runDir.resolve("report.md"));
        assertThat(execute("report", results.toString(), "--format", "md").exitCode()).isZero();
        assertThat(runDir.resolve("report.md")).exists();
    }

    @Test
    void aMissingDirectoryIsOneLineAndExitCode2(@TempDir Path results) {
        Path missing = results.resolve("nope");
        assertUsage(execute("report", missing.toString()), "agentbench: No such run directory [" + missing + "]");
    }

    @Test
    void aDirectoryWithoutRunJsonIsOneLineAndExitCode2(@TempDir Path empty) {
        assertUsage(execute("report", empty.toString()), "agentbench: No run.json in [" + empty
                + "]: not a run directory (nor a results directory: it has no latest entry)");
    }

    @Test
    void aLatestEntryNamingNoRunIsOneLineAndExitCode2(@TempDir Path results) throws Exception {
        Path latest = results.resolve("latest");
        Files.createSymbolicLink(latest, Path.of("20200101-000000-gone"));
        assertUsage(execute("report", latest.toString()),
                "agentbench: [" + latest + "] is a link to [20200101-000000-gone], which does not exist");
        assertUsage(execute("report", results.toString()),
                "agentbench: [" + latest + "] names no run directory that exists");
        Files.delete(latest);
        Files.writeString(latest, "20200101-000000-gone\n");
        assertUsage(execute("report", latest.toString()), "agentbench: [" + latest
                + "] names run [20200101-000000-gone], but there is no directory [" + results.resolve("20200101-000000-gone") + "]");
    }

    @Test
    void anUnreadableRunJsonIsOneLineAndExitCode2(@TempDir Path results) throws Exception {
        Path runDir = results.resolve(RUN_ID);
        Files.createDirectories(runDir);
        Files.writeString(runDir.resolve("run.json"), "{\"runId\": ");
        CommandLineTest.Outcome outcome = execute("report", runDir.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err().lines()).singleElement().asString()
                .startsWith("agentbench: Cannot build the reports of [" + runDir + "]: ");
    }

    @Test
    void anUnknownFormatIsOneLineAndExitCode2WrittenBeforeAnythingIsRead(@TempDir Path results) throws Exception {
        Path runDir = run(results);
        assertUsage(execute("report", runDir.toString(), "--format", "pdf"),
                "agentbench: Unknown format [pdf]; known formats: [json, md, html, jmh]");
        assertThat(runDir.resolve("report.md")).doesNotExist();
    }

    @Test
    void withoutARunDirectoryTheCommandSaysWhatItNeeds() {
        CommandLineTest.Outcome outcome = execute("report");
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err().lines()).singleElement().asString().contains("RUN_DIR").contains("agentbench report --help");
    }

    @Test
    void helpShowsExamples() {
        CommandLineTest.Outcome outcome = execute("report", "--help");
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.out()).contains("Rebuilds the reports of a run", "Examples:", "agentbench report results/latest",
                "--format", "--baseline");
        assertThat(execute("--help").out()).contains("report");
    }

    private static void assertUsage(CommandLineTest.Outcome outcome, String line) {
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.out()).isEmpty();
        assertThat(outcome.err()).isEqualTo(line + System.lineSeparator());
    }
}
