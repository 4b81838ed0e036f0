package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.StreamTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentbench publish}: a copy of a run's records and reports in which no path under the root
 * shows, the run's own files untouched; bad input is one line and exit 2, and copies nothing.
 */
class PublishCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> PUBLISHED = List.of("run.json", "summary.json", "report.md", "report.html",
            "jmh-result.json");

    /** A reported run whose settings name a plugin folder under {@code checkout}, as a run from a checkout's does. */
    private static Path reportedRun(Path results, Path checkout) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ObjectNode info = (ObjectNode) MAPPER.readTree(runDir.resolve("run.json").toFile());
        info.putObject("settings").put("pluginDirs", "[" + checkout.resolve("bench-cli/target/plugins") + "]");
        MAPPER.writeValue(runDir.resolve("run.json").toFile(), info);
        assertThat(CommandLineTest.execute("report", runDir.toString()).exitCode()).isZero();
        return runDir;
    }

    @Test
    void thePublishedCopyNamesPathsUnderTheRootRelativeToIt(@TempDir Path temp) throws Exception {
        Path checkout = temp.resolve("home/someone/agentbench");
        Path runDir = reportedRun(temp.resolve("results"), checkout);
        Path dest = temp.resolve("site/run-a");

        CommandLineTest.Outcome outcome = CommandLineTest.execute("publish", runDir.toString(), dest.toString(),
                "--root", checkout.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(outcome.err()).isEmpty();
        // the path is in run.json, summary.json and report.md's settings; report.html shows them too
        assertThat(outcome.out()).startsWith("Published " + runDir + " to " + dest + ": 5 files, ")
                .endsWith(" paths under " + checkout + " made relative to it\n");
        for (String name : PUBLISHED) {
            String published = Files.readString(dest.resolve(name));
            assertThat(published).as(name).doesNotContain(checkout.toString());
        }
        assertThat(Files.readString(dest.resolve("report.md"))).contains("pluginDirs=[bench-cli/target/plugins]");
        assertThat(MAPPER.readTree(dest.resolve("run.json").toFile()).path("settings").path("pluginDirs").asText())
                .isEqualTo("[bench-cli/target/plugins]");
        assertThat(Files.readString(runDir.resolve("report.md"))).as("the run's own report")
                .contains("pluginDirs=[" + checkout.resolve("bench-cli/target/plugins") + "]");
        assertThat(dest.resolve("raw")).as("cell files are not published").doesNotExist();
    }

    @Test
    void aCellsStreamTimelineIsPublishedBesideItsCellAndThePageDrawsItFromTheCopy(@TempDir Path temp)
            throws Exception {
        Path runDir = reportedRun(temp.resolve("results"), temp);
        RunLayout layout = new RunLayout(runDir);
        PlannedCell raw = new PlannedCell("raw", "turn1", 1);
        MAPPER.writeValue(layout.cellStream(raw).toFile(), new StreamTimeline("raw", "turn1",
                List.of(0.0, 20_000.0, 40_000.0), List.of(150.0, 20_150.0, 40_150.0)));
        Path dest = temp.resolve("site/run-a");

        CommandLineTest.Outcome outcome = CommandLineTest.execute("publish", runDir.toString(), dest.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(outcome.out()).startsWith("Published " + runDir + " to " + dest + ": 6 files, ");
        assertThat(MAPPER.readTree(dest.resolve("raw/turn1.stream.json").toFile()).path("deliveriesMicros"))
                .as("the timeline, copied to where the run has it").hasSize(3);
        try (var copied = Files.list(dest.resolve("raw"))) {
            assertThat(copied.map(file -> file.getFileName().toString()))
                    .as("the cell's result and log are not published").containsExactly("turn1.stream.json");
        }
        assertThat(dest.resolve("noop")).as("a cell without a timeline leaves no folder").doesNotExist();

        Path page = temp.resolve("site/index.html");
        CommandLineTest.Outcome drawn = CommandLineTest.execute("page", dest.toString(), "-o", page.toString());
        assertThat(drawn.exitCode()).as(drawn.err()).isZero();
        assertThat(Files.readString(page)).contains("Stream timelines")
                .contains("raw turn1: 3 chunks written, 3 pieces delivered");
    }

    @Test
    void theRootIsTheCurrentDirectoryUnlessGiven(@TempDir Path temp) throws Exception {
        Path here = Path.of("").toAbsolutePath();
        Path runDir = reportedRun(temp.resolve("results"), here);
        Path dest = temp.resolve("published");

        CommandLineTest.Outcome outcome = CommandLineTest.execute("publish", runDir.toString(), dest.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(Files.readString(dest.resolve("report.md"))).contains("pluginDirs=[bench-cli/target/plugins]")
                .doesNotContain(here.toString());
    }

    @Test
    void aPathThatOnlyContainsTheRootOrIsTheRootItselfIsLeft() {
        Path base = Path.of("/work");
        PublishCommand.Relative relative = PublishCommand.relativeTo(base,
                "a=/work/x, b=/other/work/y, c=/work, d=[/work/z]");
        assertThat(relative.text()).isEqualTo("a=x, b=/other/work/y, c=/work, d=[z]");
        assertThat(relative.paths()).isEqualTo(2);
    }

    @Test
    void aPathAsJsonEscapesItsBackslashesIsMadeRelativeToo() {
        // on Windows a folder is C:\work; JSON writes it C:\\work. Here a backslash is a letter of a name.
        Path base = Path.of("/tmp/a\\b");
        PublishCommand.Relative relative = PublishCommand.relativeTo(base,
                "{\"plain\":\"/tmp/a\\b/x\",\"json\":\"/tmp/a\\\\b/y\"}");
        assertThat(relative.text()).isEqualTo("{\"plain\":\"x\",\"json\":\"y\"}");
        assertThat(relative.paths()).isEqualTo(2);
    }

    @Test
    void aRunWithoutItsReportsIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = ReportCommandTest.run(temp.resolve("results"));
        Path dest = temp.resolve("site");
        CommandLineTest.Outcome outcome = CommandLineTest.execute("publish", runDir.toString(), dest.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).isEqualTo("agentbench: The run [" + runDir + "] has no summary.json: write its "
                + "reports first with 'agentbench report " + runDir + "'\n");
        assertThat(dest).doesNotExist();
    }

    @Test
    void aDestinationThatIsTheRunOrAFileIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = reportedRun(temp.resolve("results"), temp);
        CommandLineTest.Outcome own = CommandLineTest.execute("publish", runDir.toString(), runDir.toString());
        assertThat(own.exitCode()).isEqualTo(Main.USAGE);
        assertThat(own.err()).isEqualTo("agentbench: DEST_DIR [" + runDir + "] is the run's own folder: name another\n");

        Path file = Files.writeString(temp.resolve("a-file"), "x");
        CommandLineTest.Outcome onFile = CommandLineTest.execute("publish", runDir.toString(), file.toString());
        assertThat(onFile.exitCode()).isEqualTo(Main.USAGE);
        assertThat(onFile.err()).isEqualTo("agentbench: DEST_DIR [" + file + "] is a file: name a folder\n");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void theFileSystemsRootAsRootIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = reportedRun(temp.resolve("results"), temp);
        Path dest = temp.resolve("site");
        CommandLineTest.Outcome outcome = CommandLineTest.execute("publish", runDir.toString(), dest.toString(),
                "--root", "/");
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).startsWith("agentbench: --root [/] is the file system's root").hasLineCount(1);
        assertThat(dest).doesNotExist();
    }

    @Test
    void aDestinationThatCannotBeMadeIsOneLineAndExitTwo(@TempDir Path temp) throws Exception {
        Path runDir = reportedRun(temp.resolve("results"), temp);
        Path file = Files.writeString(temp.resolve("a-file"), "x");
        Path dest = file.resolve("site");
        CommandLineTest.Outcome outcome = CommandLineTest.execute("publish", runDir.toString(), dest.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).startsWith("agentbench: Cannot publish the run [" + runDir + "] to [" + dest + "]: ")
                .doesNotContain("\tat ").hasLineCount(1);
    }
}
