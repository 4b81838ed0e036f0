package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cheap, representative few of the documents' commands, run exactly as the documents show them
 * (from a fresh working directory, so that {@code results/} is the run's own), with the real jar.
 * {@link DocCommandsTest} parses all of them; this runs the ones a first reader types.
 */
class DocCommandsIT {

    private static final Duration LIMIT = Duration.ofMinutes(3);

    /** Finds the command in the documents and runs it; it must be there, word for word. */
    private static JarRunner.Result runAsDocumented(Path work, String command) throws Exception {
        List<DocCommandsTest.DocCommand> documented = DocCommandsTest.commands().stream()
                .filter(found -> found.text().equals(command)).toList();
        assertThat(documented).as("[" + command + "] is shown in a document").isNotEmpty();
        JarRunner.Result result = JarRunner.run(work, LIMIT, documented.get(0).args().toArray(String[]::new));
        assertThat(result.exitCode()).as(documented.get(0).where().where() + ": " + command + "\n" + result.out()
                + result.err()).isZero();
        assertThat(result.survivors()).as("processes left running by " + command).isEmpty();
        return result;
    }

    @Test
    void theFirstCommandsOfTheUserGuideWorkAsShown(@TempDir Path work) throws Exception {
        assertThat(runAsDocumented(work, "java -jar bench-cli/target/bench-cli.jar --version").out())
                .startsWith("agentbench ");
        assertThat(runAsDocumented(work, "java -jar bench-cli/target/bench-cli.jar list").out())
                .contains("Targets:", "  raw ", "  noop ", "Benchmarks:", "  turn1 ");
        JarRunner.Result dryRun = runAsDocumented(work,
                "java -jar bench-cli/target/bench-cli.jar run --targets noop --benchmarks turn1 --dry-run");
        assertThat(dryRun.out()).contains("[1/1] noop turn1").contains("COMPLETED: 1 of 1 cells OK");
        assertThat(work.resolve("results/latest/noop/turn1.json")).isRegularFile();
        assertThat(runAsDocumented(work, "java -jar bench-cli/target/bench-cli.jar report results/latest").out())
                .contains("Wrote ").contains("report.md").contains("summary.json");
    }
}
