package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results page of several runs ({@link ResultsPage}): each run's card, in the order given, with
 * its links and the charts its kind of cells have (load curves, stream timelines, cost curves), ids
 * that never clash between runs, links relative to the page's folder, and nothing from a run
 * becoming markup.
 */
class ResultsPageTest {

    private static final Pattern ID = Pattern.compile(" id=\"([^\"]*)\"");

    private static List<String> ids(String html) {
        List<String> ids = new ArrayList<>();
        Matcher matcher = ID.matcher(html);
        while (matcher.find()) {
            ids.add(matcher.group(1));
        }
        return ids;
    }

    @Test
    void eachRunHasItsCardAndTheChartsOfItsCellsInTheOrderGiven(@TempDir Path temp) throws Exception {
        RunData load = RunData.read(LoadRun.write(temp.resolve("load")));
        RunData stream = RunData.read(StreamReportTest.run(temp.resolve("stream")));
        RunData curves = CostCurvesTest.run();
        String html = ResultsPage.render("Nightly <b>results</b>", List.of(
                new ResultsPage.Entry("load-a", load, Map.of("report.html", "load-a/report.html")),
                new ResultsPage.Entry("stream-a", stream, Map.of()),
                new ResultsPage.Entry("sweep", curves, Map.of("report.md", "sweep/report.md")),
                new ResultsPage.Entry("load-b", load, Map.of())), ReportOptions.defaults());

        assertThat(html).contains("<title>Nightly &lt;b&gt;results&lt;/b&gt;</title>").contains("4 runs.");
        assertThat(html.indexOf("<h2>load-a ")).isPositive()
                .isLessThan(html.indexOf("<h2>stream-a ")).isLessThan(html.indexOf("<h2>sweep "))
                .isLessThan(html.indexOf("<h2>load-b "));
        assertThat(html).contains("<a href=\"load-a/report.html\">report.html</a>")
                .contains("<a href=\"sweep/report.md\">report.md</a>");
        // the charts each kind of cell has, in its run's card
        assertThat(ids(html)).contains("run-1-medians", "run-1-throughput-under-model-latency",
                "run-2-stream-timelines", "run-3-cost-curves", "run-4-throughput-under-model-latency");
        assertThat(ids(html)).doesNotContain("run-2-cost-curves", "run-1-stream-timelines");
        // the same run twice, and every report section's own ids, never clash
        assertThat(ids(html)).doesNotHaveDuplicates();
        // the figures' tables stay in the runs' reports; the cost curves keep their table of exponents
        assertThat(html).doesNotContain("class=\"cmp");
        String streamCard = html.substring(html.indexOf("<h2>stream-a "), html.indexOf("<h2>sweep "));
        assertThat(streamCard).contains("<h3>Stream timelines</h3>").contains("1 NOT_APPLICABLE");
        assertThat(html).contains("nothing is fetched");
    }

    @Test
    void aRunWithNothingToDrawSaysSo(@TempDir Path temp) throws Exception {
        RunData hostile = RunData.read(HostileRun.write(temp));
        RunData failedOnly = new RunData(hostile.layout(), hostile.info(), hostile.cells().stream()
                .filter(cell -> cell.target().equals(HostileRun.TARGET)).toList());
        String html = ResultsPage.render(ResultsPage.DEFAULT_TITLE,
                List.of(new ResultsPage.Entry("failed", failedOnly, Map.of())), ReportOptions.defaults());
        assertThat(html).contains("failed has nothing to draw: no cell finished OK with a time.")
                .contains("2 cells: 1 FAILED, 1 MISSING");
    }

    @Test
    void nothingFromARunBecomesMarkup(@TempDir Path temp) throws Exception {
        RunData hostile = RunData.read(HostileRun.write(temp));
        String html = ResultsPage.render(ResultsPage.DEFAULT_TITLE, List.of(new ResultsPage.Entry(
                "<img src=x onerror=\"window.__pwned=20\">", hostile,
                Map.of("report.html", "\"><script>window.__pwned=21</script>"))), ReportOptions.defaults());
        assertThat(html).doesNotContain("<script>window", "<img src=x", "<svg onload", "<iframe", "<b>raw</b>", "<i>y</i>")
                .contains("&lt;img src=x onerror=&quot;window.__pwned=20&quot;&gt;");
    }

    @Test
    void aRunsReportsAreLinkedFromThePagesFolderWhereTheyExist(@TempDir Path temp) throws Exception {
        Path runDir = LoadRun.write(temp.resolve("published"));
        Files.writeString(runDir.resolve("report.html"), "<!DOCTYPE html>");
        Path page = temp.resolve("site").resolve("index.html");

        ResultsPage.Entry entry = ResultsPage.entry(page, runDir);
        assertThat(entry.name()).isEqualTo("run");
        assertThat(entry.reportLinks()).containsExactly(Map.entry("report.html", "../published/run/report.html"));

        Files.createDirectories(page.getParent());
        ResultsPage.write(page, "t", List.of(entry), ReportOptions.defaults());
        assertThat(Files.readString(page)).contains("<a href=\"../published/run/report.html\">report.html</a>")
                .doesNotContain("report.md\">");
        assertThat(page.resolveSibling(entry.reportLinks().get("report.html"))).isRegularFile();
    }
}
