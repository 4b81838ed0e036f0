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
                "13 OK", "2 FAILED", "1 TIMEOUT", "1 MISSING", "of 17 planned cells");
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
                "<td class=\"ratio\" data-v=\"8.709981167608285\">8.71×</td>");
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
