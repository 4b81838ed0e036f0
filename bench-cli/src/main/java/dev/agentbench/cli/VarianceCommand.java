package dev.agentbench.cli;

import dev.agentbench.report.RunData;
import dev.agentbench.report.compare.CompareOptions;
import dev.agentbench.report.compare.Variance;
import dev.agentbench.report.compare.VarianceJson;
import dev.agentbench.report.compare.VarianceMarkdown;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentbench variance}: where the spread of a plan's figures lies, over runs of it, measuring nothing. */
@Command(
        name = "variance",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Splits the spread of every figure of every cell (time, CPU, own-thread CPU, allocation, retained heap) "
                    + "over one or more runs of one plan into what lies within a fork, between forks and between "
                    + "runs, after Kalibera and Jones, and says how wide one run's interval is, how far apart two "
                    + "runs land, and how many forks a run needs for two runs to land within --precision. A run "
                    + "read from its summary alone has no samples: its time has no within-fork part. Prints the "
                    + "tables as markdown (or JSON) to standard output.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench variance results-a/latest results-b/latest",
            "  agentbench variance docs/results/run-a docs/results/run-b --precision 3%%",
            "  agentbench variance results/latest --format json --json variance.json",
            "",
            "Exit codes: 0 the tables were printed; 2 bad input: no such run, no run.json, a",
            "bad precision or format, or runs with no cell that has two forks in one run."
        })
final class VarianceCommand implements Callable<Integer> {

    /** The precision the forks are counted for when none is given. */
    static final double DEFAULT_PRECISION = 0.05;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN",
            description = "A run of the plan: a run directory, a results directory's 'latest' entry, or a results "
                    + "directory (its newest run). Two runs or more show what lies between runs.")
    private List<Path> given = new ArrayList<>();

    @Option(names = "--precision", paramLabel = "PERCENT",
            description = "How close two runs should land, either way, for the forks column (default: 5%%).")
    private String precision = CompareOptions.percent(DEFAULT_PRECISION);

    @CommandLine.Mixin
    private TableOutput output = new TableOutput();

    @Override
    public Integer call() {
        double fraction = CompareOptions.parsePercent("Precision", precision);
        if (!(fraction > 0)) {
            throw new Main.UsageException("Precision [" + precision + "] must be above 0%, such as 5%");
        }
        output.check();
        List<RunData> runs = new ArrayList<>();
        for (Path run : given) {
            runs.add(CompareCommand.read(ReportCommand.resolve(run)));
        }
        Variance variance = Variance.of(runs, fraction);
        if (variance.cells().isEmpty()) {
            throw new Main.UsageException("No cell of " + given + " has two forks in one run: nothing to split"
                    + " (a run of --forks 1 cannot tell its JVMs apart)");
        }
        output.print(spec.commandLine().getOut(), VarianceJson.render(variance), () -> VarianceMarkdown.render(variance));
        return Main.OK;
    }
}
