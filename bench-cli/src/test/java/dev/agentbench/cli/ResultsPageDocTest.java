package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.ResultsPage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/results/index.html} is what the {@code page} command shown in docs/results/README.md
 * makes of the published runs: this test makes it again and fails with the first differing lines
 * when the two part (a change to the page or the charts, or a run published anew). Regenerate it
 * with {@code -Dtest=ResultsPageDocTest -Dagentbench.docs.update=true}, as docs/cli.md is.
 */
class ResultsPageDocTest {

    private static final String PAGE = "docs/results/index.html";

    @Test
    void thePublishedResultsPageIsWhatTheDocumentedCommandMakes() throws Exception {
        Path root = DocFiles.repositoryRoot();
        List<DocCommandsTest.DocCommand> shown = DocCommandsTest.commands().stream()
                .filter(command -> command.where().file().endsWith(Path.of("docs", "results", "README.md")))
                .filter(command -> command.args().size() > 2 && command.args().get(0).equals("page")
                        && command.args().contains(PAGE))
                .toList();
        assertThat(shown).as("docs/results/README.md shows the command that makes " + PAGE).hasSize(1);
        List<String> args = shown.get(0).args();
        List<Path> runs = new ArrayList<>();
        Path output = null;
        String title = ResultsPage.DEFAULT_TITLE;
        for (int i = 1; i < args.size(); i++) {
            switch (args.get(i)) {
                case "-o", "--output" -> output = root.resolve(args.get(++i));
                case "--title" -> title = args.get(++i);
                default -> runs.add(root.resolve(args.get(i)));
            }
        }
        assertThat(output).isEqualTo(root.resolve(PAGE));
        List<ResultsPage.Entry> entries = new ArrayList<>();
        for (Path run : runs) {
            entries.add(ResultsPage.entry(output, run));
        }
        String rendered = ResultsPage.render(title, entries, ReportOptions.defaults());
        String published = Files.isRegularFile(output) ? Files.readString(output, StandardCharsets.UTF_8) : "";
        if (Boolean.getBoolean(CliReferenceTest.UPDATE) && !published.equals(rendered)) {
            Files.writeString(output, rendered, StandardCharsets.UTF_8);
            fail("Rewrote " + PAGE + " (-D" + CliReferenceTest.UPDATE + "=true): review its diff, then run the test "
                    + "again without it\n" + CliReferenceTest.firstDifference(published, rendered));
        }
        if (!published.equals(rendered)) {
            fail(PAGE + " is not what `" + shown.get(0).text() + "` makes of the published runs; regenerate it with -D"
                    + CliReferenceTest.UPDATE + "=true\n" + CliReferenceTest.firstDifference(published, rendered));
        }
        for (Path run : runs) {
            assertThat(rendered).as(run + "'s report is linked")
                    .contains("href=\"" + output.getParent().relativize(run.resolve("report.md")) + "\"");
        }
    }
}
