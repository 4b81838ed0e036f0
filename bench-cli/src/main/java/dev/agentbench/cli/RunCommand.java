package dev.agentbench.cli;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.core.BenchOptions;
import dev.agentbench.core.BenchRunner;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.RunListener;
import dev.agentbench.core.RunSummary;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.Reports;
import dev.agentbench.report.Units;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code agentbench run}: measures every planned cell, each in its own JVM, and writes the reports. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Measures each (target, benchmark, concurrency) cell in its own child JVM against the mock, "
                    + "then writes run.json and the reports (report.md, report.html, summary.json, "
                    + "jmh-result.json) into a new run directory.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench run",
            "  agentbench run --targets raw,noop --benchmarks turn1 --concurrency 1,8",
            "  agentbench run --iterations 200 --warmup 100 --warmup-time 0s --results-dir /tmp/results",
            "  agentbench run --dry-run",
            "",
            "Exit codes: 0 every cell OK; 1 some cell failed or timed out, or the budget stopped the run;",
            "2 bad usage; 130 interrupted by Ctrl-C (finished cells are kept and reported)."
        })
final class RunCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = {"-t", "--targets"}, split = ",", paramLabel = "NAME",
            description = "Targets to measure, comma-separated (default: every target found).")
    private List<String> targets = new ArrayList<>();

    @Option(names = {"-b", "--benchmarks"}, split = ",", paramLabel = "NAME",
            description = "Benchmarks to run, comma-separated (default: every benchmark found).")
    private List<String> benchmarks = new ArrayList<>();

    @Option(names = {"-c", "--concurrency"}, split = ",", paramLabel = "N",
            description = "Concurrency levels, comma-separated; a level N > 1 runs N sessions at once per "
                    + "iteration, for benchmarks that support it (default: 1).")
    private List<Integer> concurrency = new ArrayList<>();

    @Option(names = {"-i", "--iterations"}, paramLabel = "N",
            description = "Timed iterations per cell (default: " + Defaults.ITERATIONS + ").")
    private Integer iterations;

    @Option(names = {"-w", "--warmup"}, paramLabel = "N",
            description = "Warm-up iterations per cell, not recorded (default: " + Defaults.WARMUP_ITERATIONS + ").")
    private Integer warmup;

    @Option(names = "--warmup-time", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Least time to warm up, after the warm-up iterations (default: 5s).")
    private Duration warmupTime;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Time one cell may take before its JVM is destroyed (default: 10m).")
    private Duration timeout;

    @Option(names = "--footprint-agents", paramLabel = "K",
            description = "Agents held at once by footprint benchmarks (default: " + Defaults.FOOTPRINT_AGENTS + ").")
    private Integer footprintAgents;

    @Option(names = "--growth-sessions", paramLabel = "S",
            description = "Sessions run and deleted by session-growth benchmarks (default: " + Defaults.GROWTH_SESSIONS + ").")
    private Integer growthSessions;

    @Option(names = "--cold-starts", paramLabel = "R",
            description = "Fresh JVMs per cold-start cell (default: " + Defaults.COLD_STARTS + ").")
    private Integer coldStarts;

    @Option(names = "--max-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "A budget for the whole run: once spent, no new cell starts; cells not run are MISSING.")
    private Duration maxDuration;

    @Option(names = "--dry-run",
            description = "Start every cell and run one checked iteration, timing nothing: which cells would fail, and why.")
    private boolean dryRun;

    @Option(names = {"-o", "--results-dir"}, paramLabel = "DIR",
            description = "Where run directories are made (default: ./results).")
    private Path resultsDir;

    @Option(names = "--plugins", paramLabel = "DIR",
            description = "A folder of target plugin folders, or one plugin folder or jar; repeatable.")
    private List<Path> plugins = new ArrayList<>();

    @Option(names = {"-O", "--target-option"}, paramLabel = "KEY=VALUE",
            description = "An option passed to every target, e.g. stream=true; repeatable.")
    private Map<String, String> targetOptions = new LinkedHashMap<>();

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "An extra argument for every cell's JVM, e.g. --jvm-arg=-Xmx2g; repeatable.")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "TARGET",
            description = "The target others are compared with in the report (default: raw).")
    private String baseline = ReportOptions.DEFAULT_BASELINE;

    @Option(names = {"-q", "--quiet"}, description = "Print only where the report is and what failed.")
    private boolean quiet;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BenchOptions.Builder builder = BenchOptions.builder()
                .targets(targets)
                .benchmarks(benchmarks)
                .resultsDir(resultsDir == null ? Defaults.RESULTS_DIR : resultsDir)
                .pluginDirs(PluginDirs.withDefault(plugins))
                .targetOptions(targetOptions)
                .arguments(spec.commandLine().getParseResult().originalArgs())
                .listener(new Progress(out, err, quiet, dryRun, new ReportOptions(baseline)));
        if (!concurrency.isEmpty()) {
            builder.concurrency(concurrency);
        }
        if (iterations != null) {
            builder.iterations(iterations);
        }
        if (warmup != null) {
            builder.warmup(warmup);
        }
        if (warmupTime != null) {
            builder.warmupTime(warmupTime);
        }
        if (timeout != null) {
            builder.timeout(timeout);
        }
        if (footprintAgents != null) {
            builder.footprintAgents(footprintAgents);
        }
        if (growthSessions != null) {
            builder.growthSessions(growthSessions);
        }
        if (coldStarts != null) {
            builder.coldStarts(coldStarts);
        }
        if (maxDuration != null) {
            builder.maxDuration(maxDuration);
        }
        builder.dryRun(dryRun);
        if (!jvmArgs.isEmpty()) {
            builder.jvmArgs(jvmArgs);
        }
        RunSummary summary = new BenchRunner(builder.build()).run();
        return summary.allOk() ? Main.OK : Main.CELLS_FAILED;
    }

    /** Prints a line per cell and, at the end, writes the reports and says where they are. */
    private static final class Progress implements RunListener {
        private final PrintWriter out;
        private final PrintWriter err;
        private final boolean quiet;
        private final boolean dryRun;
        private final ReportOptions reportOptions;

        Progress(PrintWriter out, PrintWriter err, boolean quiet, boolean dryRun, ReportOptions reportOptions) {
            this.out = out;
            this.err = err;
            this.quiet = quiet;
            this.dryRun = dryRun;
            this.reportOptions = reportOptions;
        }

        @Override
        public void runStarted(Path runDir, RunInfo info) {
            if (!quiet) {
                out.println("Run " + info.runId() + ": " + info.cells().size() + " cells into " + runDir);
            }
        }

        @Override
        public void cellFinished(CellResult result, int index, int total) {
            String position = "[" + (index + 1) + "/" + total + "] " + result.target() + " " + result.name();
            if (result.status() == CellStatus.OK) {
                if (!quiet) {
                    out.println(position + (dryRun ? "  checked ✓"
                            : "  " + Units.time(result.time().median()) + " median ✓"));
                }
            } else {
                err.println(position + "  " + result.status() + ": " + firstLine(result.error()));
                for (String line : result.logTail()) {
                    err.println("    | " + line);
                }
            }
        }

        @Override
        public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
            try {
                Reports.write(runDir, reportOptions);
                out.println("Report: " + runDir.resolve("report.md") + " (and report.html)");
            } catch (IOException e) {
                err.println("agentbench: could not write the report of [" + runDir + "]: " + e.getMessage());
            }
            for (String note : info.notes()) {
                out.println("Note: " + note);
            }
            long notOk = results.stream().filter(cell -> cell.status() != CellStatus.OK).count();
            if (notOk > 0 || !quiet) {
                out.println(info.status() + ": " + (results.size() - notOk) + " of " + results.size() + " cells OK");
            }
            out.flush();
        }

        private static String firstLine(String text) {
            int newline = text.indexOf('\n');
            return newline < 0 ? text : text.substring(0, newline);
        }
    }
}
