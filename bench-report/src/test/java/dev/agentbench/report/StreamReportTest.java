package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.StreamTimeline;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of a benchmark that observes the stream: one target streams, one buffers (its flag raised),
 * one has no stream (not applicable); every report says so, and report.html draws each target's
 * timeline.
 */
class StreamReportTest {

    private static final String REASON = "noop makes no model call, so it has no stream to deliver";

    private static Figure flag(double value) {
        return new Figure("buffered", "buffered", Figure.FLAG, Figure.Better.LOWER, Figure.Combine.MAX, "Streaming",
                "yes when deliveries collapsed to the end.", false, value, null, null);
    }

    private static Figure firstToken(double micros) {
        return new Figure("addedFirstTokenMicros", "added time to first token", "µs", Figure.Better.LOWER,
                Figure.Combine.MEDIAN, "Streaming", "the framework's part.", false, micros, null, null);
    }

    static Path run(Path dir) throws Exception {
        Path runDir = dir.resolve("run");
        Files.createDirectories(runDir);
        RunLayout layout = new RunLayout(runDir);
        PlannedCell wire = new PlannedCell("wire", "stream_text", 1);
        PlannedCell buffers = new PlannedCell("buffers", "stream_text", 1);
        PlannedCell noop = new PlannedCell("noop", "stream_text", 1);
        RunData.MAPPER.writeValue(layout.runJson().toFile(), new RunInfo("r1", RunStatus.COMPLETED,
                "2026-12-02T06:00:00Z", "2026-12-02T06:01:00Z", List.of("run"), Map.of(), List.of(wire, buffers, noop),
                Map.of(), List.of()));
        TimeStats time = new TimeStats("ns", 3, 5e9, 5e9, 5e9, 5e9, 1e6, 5e9, 5e9);
        write(layout, wire, ok(wire, time, List.of(firstToken(42), flag(0))));
        write(layout, buffers, ok(buffers, time, List.of(firstToken(5_100_000), flag(1))));
        write(layout, noop, CellResult.failed(noop, CellStatus.NOT_APPLICABLE, REASON, List.of()));
        RunData.MAPPER.writeValue(layout.cellStream(wire).toFile(), new StreamTimeline("wire", "stream_text",
                List.of(0.0, 20_000.0, 40_000.0), List.of(50.0, 20_050.0, 40_050.0)));
        RunData.MAPPER.writeValue(layout.cellStream(buffers).toFile(), new StreamTimeline("buffers", "stream_text",
                List.of(0.0, 20_000.0, 40_000.0), List.of(41_000.0, 41_001.0, 41_002.0)));
        return runDir;
    }

    private static CellResult ok(PlannedCell cell, TimeStats time, List<Figure> figures) {
        return new CellResult(RunLayout.FORMAT, cell.target(), cell.benchmark(), 1, cell.name(), CellStatus.OK, null,
                time, 10, true, 1.0, List.of(5_000_000_000L, 5_000_000_000L, 5_000_000_000L), List.of(), null, null,
                null, null, figures, List.of(), null, List.of());
    }

    private static void write(RunLayout layout, PlannedCell cell, CellResult result) throws Exception {
        Path file = layout.cellResult(cell);
        Files.createDirectories(file.getParent());
        RunData.MAPPER.writeValue(file.toFile(), result);
    }

    @Test
    void theMarkdownSaysWhichCellIsBufferedAndWhichIsNotApplicable(@TempDir Path temp) throws Exception {
        String markdown = new MarkdownFormat().render(RunData.read(run(temp)), ReportOptions.defaults());
        assertThat(markdown).contains("### Streaming")
                .contains("(buffered no)")
                .contains("(buffered yes)")
                .contains("## Cells not applicable")
                .contains("- `noop/stream_text` not applicable: " + REASON)
                .doesNotContain("## Cells that did not finish OK");
    }

    @Test
    void theHtmlShowsTheReasonAndOneTimelinePerTarget(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(run(temp)), ReportOptions.defaults());
        assertThat(html).contains("<h2>Cells not applicable</h2>")
                .contains(">not applicable</span>")
                .contains("id=\"stream-timelines\"")
                .contains("<figcaption>wire stream_text</figcaption>")
                .contains("<figcaption>buffers stream_text</figcaption>")
                .contains("3 chunks written, 3 pieces delivered");
    }

    @Test
    void summaryJsonKeepsTheStatusAndTheReason(@TempDir Path temp) throws Exception {
        JsonNode summary = RunData.MAPPER.readTree(new SummaryJsonFormat().render(RunData.read(run(temp)),
                ReportOptions.defaults()));
        JsonNode noop = summary.get("cells").get(2);
        assertThat(noop.get("status").asText()).isEqualTo("NOT_APPLICABLE");
        assertThat(noop.get("error").asText()).isEqualTo(REASON);
        assertThat(summary.get("cells").get(1).get("metrics").get("buffered").asDouble()).isEqualTo(1.0);
    }
}
