package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell's warnings in every report: the run of forks has one ({@code llmagent/turn1}, whose second
 * fork's {@code close()} did not return); the run of format 1 was written before warnings existed.
 */
class WarningsTest {

    private static final String WARNING = "fork 2: close() did not return in 10 s";

    @Test
    void summaryJsonHasEveryCellsWarningsAlwaysAndOlderResultsReadAsNone() throws Exception {
        JsonNode forks = RunData.MAPPER.readTree(new SummaryJsonFormat().render(
                RunData.read(GoldenReportTest.forkRun()), ReportOptions.defaults()));
        List<String> seen = new ArrayList<>();
        for (JsonNode cell : forks.get("cells")) {
            assertThat(cell.get("warnings").isArray()).as(cell.get("name").asText()).isTrue();
            cell.get("warnings").forEach(warning -> seen.add(cell.get("target").asText() + "/"
                    + cell.get("name").asText() + ": " + warning.asText()));
        }
        assertThat(seen).containsExactly("llmagent/turn1: " + WARNING);

        JsonNode fixed = RunData.MAPPER.readTree(new SummaryJsonFormat().render(
                RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults()));
        assertThat(fixed.get("cells")).allSatisfy(cell -> assertThat(cell.get("warnings")).isEmpty());
    }

    @Test
    void theMarkdownReportListsThemAfterTheFailuresAndOnlyWhenThereAreSome() throws Exception {
        String markdown = new MarkdownFormat().render(RunData.read(GoldenReportTest.forkRun()), ReportOptions.defaults());
        assertThat(markdown).contains("\n## Warnings\n\n" + Sections.WARNINGS_INTRO + "\n\n- `llmagent/turn1`: "
                + WARNING + "\n");
        assertThat(markdown.indexOf("## Warnings")).isGreaterThan(markdown.indexOf("## Cells that did not finish OK"));

        assertThat(new MarkdownFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults()))
                .doesNotContain("Warnings");
    }

    @Test
    void theHtmlReportListsThemBelowTheFailuresAndEscapesThem(@TempDir Path temp) throws Exception {
        String html = new HtmlFormat().render(RunData.read(GoldenReportTest.forkRun()), ReportOptions.defaults());
        assertThat(html).contains("<section class=\"card warnings\" id=\"warnings\">\n<h2>Warnings</h2>",
                "<li><code>llmagent/turn1</code>: " + WARNING + "</li>");
        assertThat(html.indexOf("id=\"warnings\"")).isGreaterThan(html.indexOf("id=\"problems\""))
                .isLessThan(html.indexOf("id=\"time\""));
        assertThat(new HtmlFormat().render(RunData.read(GoldenReportTest.fixedRun()), ReportOptions.defaults()))
                .doesNotContain("id=\"warnings\"");

        String hostile = new HtmlFormat().render(RunData.read(HostileRun.write(temp)), ReportOptions.defaults());
        assertThat(hostile).contains("<code>raw/turn1</code>: close() failed: &lt;img src=x").doesNotContain(
                HostileRun.WARNING);
        String hostileMarkdown = new MarkdownFormat().render(RunData.read(HostileRun.write(temp.resolve("md"))),
                ReportOptions.defaults());
        assertThat(hostileMarkdown).contains("- `raw/turn1`: close() failed: &lt;img src=x");
    }
}
