package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The header's line that splits the floor's time per operation into harness, mock, and loopback and client. */
class FloorLineTest {

    private static final String SECTION = "The mock's own time";

    /** A turn1 cell of one fork whose eleven samples have the median {@code medianNanos}. */
    private static CellResult turn1(String target, long medianNanos, List<Figure> figures) {
        long step = Math.max(1, medianNanos / 100);
        List<Long> samples = LongStream.rangeClosed(-5, 5).map(k -> medianNanos + k * step).boxed().toList();
        TimeStats time = new TimeStats(TimeStats.NANOS, 11, medianNanos, medianNanos + 4 * step,
                medianNanos + 5 * step, medianNanos, 3.3 * step, medianNanos - 5 * step, medianNanos + 5 * step);
        Fork fork = new Fork(1, time, samples, null, true, 1.0, null, null, null, null, null, figures, List.of());
        return new CellResult(RunLayout.FORMAT, target, "turn1", 1, "turn1", CellStatus.OK, null, time, 100, true,
                1.0, List.of(), List.of(), null, null, null, null, figures, List.of(fork), null, List.of());
    }

    private static List<Figure> mock(double micros, double requests) {
        return List.of(new Figure.Definition("mockMicrosPerRequest", "mock per request", "µs", Better.NEITHER,
                        Combine.MEDIAN, SECTION, "the mock's own time per reply.").of(micros),
                new Figure.Definition("mockRequestsPerIteration", "requests/iteration", "", Better.NEITHER,
                        Combine.MEDIAN, SECTION, "the chat requests one iteration makes.").of(requests));
    }

    private static RunData run(Path dir, boolean withNoop) throws Exception {
        Path runDir = dir.resolve("run");
        Files.createDirectories(runDir);
        RunLayout layout = new RunLayout(runDir);
        List<String> targets = withNoop ? List.of("raw", "noop", "llmagent") : List.of("raw", "llmagent");
        List<PlannedCell> planned = targets.stream().map(target -> new PlannedCell(target, "turn1", 1)).toList();
        RunData.MAPPER.writeValue(layout.runJson().toFile(), new RunInfo("20261202-000000-flor", RunStatus.COMPLETED,
                "2026-12-02T00:00:00Z", "2026-12-02T00:05:00Z", List.of("run"), Map.of(), planned,
                Map.of("java.version", "17.0.15"), List.of()));
        for (PlannedCell cell : planned) {
            CellResult result = switch (cell.target()) {
                case "raw" -> turn1("raw", 176_000, mock(10.3, 1));
                case "noop" -> turn1("noop", 2_000, List.of());
                default -> turn1("llmagent", 216_000, mock(10.5, 1));
            };
            Path file = layout.cellResult(cell);
            Files.createDirectories(file.getParent());
            RunData.MAPPER.writeValue(file.toFile(), result);
        }
        return RunData.read(runDir);
    }

    @Test
    void theHeaderSaysWhereTheFloorsMicrosecondsGo(@TempDir Path temp) throws Exception {
        RunData run = run(temp, true);

        String line = "turn1: raw's 176 µs = harness 2.00 µs (noop's time per operation) + mock 10.3 µs (its own "
                + "time per request × 1 request) + loopback and client 164 µs (the rest)";
        assertThat(RunHeader.floor(run, "raw")).isEqualTo(line);
        assertThat(new MarkdownFormat().render(run, ReportOptions.defaults())).contains("| Floor | " + line + " |");
        assertThat(new HtmlFormat().render(run, ReportOptions.defaults())).contains(Html.text(line));
    }

    @Test
    void withoutANoopCellTheHarnessIsUnknownAndTheRestIncludesIt(@TempDir Path temp) throws Exception {
        assertThat(RunHeader.floor(run(temp, false), "raw")).isEqualTo("turn1: raw's 176 µs = harness unknown (no "
                + "noop cell) + mock 10.3 µs (its own time per request × 1 request) + loopback and client 166 µs "
                + "(the rest)");
    }

    @Test
    void theOverheadStandsUnderTheRatio(@TempDir Path temp) throws Exception {
        String markdown = new MarkdownFormat().render(run(temp, true), ReportOptions.defaults());

        assertThat(markdown).containsPattern("\\| turn1 \\| 176 µs \\[[^|]*\\] \\| 2\\.00 µs \\[[^|]*\\] \\| [^|]*<br>"
                + "−174\\.0 µs \\[[^|]*\\] \\| 216 µs \\[[^|]*\\] \\| 1\\.23× \\[[^|]*\\]<br>\\+40\\.0 µs \\[[^|]*\\] \\|");
    }
}
