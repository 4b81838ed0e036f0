package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report's header says each time the mock died, what it cost and what took its place. */
class MockRestartHeaderTest {

    private static final String KILLED = "killed by SIGKILL (exit status [137])";

    @Test
    void eachDeathOfTheMockIsALineOfTheHeader(@TempDir Path temp) throws Exception {
        Path runDir = temp.resolve("run");
        RunLayout layout = new RunLayout(runDir);
        PlannedCell first = new PlannedCell("raw", "turn1", 1);
        PlannedCell second = new PlannedCell("raw", "turn5", 1);
        Files.createDirectories(layout.targetDir("raw"));
        RunInfo info = new RunInfo("20260101-100000-abcd", RunStatus.STOPPED, "2026-01-01T10:00:00Z",
                "2026-01-01T10:05:00Z", List.of("run"), Map.of(), List.of(first, second), Map.of(), List.of())
                .withMockRestart(new MockRestart("2026-01-01T10:01:00Z", KILLED, "raw/turn1", "mock.restart-1.log", 1,
                        new MockWarmup(12_000, 40_000, 300, 50, true), null))
                .withMockRestart(new MockRestart("2026-01-01T10:03:00Z", KILLED, null, "mock.restart-3.log", 2, null,
                        "new mock 2 of 2 [mock.restart-3.log] did not start"));
        RunData.MAPPER.writeValue(layout.runJson().toFile(), info);
        RunData.MAPPER.writeValue(layout.cellResult(first).toFile(),
                CellResult.failed(first, CellStatus.FAILED, "The mock died: " + KILLED, List.of()));
        RunData run = RunData.read(runDir);

        String markdown = new MarkdownFormat().render(run, ReportOptions.defaults());
        String html = new HtmlFormat().render(run, ReportOptions.defaults());

        assertThat(markdown).contains("| Mock died | 2026-01-01T10:01:00Z: killed by SIGKILL (exit status [137]) during "
                + "raw/turn1, which FAILED; a new mock took its place [mock.restart-1.log], warmed in 12.0 s |")
                .contains("| Mock died | 2026-01-01T10:03:00Z: killed by SIGKILL (exit status [137]) between cells; it "
                        + "could not be restarted: new mock 2 of 2 [mock.restart-3.log] did not start; the run stopped |");
        assertThat(html).contains("Mock died").contains("during raw/turn1, which FAILED; a new mock took its place "
                + "[mock.restart-1.log]");
    }
}
