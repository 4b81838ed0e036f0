package dev.agentbench.cli;

import dev.agentbench.api.result.TargetId;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.compare.Agreement;
import dev.agentbench.report.compare.AgreementJson;
import dev.agentbench.report.compare.AgreementMarkdown;
import dev.agentbench.report.compare.AgreementOptions;
import dev.agentbench.report.compare.CompareOptions;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentbench agree}: whether a second run of one plan says what the first said, measuring nothing. */
@Command(
        name = "agree",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Holds a second run of one plan to the first, cell by cell: every cell OK, steady and undisturbed in "
                    + "both runs must have its median within --median-within of the first run's, and its ratio to "
                    + "the baseline within --ratio-within; a memory_footprint or session_growth cell OK in both runs "
                    + "must also have its retained heap within --median-within or --retained-within, whichever is "
                    + "wider. Cells that are not held (failed, not "
                    + "steady, disturbed, in one run only) are named with why and not held. Prints the agreement table, with the largest "
                    + "differences named, as markdown (or JSON) to standard output.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench agree results/20261206-074700-e267 results/latest",
            "  agentbench agree a/latest b/latest --median-within 5%% --ratio-within 7%%",
            "  agentbench agree docs/results/run-a docs/results/run-b --baseline raw",
            "",
            "Exit codes: 0 the runs agree; 3 a checked median, ratio or retained heap lies",
            "outside its bound, or nothing could be checked; 2 bad input: no such run, no",
            "run.json, a bad bound, format or baseline, or runs with no cell in common."
        })
final class AgreeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_A",
            description = "The first run: a run directory, a results directory's 'latest' entry, or a results "
                    + "directory (its newest run).")
    private Path runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The second run, named the same ways.")
    private Path runB;

    @Option(names = "--median-within", paramLabel = "PERCENT",
            description = "How far a cell's median (and retained heap) in RUN_B may lie from RUN_A's, either way (default: 3%%).")
    private String medianWithin = CompareOptions.percent(AgreementOptions.DEFAULT_MEDIAN_WITHIN);

    @Option(names = "--ratio-within", paramLabel = "PERCENT",
            description = "How far a cell's ratio to the baseline may move between the runs, either way "
                    + "(default: 5%%).")
    private String ratioWithin = CompareOptions.percent(AgreementOptions.DEFAULT_RATIO_WITHIN);

    @Option(names = "--retained-within", paramLabel = "BYTES",
            description = "How far a retained heap may move in bytes per agent or session, either way, where that "
                    + "is wider than --median-within of it: a figure about 0 moves by the heap's own noise "
                    + "(default: 32).")
    private String retainedWithin = String.format(Locale.ROOT, "%.0f", AgreementOptions.DEFAULT_RETAINED_BYTES_WITHIN);

    @Option(names = "--baseline", paramLabel = "TARGET",
            description = "The target the ratios divide by (default: wire; RUN_A's first target when it has no "
                    + "wire).")
    private String baseline = ReportOptions.DEFAULT_BASELINE;

    @CommandLine.Mixin
    private TableOutput output = new TableOutput();

    @Override
    public Integer call() {
        AgreementOptions options = new AgreementOptions(CompareOptions.parsePercent("Median bound", medianWithin),
                CompareOptions.parsePercent("Ratio bound", ratioWithin), baseline, bytes(retainedWithin));
        output.check();
        Path a = ReportCommand.resolve(runA);
        Path b = ReportCommand.resolve(runB);
        var dataA = CompareCommand.read(a);
        var dataB = CompareCommand.read(b);
        Agreement agreement = Agreement.of(dataA, dataB, options);
        String column = agreement.baseline();
        if (!baseline.equals(ReportOptions.DEFAULT_BASELINE)
                && (column == null || !column.equals(baseline) && !TargetId.parse(column).name().equals(baseline))) {
            throw new Main.UsageException("Baseline [" + baseline + "] is not a target of run [" + a + "]; its targets: "
                    + dataA.targets(baseline));
        }
        if (!agreement.anyCellInCommon()) {
            throw new Main.UsageException("Runs [" + a + "] and [" + b + "] have no cell in common: nothing to hold "
                    + "to the other");
        }
        output.print(spec.commandLine().getOut(), AgreementJson.render(agreement),
                () -> AgreementMarkdown.render(agreement));
        return agreement.agree() ? Main.OK : Main.DISAGREE;
    }

    /** {@code 32}: a whole or decimal number of bytes, at least 0. */
    private static double bytes(String value) {
        try {
            double bytes = Double.parseDouble(value.strip());
            if (bytes >= 0 && bytes < Double.POSITIVE_INFINITY) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // said below, with the value
        }
        throw new Main.UsageException("Retained bound [" + value + "] must be a number of bytes, at least 0, "
                + "such as 32");
    }
}
