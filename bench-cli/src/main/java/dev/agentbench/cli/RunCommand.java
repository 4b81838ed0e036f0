package dev.agentbench.cli;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.BenchOptions;
import dev.agentbench.core.BenchRunner;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.Registry;
import dev.agentbench.core.RunSummary;
import dev.agentbench.report.ReportOptions;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
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

    /** How often the live progress line is rewritten on a terminal. */
    private static final Duration TICK = Duration.ofSeconds(1);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    private Main main;

    @Option(names = {"-t", "--targets"}, paramLabel = "NAME[,NAME...]",
            description = "Targets to measure, comma-separated (default: every target found).")
    private List<String> targets = new ArrayList<>();

    @Option(names = {"-b", "--benchmarks"}, paramLabel = "NAME[,NAME...]",
            description = "Benchmarks to run, comma-separated (default: every benchmark found).")
    private List<String> benchmarks = new ArrayList<>();

    @Option(names = {"-c", "--concurrency"}, paramLabel = "N[,N...]",
            description = "Concurrency levels, comma-separated; a level N > 1 runs N sessions at once per "
                    + "iteration, for benchmarks that support it (default: 1).")
    private List<String> concurrency = new ArrayList<>();

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
    private List<String> targetOptions = new ArrayList<>();

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
        List<Path> pluginDirs = PluginDirs.withDefault(plugins);
        BenchOptions.Builder builder = BenchOptions.builder()
                .targets(names("Targets", targets))
                .benchmarks(names("Benchmarks", benchmarks))
                .resultsDir(resultsDir == null ? Defaults.RESULTS_DIR : resultsDir)
                .pluginDirs(pluginDirs)
                .targetOptions(keyValues(targetOptions))
                .arguments(spec.commandLine().getParseResult().originalArgs());
        if (!concurrency.isEmpty()) {
            builder.concurrency(levels(concurrency));
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
        try (ProgressPrinter progress = new ProgressPrinter(out, err, quiet, main.terminal(), dryRun,
                new ReportOptions(baseline), kinds(pluginDirs), System::nanoTime, TICK, terminalWidth())) {
            RunSummary summary = new BenchRunner(builder.listener(progress).build()).run();
            return summary.allOk() ? Main.OK : Main.CELLS_FAILED;
        } catch (UncheckedIOException e) {
            // the run directory cannot be made or written: a results directory in a read-only place, say
            throw new Main.UsageException(e.getMessage());
        }
    }

    /**
     * The names of comma-separated, repeatable option values: {@code raw,noop}. An empty name
     * ({@code raw,,noop}, or {@code ,} alone) is refused, never dropped: dropping every name would
     * leave none, and none means every target.
     */
    static List<String> names(String what, List<String> values) {
        List<String> names = new ArrayList<>();
        for (String value : values) {
            for (String name : value.split(",", -1)) {
                if (name.isBlank()) {
                    throw new Main.UsageException(what + " [" + value + "] has an empty name; give names separated by "
                            + "commas, such as raw,noop");
                }
                names.add(name.strip());
            }
        }
        return names;
    }

    /** Concurrency levels from comma-separated, repeatable values: {@code 1,8}. */
    static List<Integer> levels(List<String> values) {
        List<Integer> levels = new ArrayList<>();
        for (String value : values) {
            for (String level : value.split(",", -1)) {
                try {
                    levels.add(Integer.parseInt(level.strip()));
                } catch (NumberFormatException e) {
                    throw new Main.UsageException("Concurrency [" + value + "] has a level [" + level
                            + "] that is not a whole number; give levels such as 1,8");
                }
            }
        }
        return levels;
    }

    /** Target options from {@code KEY=VALUE} values; a later value of a key wins. */
    static Map<String, String> keyValues(List<String> values) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String value : values) {
            int equals = value.indexOf('=');
            if (equals < 0) {
                throw new Main.UsageException("Target option [" + value + "] must be KEY=VALUE, such as stream=true");
            }
            options.put(value.substring(0, equals).strip(), value.substring(equals + 1));
        }
        return options;
    }

    /**
     * The kind of each benchmark by name, for the progress estimate; read from the registry once, when
     * first asked (the run has then checked every name). A benchmark it cannot tell counts as SESSIONS.
     */
    private static Function<String, BenchmarkKind> kinds(List<Path> pluginDirs) {
        Map<String, BenchmarkKind> kinds = new HashMap<>();
        return name -> {
            if (kinds.isEmpty()) {
                kinds.put("", BenchmarkKind.SESSIONS); // read once, even when it fails
                try {
                    Registry.load(pluginDirs).benchmarks().forEach(benchmark -> kinds.put(benchmark.name(), benchmark.kind()));
                } catch (RuntimeException e) {
                    // no kinds known: every cell is estimated alike
                }
            }
            return kinds.getOrDefault(name, BenchmarkKind.SESSIONS);
        };
    }

    /** The terminal's width from {@code COLUMNS} when the shell exports it, else 80. */
    private static int terminalWidth() {
        try {
            String columns = System.getenv("COLUMNS");
            return columns == null ? 80 : Integer.parseInt(columns.trim());
        } catch (NumberFormatException e) {
            return 80;
        }
    }
}
