package dev.agentbench.cli;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.core.results.NewerFormatException;
import dev.agentbench.report.RunData;
import dev.agentbench.report.compare.CompareJson;
import dev.agentbench.report.compare.CompareMarkdown;
import dev.agentbench.report.compare.CompareOptions;
import dev.agentbench.report.compare.Comparison;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentbench compare}: a regression gate over two runs, measuring nothing. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Compares two runs, or two columns of one run (--between), cell by cell (target and cell name): "
                    + "the ratio of medians NEW ÷ BASE with a 99%% bootstrap interval over the raw samples. A cell is a "
                    + "regression only when it is slower by more than the threshold and its interval lies wholly above 1, "
                    + "so that the noise within the runs alone does not fail the gate. Allocation per operation is judged "
                    + "beside the time by the same rule with a threshold of its own (--allocation-threshold), and with "
                    + "one fork a side. Prints a markdown table (or JSON) to standard output.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench compare results/20261129-101500-k3x9 results/latest",
            "  agentbench compare base-results new-results --threshold 10%%   (their newest runs)",
            "  agentbench compare base/latest new/latest --json compare.json > compare.md",
            "  agentbench compare base/latest new/latest --format json",
            "  agentbench compare results/latest --between langchain4j@1.16.1 langchain4j@1.19.0",
            "  agentbench compare base/latest new/latest --allocation-threshold 2%%",
            "",
            "Exit codes: 0 no regression; 3 some cell's time or allocation regressed; 2 bad input: no such run,",
            "no run.json, a bad threshold or format, or runs with no cell in common."
        })
final class CompareCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE_RUN",
            description = "The run compared against: a run directory, a results directory's 'latest' entry, or a "
                    + "results directory (its newest run).")
    private Path baseRun;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NEW_RUN",
            description = "The run under judgement, named the same ways. Not with --between.")
    private Path newRun;

    @Option(names = "--between", arity = "2", paramLabel = "COLUMN",
            description = "Compare two columns of the one run BASE_RUN instead of two runs: the cells of the first "
                    + "column (such as langchain4j@1.16.1) are the base, those of the second (langchain4j@1.19.0) "
                    + "the new side, with the same statistics, verdicts and exit codes.")
    private List<String> between;

    @Option(names = "--threshold", paramLabel = "PERCENT",
            description = "How much slower a cell's median must be to count, such as 5%% or 2.5%% (default: 5%%). "
                    + "At least 0%% and below 100%%.")
    private String threshold = CompareOptions.percent(CompareOptions.DEFAULT_THRESHOLD);

    @Option(names = "--allocation-threshold", paramLabel = "PERCENT",
            description = "How much more a cell must allocate per operation to count, such as 3%% (default: 3%%); a "
                    + "change of under 64 bytes per operation never counts. At least 0%% and below 100%%.")
    private String allocationThreshold = CompareOptions.percent(CompareOptions.DEFAULT_ALLOCATION_THRESHOLD);

    @Option(names = "--judge-disturbed",
            description = "Judge a cell all the same when the machine disturbed one of its forks in either run and no "
                    + "clean rerun replaced it (by default such a cell is not judged: disturbed by the machine).")
    private boolean judgeDisturbed;

    @CommandLine.Mixin
    private TableOutput output = new TableOutput();

    @Override
    public Integer call() {
        CompareOptions options = CompareOptions.defaults().withThreshold(CompareOptions.parseThreshold(threshold))
                .withAllocationThreshold(CompareOptions.parsePercent("Allocation threshold", allocationThreshold))
                .withJudgeDisturbed(judgeDisturbed);
        output.check();
        Comparison comparison;
        if (between != null) {
            if (between.size() != 2) {
                throw new Main.UsageException("--between " + between + " names two columns once: --between A B");
            }
            if (newRun != null) {
                throw new Main.UsageException("--between compares two columns of one run: give one run, not ["
                        + baseRun + "] and [" + newRun + "]");
            }
            Path run = ReportCommand.resolve(baseRun);
            try {
                comparison = Comparison.between(read(run), between.get(0), between.get(1), options);
            } catch (IllegalArgumentException e) {
                throw new Main.UsageException(e.getMessage());
            }
            if (!comparison.anyCellInCommon()) {
                throw new Main.UsageException("Columns [" + between.get(0) + "] and [" + between.get(1) + "] of run ["
                        + run + "] have no cell in common: nothing to compare");
            }
            return print(comparison);
        }
        if (newRun == null) {
            throw new Main.UsageException("Missing NEW_RUN: compare takes two runs, or one run and --between A B");
        }
        Path base = ReportCommand.resolve(baseRun);
        Path changed = ReportCommand.resolve(newRun);
        comparison = Comparison.of(read(base), read(changed), options);
        if (!comparison.anyCellInCommon()) {
            throw new Main.UsageException("Runs [" + base + "] and [" + changed + "] have no cell in common: "
                    + "nothing to compare");
        }
        return print(comparison);
    }

    /** Writes the comparison where the options say; the exit code its verdicts give. */
    private int print(Comparison comparison) {
        output.print(spec.commandLine().getOut(), CompareJson.render(comparison), () -> CompareMarkdown.render(comparison));
        return comparison.hasRegression() ? Main.REGRESSION : Main.OK;
    }

    static RunData read(Path runDir) {
        try {
            return RunData.read(runDir);
        } catch (NewerFormatException e) {
            throw new Main.UsageException(e.getMessage());
        } catch (IOException | RuntimeException e) {
            throw new Main.UsageException("Cannot read the run [" + runDir + "]: " + ReportCommand.oneLine(e));
        }
    }

    /** Writes atomically: a temporary file beside the target, then a rename. */
    static void write(Path file, String text) {
        try {
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            throw new Main.UsageException("Cannot write [" + file + "]: " + ReportCommand.oneLine(e));
        }
    }
}
