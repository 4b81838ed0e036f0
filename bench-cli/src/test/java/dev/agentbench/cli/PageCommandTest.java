package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentbench page}: the page of the runs named, linking each run's reports from the page's
 * folder; bad input is one line and exit 2, and writes nothing.
 */
class PageCommandTest {

    @Test
    void thePageOfARunLinksItsReportsFromThePagesFolder(@TempDir Path temp) throws Exception {
        Path runDir = ReportCommandTest.run(temp.resolve("results"));
        assertThat(CommandLineTest.execute("report", runDir.toString()).exitCode()).isZero();
        Path page = temp.resolve("site").resolve("index.html");
        Files.createDirectories(page.getParent());

        CommandLineTest.Outcome outcome = CommandLineTest.execute("page", runDir.toString(), "-o", page.toString(),
                "--title", "Nightly");

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out()).isEqualTo("Wrote " + page + " (1 run)\n");
        String html = Files.readString(page);
        assertThat(html).contains("<title>Nightly</title>")
                .contains("<h2>" + runDir.getFileName() + " ")
                .contains("<a href=\"../results/" + runDir.getFileName() + "/report.html\">report.html</a>")
                .contains("<a href=\"../results/" + runDir.getFileName() + "/report.md\">report.md</a>")
                .contains("2 cells: 1 OK, 1 FAILED");
    }

    @Test
    void aRunThatIsNotThereIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = ReportCommandTest.run(temp.resolve("results"));
        Path page = temp.resolve("index.html");
        CommandLineTest.Outcome outcome = CommandLineTest.execute("page", runDir.toString(),
                temp.resolve("nosuch").toString(), "-o", page.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).isEqualTo("agentbench: No such run directory [" + temp.resolve("nosuch") + "]\n");
        assertThat(page).doesNotExist();
    }

    @Test
    void aFolderGivenAsThePageIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = ReportCommandTest.run(temp.resolve("results"));
        CommandLineTest.Outcome outcome = CommandLineTest.execute("page", runDir.toString(), "-o", temp.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).isEqualTo("agentbench: -o [" + temp + "] is a directory: name the page's file, for example ["
                + temp.resolve("index.html") + "]\n");
    }

    @Test
    void aPageThatCannotBeWrittenIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = ReportCommandTest.run(temp.resolve("results"));
        Path file = Files.writeString(temp.resolve("a-file"), "x");
        Path page = file.resolve("index.html");
        CommandLineTest.Outcome outcome = CommandLineTest.execute("page", runDir.toString(), "-o", page.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).startsWith("agentbench: Cannot write the page [" + page + "]: ")
                .doesNotContain("\tat ").hasLineCount(1);
    }

    @Test
    void aBrokenSummaryIsOneLineNamingTheRun(@TempDir Path temp) throws Exception {
        Path runDir = ReportCommandTest.run(temp.resolve("results"));
        Files.writeString(runDir.resolve("run.json"), "{\"format\": ");
        CommandLineTest.Outcome outcome = CommandLineTest.execute("page", runDir.toString(), "-o",
                temp.resolve("index.html").toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).startsWith("agentbench: Cannot read the run [" + runDir + "]: ").hasLineCount(1);
        assertThat(temp.resolve("index.html")).doesNotExist();
    }
}
