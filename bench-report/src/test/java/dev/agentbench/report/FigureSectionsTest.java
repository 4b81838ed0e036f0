package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sections of a kind's own figures: a headline that is better one way has ratios; a count or a setting has none. */
class FigureSectionsTest {

    private static final String TIMED = "How construction was timed";
    private static final Figure.Definition PER_SAMPLE = new Figure.Definition("agentsPerSample", "agents a sample",
            "", Figure.Better.NEITHER, Figure.Combine.MEDIAN, TIMED, "how many agents a sample built.");
    private static final Figure.Definition SPEEDUP = new Figure.Definition("speedup", "speedup", "×",
            Figure.Better.HIGHER, Figure.Combine.MEDIAN, "Parallel tool calls", "200 ms over the median.");

    private static CellResult cell(String target, String benchmark, double nanos, Figure figure) {
        TimeStats time = new TimeStats(TimeStats.NANOS, 10, nanos, nanos, nanos, nanos, 0, nanos, nanos);
        Fork fork = new Fork(1, time, List.of(), null, true, 1.0, null, null, null, null, null, List.of(figure),
                List.of());
        return new CellResult(RunLayout.FORMAT, target, benchmark, 1, benchmark, CellStatus.OK, null, time, 10, true,
                1.0, List.of(), List.of(), null, null, null, null, List.of(figure), List.of(fork), null, List.of());
    }

    private static String markdown(List<CellResult> cells) {
        List<PlannedCell> planned = cells.stream()
                .map(cell -> new PlannedCell(cell.target(), cell.benchmark(), 1, cell.name())).toList();
        RunInfo info = new RunInfo("20261206-110000-figs", RunStatus.COMPLETED, "2026-12-06T11:00:00Z",
                "2026-12-06T11:10:00Z", List.of("run"), Map.of(), planned, Map.of());
        return new MarkdownFormat().render(new RunData(new RunLayout(Path.of("unused")), info, cells),
                ReportOptions.defaults());
    }

    private static String section(String markdown, String title) {
        int start = markdown.indexOf("### " + title);
        assertThat(start).as(title).isNotNegative();
        int end = markdown.indexOf("\n#", start + 1);
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }

    @Test
    void aCountAsHeadlineHasNoRatioToTheBaselineAndAFigureBetterOneWayHasOne() {
        String markdown = markdown(List.of(cell("wire", "instantiation", 130, PER_SAMPLE.of(74)),
                cell("raw", "instantiation", 540, PER_SAMPLE.of(19)),
                cell("wire", "parallel_speedup", 52e6, SPEEDUP.of(3.85)),
                cell("raw", "parallel_speedup", 53e6, SPEEDUP.of(3.77))));

        String timed = section(markdown, TIMED);
        assertThat(timed).contains("| instantiation | 74 | 19 | – |").doesNotContain("ratio to", "0.257×");
        assertThat(section(markdown, "Parallel tool calls")).contains("| 0.979× |", "ratio to `wire`");
    }
}
