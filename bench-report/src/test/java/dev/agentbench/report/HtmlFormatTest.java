package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code report.html} says, read as text; {@link HtmlInBrowserTest} looks at it in a browser. */
class HtmlFormatTest {

    private static String fixed() throws Exception {
        return new HtmlFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults());
    }

    @Test
    void theHeaderSaysWhatRanWhereAndThatTheRunIsIncomplete() throws Exception {
        assertThat(fixed()).contains("<title>agentbench report: 20261129-101500-k3x9</title>",
                "<span class=\"pill INTERRUPTED\">INTERRUPTED</span>", "not every planned cell ran",
                "Eclipse Adoptium, 17.0.15, OpenJDK 64-Bit Server VM", "Linux, 6.1.0, amd64", "2, 24.0 GiB",
                "run --targets raw,noop,llmagent --concurrency 1,8",
                "parallel_speedup does not support concurrency: planned at concurrency 1 only",
                "13 OK", "1 FAILED", "1 TIMEOUT", "2 MISSING", "of 17 planned cells");
    }

    @Test
    void cellsThatDidNotFinishOkShowTheirStatusAndReasonNeverABlank() throws Exception {
        String html = fixed();
        assertThat(html).contains(
                "<td class=\"st\" data-v=\"\"><a href=\"#cell-7\" title=\"turn 1, step 1: final text was [Hi], the "
                        + "script says [Hello! | greetings] …\"><span class=\"pill FAILED\">FAILED</span></a></td>",
                "<li id=\"cell-7\"><span class=\"pill FAILED\">FAILED</span> <code>raw/turn1_c8</code>",
                "<pre class=\"reason\">no result within PT10M; the child and its descendants were destroyed</pre>",
                "<span class=\"pill MISSING\">MISSING</span>",
                "<td class=\"notrun\" data-v=\"\" title=\"llmagent did not plan this benchmark\">not run</td>");
    }

    @Test
    void rowsComeInTheFixedOrderWithRatiosToTheBaseline() throws Exception {
        String html = fixed();
        int time = html.indexOf("id=\"time\"");
        assertThat(html.indexOf(">memory_footprint</th>", time)).isLessThan(html.indexOf(">turn1</th>", time));
        assertThat(html.indexOf(">turn1</th>", time)).isLessThan(html.indexOf(">turn1_c8</th>", time));
        assertThat(html.indexOf(">turn1_c8</th>", time)).isLessThan(html.indexOf(">tools_c8</th>", time));
        assertThat(html.indexOf(">tools_c8</th>", time)).isLessThan(html.indexOf(">my_custom</th>", time));
        assertThat(html).contains("<th scope=\"col\" class=\"ratio\">llmagent ÷ raw</th>",
                "<td class=\"ratio\" data-v=\"8.709981167608285\">8.71×<br><span class=\"oh\">+1638 µs</span></td>");
    }

    @Test
    void withNineTargetsATableHasABodyPerBenchmarkHeadedByItsNameWithARowPerTarget() {
        String html = new HtmlFormat().render(ManyTargetsRun.all(), ReportOptions.defaults());
        int start = html.indexOf("id=\"time\"");
        String time = html.substring(start, html.indexOf("</table>", start));
        assertThat(time).contains("<table class=\"cmp tall\" data-sortable>\n<thead><tr><th scope=\"col\">Target</th>"
                + "<th scope=\"col\">Time per iteration</th><th scope=\"col\" class=\"ratio\">÷ wire</th>"
                + "<th scope=\"col\" class=\"ratio\">over wire</th></tr></thead>");
        String[] bodies = time.split("<tbody>\n", -1);
        assertThat(bodies).hasSize(1 + ManyTargetsRun.BENCHMARKS.size());
        String turn1 = java.util.Arrays.stream(bodies).filter(body -> body.contains(">turn1</th></tr>")).findFirst()
                .orElseThrow();
        assertThat(turn1).startsWith("<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"4\">turn1</th></tr>\n"
                        + "<tr><th scope=\"row\" data-v=\"0\">wire</th>")
                .contains("<td class=\"ratio\" data-v=\"1.0\">baseline</td>")
                .contains("<tr><th scope=\"row\" data-v=\"8\">langgraph4j</th>");
        assertThat(turn1.split("<tr><th scope=\"row\"", -1)).as("a row per target").hasSize(10);
        java.util.regex.Matcher swatch = java.util.regex.Pattern.compile("<span class=\"swatch\" style=\"background:(#[0-9a-f]{6})\"></span>([^<]+)</span>")
                .matcher(html.substring(0, html.indexOf("</header>")));
        java.util.Map<String, String> colours = new java.util.LinkedHashMap<>();
        while (swatch.find()) {
            colours.put(swatch.group(2), swatch.group(1));
        }
        assertThat(colours.keySet()).as("the legend").containsExactlyElementsOf(ManyTargetsRun.TARGETS);
        assertThat(colours.values()).as("a colour of its own for each target").doesNotHaveDuplicates();
        assertThat(bodies[bodies.length - 2]).startsWith("<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"4\">my_custom")
                .contains("<td class=\"notrun\" data-v=\"\" title=\"koog did not plan this benchmark\">not run</td>");
    }

    @Test
    void theChartsAreInlineSvgWithNoScriptNeeded() throws Exception {
        String html = fixed();
        assertThat(html.split("<svg class=\"chart\"", -1)).hasSize(10);
        assertThat(html).contains("<figcaption>turn1<span class=\"gaps\">no point for raw at N=8 (FAILED), "
                + "noop at N=8 (TIMEOUT)</span></figcaption>");
        // The tables are complete without script: the script only sorts them.
        assertThat(html.indexOf("<script>")).isGreaterThan(html.lastIndexOf("</table>"));
    }

    private static String forks() throws Exception {
        return new HtmlFormat().render(RunData.read(GoldenReportTest.forkRun()), ReportOptions.defaults());
    }

    @Test
    void theHeaderOfARunOfForksSaysHowManyAndHowTheMockWarmedUp() throws Exception {
        assertThat(forks()).contains("<dt>Forks</dt><dd>2–3 per cell, each a fresh JVM; cold start: 3 JVMs</dd>",
                "<dt>Mock warm-up</dt><dd>12.0 s, 48,213 requests; median request 353 µs in the first window, "
                        + "118 µs in the last; steady</dd>");
        assertThat(fixed()).contains("<dt>Forks</dt><dd>1 per cell (results of format 1")
                .doesNotContain("Mock warm-up");
        // a warm-up that sent nothing says why, not "0 requests; median request 0 ns ..., not steady"
        assertThat(RunHeader.mockWarmup(RunData.read(GoldenReportTest.forkRun()).info()
                .withMockWarmup(new dev.agentbench.api.result.MockWarmup(435, 0, 0, 0, false))))
                .isEqualTo("none: every step of the run's scripts is an injected error, hang or cut, which the "
                        + "warm-up never asks for");
    }

    @Test
    void aTimeShowsItsIntervalAndOnHoverItsP95AndItsForksMedians() throws Exception {
        // the llmagent cell is not steady: its ratio to raw is marked †, as the cell is
        assertThat(forks()).contains("<td data-v=\"305200.0\" title=\"p95 352 µs · 72 samples in 3 forks, whose medians "
                        + "are 297 µs, 305 µs, 333 µs\">305 µs [269–361] †</td>",
                "<td class=\"ratio\" data-v=\"1.7545271629778671\">1.75× [1.56–2.00] †<br><span class=\"oh\">+131.3 µs "
                        + "[+92.8, +178.8]</span></td>");
    }

    @Test
    void eachRowWithWarmupCurvesHasAChartWithEveryForkAndTheForksThatDidNotSettleAreRings() throws Exception {
        String html = forks();
        int curves = html.indexOf("id=\"warmup-curves\"");
        assertThat(curves).as("a section of warm-up curves").isGreaterThan(html.indexOf("id=\"warmup\""));
        String section = html.substring(curves, html.indexOf("</section>", curves));
        assertThat(section.split("<svg class=\"chart\"", -1)).as("turn1 and turn1_c8").hasSize(3);
        assertThat(section).contains("<figcaption>turn1_c8<span class=\"gaps\">no curve for noop (FAILED)</span>")
                .contains("<title>llmagent fork 3: capped at 60.0 s (NO_STEADY_STATE, 190,000 iterations)</title>")
                .contains("<title>raw fork 1: steady after 15.0 s (WARMUP, 61,000 iterations)</title>")
                .contains("stroke-opacity=\"0.45\"");
        // one warm-up line per fork of an OK cell: 3 targets × 3 forks at turn1, 2 targets × 2 forks at turn1_c8
        assertThat(section.split("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=", -1)).hasSize(9 + 4 + 1);
        assertThat(fixed()).doesNotContain("warmup-curves");
    }

    @Test
    void everyTextFromTheRunIsEscaped(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(HostileRun.write(temp)), ReportOptions.defaults());
        assertThat(html).doesNotContain("<img", "<iframe", "<svg onload", "<script>window", "<b>raw", "<i>y")
                .contains("model said &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt; &amp; then "
                        + "&lt;/pre&gt;&lt;script&gt;window.__pwned=2&lt;/script&gt;")
                .contains("evil&lt;svg onload=window.__pwned=4&gt;");
        assertThat(html.split("<script>", -1)).as("the report's own script only").hasSize(2);
    }
}
