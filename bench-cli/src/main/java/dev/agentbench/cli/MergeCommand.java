package dev.agentbench.cli;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.RunSummary;
import dev.agentbench.core.ShardMerge;
import dev.agentbench.core.results.NewerFormatException;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.Reports;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentbench merge}: one run, and its reports, from the runs of a plan's shards. */
@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Merges the runs of a plan's shards (run --shard K/N or --shards N) into one run directory with every "
                    + "cell of the plan, and writes its reports, which say which machine measured which rows. "
                    + "Refuses runs that are no shards, shards of different plans, target versions or agentbench "
                    + "versions, and a shard given twice; a shard not given leaves its cells MISSING.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench merge shard-1 shard-2                       (results directories: their newest runs)",
            "  agentbench merge shard-*/latest -o results/nightly",
            "",
            "Exit codes: 0 every cell of the plan OK; 1 some cell failed or is MISSING (a shard not given, or",
            "not finished); 2 bad input: no such run, a run that is no shard, shards that do not belong together,",
            "an output directory that is not empty."
        })
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "RUN_DIR", arity = "1..*",
            description = "A shard's run directory; a results directory's 'latest' entry; or a results directory, "
                    + "for its newest run.")
    private List<Path> shards = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "The merged run's directory, new or empty (default: a new run directory in --results-dir).")
    private Path output;

    @Option(names = "--results-dir", paramLabel = "DIR",
            description = "Where the merged run directory is made when -o is not given; it becomes the directory's "
                    + "latest run (default: ./results).")
    private Path resultsDir;

    @Option(names = "--baseline", paramLabel = "TARGET",
            description = "The target others are compared with in the report (default: wire).")
    private String baseline = ReportOptions.DEFAULT_BASELINE;

    @Override
    public Integer call() {
        if (output != null && resultsDir != null) {
            throw new Main.UsageException("-o [" + output + "] names the merged run's directory and --results-dir ["
                    + resultsDir + "] where to make one: give one");
        }
        List<Path> runs = shards.stream().map(ReportCommand::resolve).toList();
        List<String> arguments = spec.commandLine().getParseResult().originalArgs();
        RunSummary merged;
        try {
            merged = output != null ? ShardMerge.merge(runs, output, arguments)
                    : ShardMerge.mergeInto(runs, resultsDir != null ? resultsDir : Defaults.RESULTS_DIR, arguments);
        } catch (NewerFormatException e) {
            throw new Main.UsageException(e.getMessage());
        } catch (IOException e) {
            throw new Main.UsageException(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        Sharding split = merged.info().sharding();
        long merging = split.parts().stream().filter(Sharding.Part::present).count();
        long ok = merged.results().stream().filter(cell -> cell.status() == CellStatus.OK).count();
        out.println("Merged " + merging + " of " + split.count() + " shards of plan " + split.planHash() + " into "
                + merged.runDir() + ": " + merged.results().size() + " cells, " + ok + " OK; "
                + merged.info().status());
        for (Sharding.Part part : split.parts()) {
            String rows = String.join(", ", split.rows(part.shard()));
            out.println("  shard " + part.shard() + "/" + split.count() + ": " + (part.present()
                    ? part.status() + " on " + part.machine() + " [" + part.fingerprint() + "] from " + part.source()
                    : "not given, its cells MISSING") + " — " + rows);
        }
        merged.info().notes().stream().filter(note -> note.startsWith("Shard ")).forEach(note -> out.println("Note: " + note));
        for (CellResult cell : merged.results()) {
            if (cell.status() != CellStatus.OK && cell.status() != CellStatus.MISSING) {
                out.println(cell.status().label() + " " + cell.target() + " " + cell.name() + ": " + cell.error());
            }
        }
        try {
            Reports.write(merged.runDir(), new ReportOptions(baseline));
            out.println("Report: " + merged.runDir().resolve("report.md") + " (and report.html)");
        } catch (IOException | RuntimeException e) {
            spec.commandLine().getErr().println("agentbench: could not write the reports of [" + merged.runDir()
                    + "]: " + e.getMessage());
        }
        out.flush();
        return merged.allOk() ? Main.OK : Main.CELLS_FAILED;
    }
}
