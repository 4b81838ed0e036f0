package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    static final String TITLE = "Throughput under model latency";

    @Test
    void theMarkdownSectionShowsEveryFigureOfEveryLoadCellAndTheRatioOfItsHeadline() throws Exception {
        String section = section(markdown(), "### " + TITLE);
        assertThat(section).contains("**turns/s** (turns/s, higher is better): turns/s of the load cell.",
                        "**in flight**: in flight of the load cell.", "Each other target also as a ratio to `raw`.")
                .contains("| Benchmark | raw | llmagent | llmagent ÷ raw |\n|---|---:|---:|---:|\n")
                .contains("| load | 4.97 turns/s (ideal 4.99 turns/s, efficiency 0.996, in flight 1, framework p50 "
                        + "0.900 ms, framework p99 3.50 ms, model latency 200 ms, model time per turn 200 ms, mock late "
                        + "p99 0.400 ms) | 4.81 turns/s (ideal 4.99 turns/s, efficiency 0.964, in flight 1,")
                .contains("| load_c16 | 79.2 turns/s (ideal 79.8 turns/s, efficiency 0.992, in flight 16,")
                .contains("| **FAILED** | – |")
                .contains("| load_c64 | 315 turns/s (ideal 319 turns/s, efficiency 0.986, in flight 64,")
                .contains("157 turns/s (ideal 319 turns/s, efficiency 0.492, in flight 32, framework p50 205 ms, "
                        + "framework p99 231 ms,", "| 0.499× |")
                .doesNotContain("turn1");
    }

    @Test
    void theTimeTableKeepsLoadRowsTheThroughputTableLeavesThemOut() throws Exception {
        String markdown = markdown();
        assertThat(section(markdown, "### Time per iteration")).contains("| load_c64 | 203 ms");
        assertThat(markdown).doesNotContain("### Throughput\n");
        String fixed = new MarkdownFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults());
        assertThat(fixed).doesNotContain(TITLE);
    }

    @Test
    void theHtmlSectionHasTheTableAndAChartWithTheReferenceOnceAndALinePerTarget() throws Exception {
        String html = html();
        int start = html.indexOf("<section class=\"card\" id=\"throughput-under-model-latency\">");
        assertThat(start).as("the load section").isNotNegative();
        String section = html.substring(start, html.indexOf("</section>", start));
        assertThat(section).contains("<h2>" + TITLE + "</h2>", ">load_c64</th>",
                "<figcaption>load<span class=\"gaps\">no point for llmagent at N=16 (FAILED)</span></figcaption>",
                "turns/s (log scale) · dashed: ideal");
        assertThat(section.split("<svg class=\"chart\"", -1)).as("one chart, of load").hasSize(2);
        assertThat(section.split("class=\"ideal\"", -1)).as("the ideal, drawn once").hasSize(2);
        assertThat(section).contains("stroke-dasharray=\"6 4\"", "<title>ideal: "
                + "4.99 at N=1, 79.8 at N=16, 319 at N=64 turns/s</title>");
        assertThat(polylines(section, SvgCharts.color(0))).as("raw at N=1, 16, 64").isEqualTo(1);
        assertThat(polylines(section, SvgCharts.color(1))).as("llmagent at N=1, then at N=64 after a gap").isEqualTo(2);
        assertThat(section).contains("<title>llmagent at N=64: 157 turns/s</title>", "<title>raw at N=16: 79.2 turns/s</title>");
        assertThat(html).as("a benchmark with figures of its own has no sessions/s chart").doesNotContain("id=\"scaling\"");
    }

    @Test
    void aRunWithoutLoadCellsHasNoLoadSectionNorChart() throws Exception {
        for (Path run : List.of(GoldenReportTest.fixedRun(), GoldenReportTest.forkRun())) {
            String html = new HtmlFormat().render(RunData.read(run), ReportOptions.defaults());
            assertThat(html).doesNotContain("id=\"throughput-under-model-latency\"", "class=\"ideal\"", TITLE);
            assertThat(new MarkdownFormat().render(RunData.read(run), ReportOptions.defaults())).doesNotContain(TITLE);
        }
    }

    @Test
    void summaryJsonGivesEachCellItsFiguresWithTheirMeaningAndEachForkItsValues() throws Exception {
        JsonNode cells = RunData.MAPPER.readTree(new SummaryJsonFormat().render(RunData.read(LoadRun.write(temp)),
                ReportOptions.defaults())).get("cells");
        List<String> names = new ArrayList<>();
        for (JsonNode cell : cells) {
            String name = cell.get("target").asText() + "/" + cell.get("name").asText();
            assertThat(cell.has("load")).as(name + ": format 3 has no load").isFalse();
            if (cell.get("figures").size() > 0) {
                names.add(name);
            }
        }
        assertThat(names).containsExactly("raw/load", "llmagent/load", "raw/load_c16", "raw/load_c64",
                "llmagent/load_c64");
        JsonNode c64 = cells.get(7);
        JsonNode turns = c64.get("figures").get(0);
        assertThat(turns.get("name").asText()).isEqualTo("turnsPerSecond");
        assertThat(turns.get("unit").asText()).isEqualTo("turns/s");
        assertThat(turns.get("better").asText()).isEqualTo("HIGHER");
        assertThat(turns.get("combine").asText()).isEqualTo("MEDIAN");
        assertThat(turns.get("section").asText()).isEqualTo(TITLE);
        assertThat(turns.get("value").asDouble()).isEqualTo(157.1);
        assertThat(c64.get("metrics").get("maxInFlight").asInt()).isEqualTo(32);
        assertThat(c64.get("metrics").get("efficiency").asDouble()).isCloseTo(157.1 / (64_000 / 200.4), within(1e-9));
        assertThat(c64.get("forks").get(0).get("figures").get("p50Millis").asDouble())
                .isCloseTo(405.2 - 200.4, within(1e-9));
        JsonNode fixed = RunData.MAPPER.readTree(new SummaryJsonFormat().render(
                RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults()));
        assertThat(fixed.get("cells")).anySatisfy(cell -> assertThat(cell.get("figures").size()).isPositive());
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
