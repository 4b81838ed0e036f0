package dev.agentbench.cli;

import dev.agentbench.core.results.NewerFormatException;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.ResultsPage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentbench page}: one self-contained HTML page of several runs' charts, measuring nothing. */
@Command(
        name = "page",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Writes one self-contained HTML page of several runs' charts, for publishing them side by side: per "
                    + "run, its header (when, JVM, machine, versions, settings, its cells' statuses), links to its "
                    + "own report.html and report.md, and the charts its report.html draws: the median and p95 of "
                    + "every benchmark, figures against N sessions (the load curves), throughput against "
                    + "concurrency, cost curves and stream timelines. Tables of numbers stay in each run's "
                    + "report.md. Nothing on the page is fetched from anywhere.",
            "",
            "A run read from its summary.json alone (a published run) has no stream timelines: keep its "
                    + "<target>/<cell>.stream.json files to draw them.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench page results/latest -o index.html",
            "  agentbench page docs/results/run-a docs/results/run-b docs/results/load-a -o docs/results/index.html",
            "",
            "Exit codes: 0 page written; 2 bad input: no such run directory, no run.json, results of a newer format",
            "than this agentbench reads, a broken summary.json, a page that cannot be written."
        })
final class PageCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "RUN_DIR", arity = "1..*",
            description = "A run directory; a results directory's 'latest' entry; or a results directory, for its "
                    + "newest run. The page shows them in this order.")
    private List<Path> runs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The page to write; links to the runs' reports are made relative to its folder "
                    + "(default: ./index.html).")
    private Path output = Path.of("index.html");

    @Option(names = "--title", paramLabel = "TEXT", description = "The page's title (default: agentbench results).")
    private String title = ResultsPage.DEFAULT_TITLE;

    @Option(names = "--baseline", paramLabel = "TARGET",
            description = "The target drawn first, in the first colour (default: wire; a run's first target when it "
                    + "has no wire).")
    private String baseline = ReportOptions.DEFAULT_BASELINE;

    @Override
    public Integer call() {
        if (Files.isDirectory(output)) {
            throw new Main.UsageException("-o [" + output + "] is a directory: name the page's file, for example ["
                    + output.resolve("index.html") + "]");
        }
        List<ResultsPage.Entry> entries = new ArrayList<>();
        for (Path dir : runs.stream().map(ReportCommand::resolve).toList()) {
            try {
                entries.add(ResultsPage.entry(output, dir));
            } catch (NewerFormatException e) {
                throw new Main.UsageException(e.getMessage());
            } catch (IOException | RuntimeException e) {
                throw new Main.UsageException("Cannot read the run [" + dir + "]: " + ReportCommand.oneLine(e));
            }
        }
        try {
            ResultsPage.write(output, title, entries, new ReportOptions(baseline));
        } catch (IOException e) {
            throw new Main.UsageException("Cannot write the page [" + output + "]: " + ReportCommand.oneLine(e));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Wrote " + output + " (" + entries.size() + (entries.size() == 1 ? " run)" : " runs)"));
        out.flush();
        return Main.OK;
    }
}
