package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.agentbench.api.result.CellStatus;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * Seals the machine-readable and the human-readable formats against two fixed run directories. The
 * first ({@code run-fixed/}) is of results format 1, one JVM per cell, and must stay readable: OK,
 * FAILED, TIMEOUT, MISSING and unreadable cells, {@code _cN} variants, a custom benchmark, a target
 * that planned only some rows (the others are "not run"), and result files of cells the run did not
 * plan (which must not appear). The second ({@code run-forks/}) is of format 2: cells of two and three
 * forks with warm-up curves and CPU time, a fork that hit its warm-up cap and one that slowed down,
 * cold starts of one fork per JVM, a failed cell that kept the fork that ran, a cell with a warning
 * (its second fork's {@code close()} did not return), and the mock's warm-up. The third ({@code
 * run-profiles/}) is a run of {@code --profile jfr}: the {@code raw} floor's and ADK's {@code turn1},
 * each with its {@code <cell>.profile.json}. The fourth ({@link LoadRun}, written afresh for each test)
 * is a run of LOAD cells at N = 1, 16 and 64 beside a {@code turn1}, one of them FAILED.
 *
 * <p>After an intended change of format, regenerate the golden files with
 * {@code mvn -pl bench-report test -Dagentbench.golden.update=true} (each test that rewrites its file
 * fails, saying so), review the diff, and run the tests again without the property.
 */
class GoldenReportTest {

    /**
     * The property that rewrites every golden file that differs from what is rendered; each test that
     * rewrites one then fails, so that a run with it never passes on what it just wrote.
     */
    static final String UPDATE = "agentbench.golden.update";

    static Path fixedRun() throws URISyntaxException {
        return Paths.get(GoldenReportTest.class.getResource("/run-fixed/run.json").toURI()).getParent();
    }

    static Path forkRun() throws URISyntaxException {
        return Paths.get(GoldenReportTest.class.getResource("/run-forks/run.json").toURI()).getParent();
    }

    static Path profileRun() throws URISyntaxException {
        return Paths.get(GoldenReportTest.class.getResource("/run-profiles/run.json").toURI()).getParent();
    }

    private static void assertGolden(ReportFormat format, String golden) throws Exception {
        assertGolden(format, fixedRun(), golden);
    }

    private static void assertGolden(ReportFormat format, Path run, String golden) throws Exception {
        String rendered = format.render(RunData.read(run), ReportOptions.defaults());
        Path goldenFile = Path.of("src/test/resources/golden", golden);
        String sealed = Files.isRegularFile(goldenFile) ? Files.readString(goldenFile) : null;
        if (Boolean.getBoolean(UPDATE) && !rendered.equals(sealed)) {
            Files.createDirectories(goldenFile.getParent());
            Files.writeString(goldenFile, rendered);
            fail("Rewrote the golden file [" + goldenFile + "] (-D" + UPDATE + "=true): review its diff, then run"
                    + " the test again without -D" + UPDATE);
        }
        assertThat(sealed).as("the golden file [%s]; write it with -D%s=true", goldenFile, UPDATE).isNotNull();
        assertThat(rendered).isEqualTo(sealed);
    }

    @Test
    void summaryJsonIsSealed() throws Exception {
        assertGolden(new SummaryJsonFormat(), "summary.json");
    }

    @Test
    void markdownIsSealed() throws Exception {
        assertGolden(new MarkdownFormat(), "report.md");
    }

    @Test
    void jmhJsonIsSealed() throws Exception {
        assertGolden(new JmhJsonFormat(), "jmh-result.json");
    }

    @Test
    void summaryJsonOfForksIsSealed() throws Exception {
        assertGolden(new SummaryJsonFormat(), forkRun(), "forks/summary.json");
    }

    @Test
    void markdownOfForksIsSealed() throws Exception {
        assertGolden(new MarkdownFormat(), forkRun(), "forks/report.md");
    }

    @Test
    void jmhJsonOfForksIsSealed() throws Exception {
        assertGolden(new JmhJsonFormat(), forkRun(), "forks/jmh-result.json");
    }

    @Test
    void summaryJsonOfProfilesIsSealed() throws Exception {
        assertGolden(new SummaryJsonFormat(), profileRun(), "profiles/summary.json");
    }

    @Test
    void markdownOfProfilesIsSealed() throws Exception {
        assertGolden(new MarkdownFormat(), profileRun(), "profiles/report.md");
    }

    @Test
    void summaryJsonOfLoadIsSealed(@org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        assertGolden(new SummaryJsonFormat(), LoadRun.write(temp), "load/summary.json");
    }

    @Test
    void markdownOfLoadIsSealed(@org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        assertGolden(new MarkdownFormat(), LoadRun.write(temp), "load/report.md");
    }

    @Test
    void onlyPlannedCellsAreRead() throws Exception {
        RunData run = RunData.read(fixedRun());
        assertThat(run.cells()).extracting(cell -> cell.target() + "/" + cell.name()).containsExactly(
                "raw/cold_start", "noop/cold_start", "raw/memory_footprint", "noop/memory_footprint",
                "raw/turn1", "noop/turn1", "llmagent/turn1", "raw/turn1_c8", "noop/turn1_c8", "llmagent/turn1_c8",
                "raw/tools_c8", "noop/tools_c8", "llmagent/tools_c8",
                "raw/parallel_speedup", "noop/parallel_speedup", "raw/my_custom", "noop/my_custom");
        assertThat(run.cells()).filteredOn(cell -> cell.target().equals("noop") && cell.name().equals("tools_c8"))
                .singleElement().satisfies(cell -> assertThat(cell.status()).isEqualTo(CellStatus.MISSING));
    }

    @Test
    void aDirectoryWithoutRunJsonIsNoRun(@org.junit.jupiter.api.io.TempDir Path empty) {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunData.read(empty))
                .isInstanceOf(IOException.class)
                .hasMessage("No run.json in [" + empty + "]: not a run directory");
    }
}
