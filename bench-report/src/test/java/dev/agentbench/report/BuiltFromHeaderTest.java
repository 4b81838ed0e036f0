package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The header names the commit the harness was built from when it is not the working directory's. */
class BuiltFromHeaderTest {

    private static final String CHECKOUT = "6933d3f0a1b2c3d4e5f60718293a4b5c6d7e8f90";
    private static final String JAR = "c5215b0a1b2c3d4e5f60718293a4b5c6d7e8f901";

    private static RunData run(Path dir, String gitCommit, String buildCommit) throws Exception {
        RunLayout layout = new RunLayout(Files.createDirectories(dir.resolve("run")));
        PlannedCell planned = new PlannedCell("raw", "turn1", 1);
        Map<String, String> env = new HashMap<>(Map.of("java.version", "17.0.15"));
        if (gitCommit != null) {
            env.put("git.commit", gitCommit);
        }
        if (buildCommit != null) {
            env.put("agentbench.commit", buildCommit);
        }
        RunData.MAPPER.writeValue(layout.runJson().toFile(), new RunInfo("20261207-000000-buil", RunStatus.COMPLETED,
                "2026-12-07T00:00:00Z", "2026-12-07T00:05:00Z", List.of("run"), Map.of(), List.of(planned), env,
                List.of()));
        List<Long> samples = LongStream.rangeClosed(-5, 5).map(k -> 176_000 + k * 1_000).boxed().toList();
        TimeStats time = new TimeStats(TimeStats.NANOS, 11, 176_000, 180_000, 181_000, 176_000, 3_300, 171_000,
                181_000);
        Fork fork = new Fork(1, time, samples, null, true, 1.0, null, null, null, null, null, List.of(), List.of());
        CellResult cell = new CellResult(RunLayout.FORMAT, "raw", "turn1", 1, "turn1", CellStatus.OK, null, time, 100,
                true, 1.0, List.of(), List.of(), null, null, null, null, List.of(), List.of(fork), null, List.of());
        Path file = layout.cellResult(planned);
        Files.createDirectories(file.getParent());
        RunData.MAPPER.writeValue(file.toFile(), cell);
        return RunData.read(layout.runDir());
    }

    private static String markdown(RunData run) {
        return new MarkdownFormat().render(run, ReportOptions.defaults());
    }

    private static String html(RunData run) {
        return new HtmlFormat().render(run, ReportOptions.defaults());
    }

    @Test
    void aJarBuiltFromAnotherCommitThanTheCheckoutIsNamed(@TempDir Path dir) throws Exception {
        RunData run = run(dir, CHECKOUT, JAR);

        assertThat(markdown(run)).contains("| Commit | `" + CHECKOUT + "` |")
                .contains("| Harness built from | `" + JAR + "` |");
        assertThat(html(run)).contains("Harness built from").contains("<code>" + JAR + "</code>");
    }

    @Test
    void aJarBuiltFromTheCheckoutsOwnCommitAddsNoRowAndADirtyOneDoes(@TempDir Path dir) throws Exception {
        assertThat(markdown(run(dir.resolve("same"), CHECKOUT, CHECKOUT))).contains("| Commit | `" + CHECKOUT + "` |")
                .doesNotContain("Harness built from");
        assertThat(markdown(run(dir.resolve("dirty"), CHECKOUT, CHECKOUT + "-dirty")))
                .contains("| Harness built from | `" + CHECKOUT + "-dirty` |");
        assertThat(markdown(run(dir.resolve("old"), CHECKOUT, null))).doesNotContain("Harness built from");
        assertThat(html(run(dir.resolve("outside"), null, JAR))).contains("Harness built from")
                .doesNotContain("<dt>Commit</dt>");
    }
}
