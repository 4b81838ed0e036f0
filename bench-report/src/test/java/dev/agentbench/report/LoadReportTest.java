package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Load;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LOAD cells in every report, read from {@link LoadRun}: the section "Throughput under model
 * latency" in {@code report.md} and {@code report.html}, the chart of turns per second against N
 * with the ideal, and each cell's {@code load} in {@code summary.json}; and none of it in a run
 * without LOAD cells.
 */
class LoadReportTest {

    @TempDir
    Path temp;

    private String markdown() throws Exception {
        return new MarkdownFormat().render(RunData.read(LoadRun.write(temp)), ReportOptions.defaults());
    }

    private String html() throws Exception {
        return new HtmlFormat().render(RunData.read(LoadRun.write(temp)), ReportOptions.defaults());
    }

    @Test
    void theMarkdownSectionShowsEveryFigureOfEveryLoadCellAndTheRatioOfTurnsPerSecond() throws Exception {
        String section = section(markdown(), "### " + Sections.LOAD_TITLE);
        assertThat(section).contains(Sections.LOAD_INTRO, "Each other target also as a ratio of turns per second to `raw`.")
                .contains("| Benchmark | raw | llmagent | llmagent ÷ raw |\n|---|---:|---:|---:|\n")
                .contains("| load | 4.97 turns/s of 4.99 ideal (0.996) · 1 in flight · framework p50 0.900 ms, p99 3.50 ms "
                        + "| 4.81 turns/s of 4.99 ideal (0.964) · 1 in flight · framework p50 7.10 ms, p99 13.6 ms | 0.968× |")
                .contains("| load_c16 | 79.2 turns/s of 79.8 ideal (0.992) · 16 in flight · framework p50 1.20 ms, p99 5.80 ms "
                        + "| **FAILED** | – |")
                .contains("| load_c64 | 315 turns/s of 319 ideal (0.986) · 64 in flight · framework p50 2.10 ms, p99 11.6 ms "
                        + "| 157 turns/s of 319 ideal (0.492) · 32 in flight · framework p50 205 ms, p99 231 ms | 0.499× |")
                .doesNotContain("turn1");
    }

    @Test
    void theTimeTableKeepsLoadRowsAndSaysTheirRatiosLeanTowardsOneTheThroughputTableLeavesThemOut() throws Exception {
        String markdown = markdown();
        assertThat(section(markdown, "### Time per iteration")).contains(Sections.LOAD_TIME_NOTE, "| load_c64 | 203 ms");
        assertThat(markdown).doesNotContain("### Throughput\n");
        String fixed = new MarkdownFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults());
        assertThat(fixed).doesNotContain(Sections.LOAD_TIME_NOTE, Sections.LOAD_TITLE);
    }

    @Test
    void theHtmlSectionHasTheTableAndAChartWithTheIdealOnceAndALinePerTarget() throws Exception {
        String html = html();
        int start = html.indexOf("<section class=\"card\" id=\"load\">");
        assertThat(start).as("the load section").isNotNegative();
        String section = html.substring(start, html.indexOf("</section>", start));
        assertThat(section).contains("<h2>" + Sections.LOAD_TITLE + "</h2>", ">load_c64</th>",
                "<td data-v=\"157.1\" title=\"model latency 200 ms, 200 ms of model time per turn · the mock&#39;s holds "
                        + "ended 0.800 ms late at p99\">157 turns/s of 319 ideal (0.492) · 32 in flight · framework p50 205 ms, "
                        + "p99 231 ms</td>",
                "<figcaption>load<span class=\"gaps\">no point for llmagent at N=16 (FAILED)</span></figcaption>",
                "turns/s (log scale) · dashed: ideal");
        assertThat(section.split("<svg class=\"chart\"", -1)).as("one chart, of load").hasSize(2);
        assertThat(section.split("class=\"ideal\"", -1)).as("the ideal, drawn once").hasSize(2);
        assertThat(section).contains("stroke-dasharray=\"6 4\"", "<title>ideal, N ÷ the model's time per turn: "
                + "4.99 at N=1, 79.8 at N=16, 319 at N=64 turns/s</title>");
        assertThat(polylines(section, SvgCharts.color(0))).as("raw at N=1, 16, 64").isEqualTo(1);
        assertThat(polylines(section, SvgCharts.color(1))).as("llmagent at N=1, then at N=64 after a gap").isEqualTo(2);
        assertThat(section).contains("<title>llmagent at N=64: 157 turns/s</title>", "<title>raw at N=16: 79.2 turns/s</title>");
        assertThat(html).as("a LOAD benchmark has no sessions/s chart").doesNotContain("id=\"scaling\"");
    }

    @Test
    void aRunWithoutLoadCellsHasNoLoadSectionNorChart() throws Exception {
        for (Path run : List.of(GoldenReportTest.fixedRun(), GoldenReportTest.forkRun())) {
            String html = new HtmlFormat().render(RunData.read(run), ReportOptions.defaults());
            assertThat(html).doesNotContain("id=\"load\"", "class=\"ideal\"", Sections.LOAD_TITLE);
            assertThat(new MarkdownFormat().render(RunData.read(run), ReportOptions.defaults()))
                    .doesNotContain(Sections.LOAD_TITLE);
        }
    }

    @Test
    void summaryJsonGivesEachLoadCellItsLoadWithExactlyTheFieldsOfLoadAndEveryOtherCellNull() throws Exception {
        JsonNode cells = RunData.MAPPER.readTree(new SummaryJsonFormat().render(RunData.read(LoadRun.write(temp)),
                ReportOptions.defaults())).get("cells");
        List<String> names = new ArrayList<>();
        for (JsonNode cell : cells) {
            String name = cell.get("target").asText() + "/" + cell.get("name").asText();
            assertThat(cell.has("load")).as(name).isTrue();
            if (!cell.get("load").isNull()) {
                names.add(name);
                assertThat(fields(cell.get("load"))).as(name).containsExactlyElementsOf(Arrays.stream(
                        Load.class.getRecordComponents()).map(component -> component.getName()).toList());
            }
        }
        assertThat(names).containsExactly("raw/load", "llmagent/load", "raw/load_c16", "raw/load_c64",
                "llmagent/load_c64");
        JsonNode c64 = cells.get(7).get("load");
        assertThat(c64.get("sessions").asInt()).isEqualTo(64);
        assertThat(c64.get("maxInFlight").asInt()).isEqualTo(32);
        assertThat(c64.get("modelLatencyMillis").asDouble()).isEqualTo(200.0);
        assertThat(c64.get("modelMillisPerTurn").asDouble()).isEqualTo(LoadRun.MODEL_MILLIS_PER_TURN);
        assertThat(c64.get("turnsPerSecond").asDouble()).isEqualTo(157.1);
        assertThat(c64.get("idealTurnsPerSecond").asDouble()).isCloseTo(64_000 / 200.4, within(1e-9));
        assertThat(c64.get("efficiency").asDouble()).isCloseTo(157.1 / (64_000 / 200.4), within(1e-9));
        assertThat(c64.get("p50Millis").asDouble()).as("less the model's time").isCloseTo(405.2 - 200.4, within(1e-9));
        assertThat(c64.get("p99Millis").asDouble()).isCloseTo(431.0 - 200.4, within(1e-9));
        assertThat(c64.get("mockLateP99Millis").asDouble()).isEqualTo(0.8);
        JsonNode fixed = RunData.MAPPER.readTree(new SummaryJsonFormat().render(
                RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults()));
        assertThat(fixed.get("cells")).allSatisfy(cell -> assertThat(cell.get("load").isNull()).isTrue());
    }

    @Test
    void withoutModelLatencyThereIsNoIdealNorEfficiency() {
        Load load = Load.of(16, 0, 0, 12_400, 0, 1.3, 4.2, 0);
        assertThat(load.idealTurnsPerSecond()).isNull();
        CellResult cell = new CellResult(RunLayout.FORMAT, "raw", "load", 16, "load_c16", CellStatus.OK, null,
                new TimeStats(TimeStats.NANOS, 1, 1.3e6, 1.3e6, 1.3e6, 1.3e6, 0, 1.3e6, 1.3e6), 0, null, null,
                List.of(), List.of(), null, null, null, null, Map.of(), List.of(), null, List.of(), load);
        assertThat(Sections.LOAD_FIGURE.text(cell, null))
                .isEqualTo("12400 turns/s · 0 in flight · framework p50 1.30 ms, p99 4.20 ms");
        assertThat(RunData.MAPPER.valueToTree(load).get("efficiency").isNull()).isTrue();
    }

    /** From {@code heading} to the next heading of any level. */
    private static String section(String markdown, String heading) {
        int start = markdown.indexOf(heading + "\n");
        assertThat(start).as(heading).isNotNegative();
        int end = markdown.indexOf("\n#", start + heading.length());
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }

    private static int polylines(String svg, String color) {
        return svg.split("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"" + color + "\"", -1).length - 1;
    }

    private static List<String> fields(JsonNode object) {
        List<String> fields = new ArrayList<>();
        object.fieldNames().forEachRemaining(fields::add);
        return fields;
    }
}
