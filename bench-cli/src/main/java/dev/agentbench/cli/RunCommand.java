package dev.agentbench.cli;

import dev.agentbench.core.BenchOptions;
import dev.agentbench.core.BenchRunner;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.Gate;
import dev.agentbench.core.Precision;
import dev.agentbench.core.RunSummary;
import dev.agentbench.core.Shard;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.Setting;
import dev.agentbench.report.PrecisionInterval;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.ReportsListener;
import dev.agentbench.report.compare.CompareOptions;
import dev.agentbench.report.compare.GateInterval;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code agentbench run}: measures every planned cell, each in fresh JVMs of its own, and writes the reports. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        abbreviateSynopsis = true,
        modelTransformer = RunCommand.SettingOptions.class,
        sortOptions = false,
        description = {
            "Measures each (target, benchmark, concurrency) cell against the mock in fresh child JVMs (forks): "
                    + "each fork warms up until its times are steady, then runs a timed pass. Writes run.json and "
                    + "the reports (report.md, report.html, summary.json, jmh-result.json) into a new run directory.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench run",
            "  agentbench run --targets wire,raw,noop --benchmarks turn1 --concurrency 1,8",
            "  agentbench run --forks 5 --warmup-time 30s --warmup-max 2m --measure-time 10s",
            "  agentbench run --forks 1 --warmup-time 5s --warmup-max 15s --measure-time 2s",
            "  agentbench run --targets wire,langchain4j --benchmarks turn1 --precision 3%%",
            "  agentbench run --targets wire,llmagent --benchmarks turn1 --profile jfr",
            "  agentbench run --benchmarks load --concurrency 1,16,64,256 --model-latency 200ms",
            "  agentbench run --dry-run",
            "  agentbench run --targets wire,llmagent --shard 2/4       (one machine of four)",
            "  agentbench run --targets wire,llmagent --shards 4        (in a Kubernetes Indexed Job)",
            "",
            "Exit codes: 0 every cell OK; 1 some cell failed or timed out, or the budget or a failed write",
            "(a full disk) stopped the run; 2 bad usage, or a results directory that cannot be written;",
            "130 interrupted by Ctrl-C (finished cells are kept and reported); 143 the same by SIGTERM."
        })
final class RunCommand implements Callable<Integer>, HelpLayout.Grouped {

    /** The headings {@code run --help} lists the options under, most asked for first. */
    static final List<HelpLayout.Group> HELP_GROUPS = List.of(
            new HelpLayout.Group("What to run", "--targets", "--benchmarks", "--param", "--concurrency", "--baseline",
                    "--dry-run"),
            new HelpLayout.Group("How long and how precisely", "--forks", "--precision", "--precision-max-forks",
                    "--warmup-time", "--warmup-max", "--warmup", "--window-iterations", "--measure-time",
                    "--min-iterations", "--max-iterations", "--iterations", "--max-duration"),
            new HelpLayout.Group("Where results go", "--results-dir", "--quiet", "--profile", "--log-limit"),
            new HelpLayout.Group("Gate mode: two columns until their ratio is settled", "--gate", "--gate-width",
                    "--gate-max-forks"),
            new HelpLayout.Group("The workloads' sizes and the model's pace", "--footprint-agents",
                    "--growth-sessions", "--held-sessions", "--cold-starts", "--model-latency", "--model-chunk-delay",
                    "--load-threads"),
            new HelpLayout.Group("Plugins, framework versions and JVMs", "--plugins", "--target-option", "--jvm",
                    "--jvm-arg", "--offline", "--variant-cache"),
            new HelpLayout.Group("A noisy machine, failures and several machines", "--rerun-disturbed",
                    "--rerun-unsteady", "--noise-threshold", "--no-mock-warmup", "--timeout", "--shard", "--shards"));

    @Override
    public List<HelpLayout.Group> helpGroups() {
        return HELP_GROUPS;
    }

    /** How often the live progress line is rewritten on a terminal. */
    private static final Duration TICK = Duration.ofSeconds(1);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    private Main main;

    @Option(names = {"-t", "--targets"}, paramLabel = "NAME", split = ",", splitSynopsisLabel = ",",
            description = "Targets to measure, comma-separated, in this order; all for every target found "
                    + "(default: all). NAME@VERSION runs a target at another version of its framework, resolved "
                    + "with Maven (langchain4j@1.16.1); NAME@DIR runs it from another plugin folder "
                    + "(langchain4j@../branch/plugins/langchain4j, column langchain4j@langchain4j); each is a "
                    + "column of its own.")
    private List<String> targets = new ArrayList<>();

    @Option(names = {"-b", "--benchmarks"}, paramLabel = "NAME", split = ",", splitSynopsisLabel = ",",
            description = "Benchmarks to run, comma-separated; all for every benchmark found (default: all).")
    private List<String> benchmarks = new ArrayList<>();

    @Option(names = "--param", paramLabel = "NAME=V1,V2",
            description = "Values of a benchmark parameter, comma-separated, for every selected benchmark that "
                    + "declares it, in place of its defaults (see list); each value is a cell of its own "
                    + "(history_history=64). Repeatable: several make every combination (default: each "
                    + "benchmark's own).")
    private List<String> params = new ArrayList<>();

    @Option(names = {"-c", "--concurrency"}, paramLabel = "N", split = ",", splitSynopsisLabel = ",",
            description = "Concurrency levels, comma-separated; a level N > 1 runs N sessions at once per "
                    + "iteration, for benchmarks that support it (default: 1).")
    private List<Integer> concurrency = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Time one child JVM (a fork, or one JVM of a cold start) may run before it is destroyed "
                    + "and its cell recorded as TIMEOUT (default: 10m).")
    private Duration timeout;

    @Option(names = "--log-limit", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Most a cell's log, or the mock's, holds, as 2MiB, 512KiB or bytes: beyond it the first "
                    + "and the last half of the output are kept, with a line between that says how much was dropped "
                    + "(default: 2MiB).")
    private Long logLimit;

    @Option(names = "--max-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "A budget for the whole run: once spent, no new fork starts, and cells not finished are "
                    + "MISSING; in gate mode, cells whose planned forks are done keep them (default: none).")
    private Duration maxDuration;

    @Option(names = "--rerun-disturbed", paramLabel = "N",
            description = "Rerun a fork that the machine disturbed (others' CPU or steal over its timed pass above the "
                    + "threshold) up to N times; the disturbed fork stays in the data, out of the statistics once a "
                    + "rerun is clean. 0 reruns none (default: 2).")
    private Integer rerunDisturbed;

    @Option(names = "--rerun-unsteady", paramLabel = "N",
            description = "Rerun a fork whose timed pass left the steady state its warm-up found (a change of level "
                    + "inside the pass) up to N times; the fork replaced stays in the data, out of the statistics, "
                    + "and the cell's warnings name it. A fork capped at --warmup-max is not rerun. 0 reruns none "
                    + "(default: 1).")
    private Integer rerunUnsteady;

    @Option(names = "--noise-threshold", paramLabel = "PERCENT",
            description = "A fork is disturbed when processes other than the cell's used more than PERCENT of the "
                    + "whole machine's CPU over its timed pass, or steal took more than 10%% (default: 25; Linux "
                    + "only, elsewhere nothing is read); 25 and 25%% are the same.")
    private String noiseThreshold;

    @Option(names = "--gate", paramLabel = "BASE,NEW",
            description = "Gate mode: after the planned forks, give every cell of the two columns BASE and NEW more "
                    + "forks, one of BASE then one of NEW, until compare's 99%% interval of their ratio is within "
                    + "--gate-width either side, or --gate-max-forks or --max-duration is spent; then "
                    + "'compare RUN --between BASE NEW' gives the verdict. Without --targets, the run's targets are "
                    + "BASE and NEW (default: none).")
    private String gate;

    @Option(names = "--gate-width", paramLabel = "PERCENT",
            description = "How narrow gate mode makes each interval, either side of the ratio (default: 4%%).")
    private String gateWidth;

    @Option(names = "--gate-max-forks", paramLabel = "N",
            description = "The most forks gate mode gives a cell of each column (default: 24).")
    private Integer gateMaxForks;

    @Option(names = "--precision", paramLabel = "PERCENT",
            description = "After the planned forks, give each cell (but cold starts) whose 95%% interval of its median "
                    + "is wider than PERCENT either side more forks, the wide cells of a benchmark taking turns, until "
                    + "it is within PERCENT, or has --precision-max-forks, or --max-duration is spent; a cell that did "
                    + "not reach it says so in a warning, and run.json's notes count them (default: none, the planned "
                    + "forks only).")
    private String precision;

    @Option(names = "--precision-max-forks", paramLabel = "N",
            description = "The most forks --precision gives a cell (default: 12).")
    private Integer precisionMaxForks;

    @Option(names = "--no-mock-warmup",
            description = "Skip the mock's warm-up before the first cell (up to 30s): for quick checks; the first "
                    + "cells' figures then include the mock's own JIT warm-up.")
    private boolean noMockWarmup;

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Measure only shard K of N of the plan, for a CI matrix of N machines; merge the N runs with "
                    + "'agentbench merge'. The plan is split by benchmark and concurrency level, never inside one, so "
                    + "a row's targets are measured on one machine; shards are balanced by estimated time, and every "
                    + "machine computes the same split (default: the whole plan).")
    private String shard;

    @Option(names = "--shards", paramLabel = "N",
            description = "As --shard K/N, with K taken from JOB_COMPLETION_INDEX (from 0), which a Kubernetes "
                    + "Indexed Job sets in each pod (default: none).")
    private Integer shards;

    @Option(names = {"-o", "--results-dir"}, paramLabel = "DIR",
            description = "Where run directories are made (default: ./results).")
    private Path resultsDir;

    @Option(names = "--plugins", paramLabel = "DIR",
            description = "A folder of target plugin folders, or one plugin folder or jar; repeatable (default: "
                    + "the plugins folder beside bench-cli.jar).")
    private List<Path> plugins = new ArrayList<>();

    @Option(names = {"-O", "--target-option"}, paramLabel = "KEY=VALUE",
            description = "An option passed to every target, e.g. stream=true; repeatable (default: none).")
    private Map<String, String> targetOptions = new LinkedHashMap<>();

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "An extra argument for every child JVM, after -Xms1g -Xmx1g, e.g. --jvm-arg=-Xmx2g; "
                    + "repeatable (default: none).")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--jvm", paramLabel = "JVM", split = ",", splitSynopsisLabel = ",",
            description = "The JVMs every cell runs on, comma-separated: a feature version (17, 25), found at "
                    + "JAVA_HOME, the running JVM, /usr/lib/jvm or /Library/Java/JavaVirtualMachines, or the path "
                    + "of a java executable or a JDK home. With two or more, each target is a column per JVM "
                    + "(raw~java17, raw~java25) (default: the java running agentbench).")
    private List<String> jvms = new ArrayList<>();

    @Option(names = "--offline",
            description = "Resolve NAME@VERSION targets from the local Maven repository only (default: also the "
                    + "remote repositories of ~/.m2/settings.xml, else Maven Central).")
    private boolean offline;

    @Option(names = "--variant-cache", paramLabel = "DIR",
            description = "Where the plugin folders of NAME@VERSION targets are kept between runs (default: "
                    + "$XDG_CACHE_HOME/agentbench/variants, else ~/.cache/agentbench/variants).")
    private Path variantCache;

    @Option(names = "--baseline", paramLabel = "TARGET",
            description = "The target others are compared with in the report (default: wire).")
    private String baseline = ReportOptions.DEFAULT_BASELINE;

    @Option(names = {"-q", "--quiet"}, description = "Print only where the report is and what failed.")
    private boolean quiet;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BenchOptions.Builder builder = options();
        boolean dryRun = Boolean.TRUE.equals(given(PassSettings.DRY_RUN));
        try (ProgressPrinter progress = new ProgressPrinter(out, err, quiet, main.terminal(), dryRun,
                System::nanoTime, TICK, terminalWidth())) {
            // the reports listener before the progress: the reports' place is printed before the summary line
            RunSummary summary = new BenchRunner(builder
                    .listener(IgnoredSigint.warnOnStart(IgnoredSigint.warning(), err))
                    .listener(new ReportsListener(new ReportOptions(baseline), progress))
                    .listener(progress).build()).run();
            return summary.allOk() ? Main.OK : Main.CELLS_FAILED;
        } catch (UncheckedIOException e) {
            // the run directory cannot be made or written: a results directory in a read-only place, say
            throw new Main.UsageException(e.getMessage());
        }
    }

    /** The options the command line gives, before the listeners of the run. */
    BenchOptions.Builder options() {
        BenchOptions.Builder builder = BenchOptions.builder()
                .targets(names("Targets", "--targets", targets))
                .benchmarks(names("Benchmarks", "--benchmarks", benchmarks))
                .resultsDir(resultsDir == null ? Defaults.RESULTS_DIR : resultsDir)
                .pluginDirs(plugins)
                .targetOptions(targetOptions)
                .arguments(spec.commandLine().getParseResult().originalArgs());
        if (!concurrency.isEmpty()) {
            builder.concurrency(concurrency);
        }
        params().forEach(builder::param);
        Integer iterations = given(PassSettings.ITERATIONS);
        Duration measureTime = given(PassSettings.MEASURE_TIME);
        Integer minIterations = given(PassSettings.MIN_ITERATIONS);
        Integer maxIterations = given(PassSettings.MAX_ITERATIONS);
        if (iterations != null && (measureTime != null || minIterations != null || maxIterations != null)) {
            String boxed = measureTime != null ? "--measure-time [" + measureTime + "]"
                    : minIterations != null ? "--min-iterations [" + minIterations + "]"
                    : "--max-iterations [" + maxIterations + "]";
            throw new Main.UsageException("--iterations [" + iterations + "] is an exact count of timed iterations; "
                    + boxed + " is for a pass boxed by time instead: give one or the other");
        }
        for (Setting<?> setting : PassSettings.SETTINGS) {
            give(builder, setting);
        }
        ifGiven(timeout, builder::timeout);
        ifGiven(logLimit, builder::logLimit);
        ifGiven(maxDuration, builder::maxDuration);
        ifGiven(rerunDisturbed, builder::rerunDisturbed);
        ifGiven(rerunUnsteady, builder::rerunUnsteady);
        if (noiseThreshold != null) {
            builder.noiseThreshold(noiseThreshold());
        }
        builder.mockWarmup(!noMockWarmup);
        if (shard != null && shards != null) {
            throw new Main.UsageException("--shard [" + shard + "] and --shards [" + shards + "] both name the shard: "
                    + "give one");
        }
        if (shard != null) {
            builder.shard(Shard.parse(shard));
        } else if (shards != null) {
            builder.shard(Shard.ofJobIndex(shards, System.getenv()));
        }
        if (!jvmArgs.isEmpty()) {
            builder.jvmArgs(jvmArgs);
        }
        if (!jvms.isEmpty()) {
            builder.jvms(names("JVMs", "--jvm", jvms));
        }
        builder.offline(offline);
        ifGiven(variantCache, builder::variantCache);

        if (gate != null) {
            Gate parsed = gate();
            builder.gate(parsed);
            if (names("Targets", "--targets", targets).isEmpty()) {
                builder.targets(List.of(parsed.base(), parsed.changed()));
            }
        }
        if (precision != null) {
            if (gate != null) {
                throw new Main.UsageException("--precision [" + precision + "] and --gate [" + gate
                        + "] both add forks: give one");
            }
            builder.precision(precision());
        } else if (precisionMaxForks != null) {
            throw new Main.UsageException("--precision-max-forks [" + precisionMaxForks
                    + "] is a setting of --precision: give --precision PERCENT too");
        }
        if (gate == null && (gateWidth != null || gateMaxForks != null)) {
            throw new Main.UsageException((gateWidth != null ? "--gate-width [" + gateWidth + "]"
                    : "--gate-max-forks [" + gateMaxForks + "]")
                    + " is a setting of gate mode: give --gate BASE,NEW too");
        }
        return builder;
    }

    /** {@code --noise-threshold}: a share of the machine in percent, with or without its {@code %}. */
    private double noiseThreshold() {
        String text = noiseThreshold.strip();
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1) : text;
        double percent;
        try {
            percent = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            percent = Double.NaN;
        }
        if (!(percent > 0 && percent <= 100) || !number.matches("[0-9.]+")) {
            throw new Main.UsageException("--noise-threshold [" + noiseThreshold
                    + "] must be a share of the machine above 0 and at most 100, such as 25 or 25%");
        }
        return percent;
    }

    /**
     * Each {@code --param NAME=V1,V2} as typed, in order: a parameter given twice, one without {@code =}
     * or without values, or an empty value ({@code 1,,2}) is refused here, never dropped; the names and
     * values themselves are checked by the options.
     */
    private Map<String, List<String>> params() {
        Map<String, List<String>> given = new LinkedHashMap<>();
        for (String typed : params) {
            int equals = typed.indexOf('=');
            if (equals <= 0) {
                throw new Main.UsageException("--param [" + typed + "] must be NAME=V1,V2,..., such as history=1,64");
            }
            String name = typed.substring(0, equals).strip();
            List<String> values = Arrays.stream(typed.substring(equals + 1).split(",", -1)).map(String::strip).toList();
            if (values.stream().anyMatch(String::isEmpty)) {
                throw new Main.UsageException("--param [" + typed + "] has an empty value; give values separated by "
                        + "commas, such as history=1,64");
            }
            if (given.put(name, values) != null) {
                throw new Main.UsageException("--param [" + name + "] is given twice; give its values in one, such as "
                        + name + "=1,64");
            }
        }
        return given;
    }

    /** {@code --precision PERCENT} with its most forks. */
    private Precision precision() {
        double width;
        try {
            width = CompareOptions.parsePercent("--precision", precision);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException("--precision [" + precision + "] is not a percentage such as 5% or 2.5%");
        }
        if (width <= 0) {
            throw new Main.UsageException("--precision [" + precision + "] must be above 0%");
        }
        int most = precisionMaxForks == null ? Precision.DEFAULT_MAX_FORKS : precisionMaxForks;
        if (most < 2) {
            throw new Main.UsageException("--precision-max-forks [" + most + "] must be at least 2");
        }
        return new Precision(width, most, new PrecisionInterval());
    }

    /** {@code --gate BASE,NEW} with its width and most forks. */
    private Gate gate() {
        String[] columns = gate.split(",", -1);
        if (columns.length != 2 || columns[0].isBlank() || columns[1].isBlank()) {
            throw new Main.UsageException("--gate [" + gate + "] must name two columns, BASE,NEW, such as "
                    + "langchain4j@1.16.1,langchain4j@1.19.0");
        }
        double width = Gate.DEFAULT_WIDTH;
        if (gateWidth != null) {
            try {
                width = CompareOptions.parseThreshold(gateWidth);
            } catch (IllegalArgumentException e) {
                throw new Main.UsageException("--gate-width [" + gateWidth
                        + "] is not a percentage such as 4% or 2.5%");
            }
            if (width <= 0) {
                throw new Main.UsageException("--gate-width [" + gateWidth + "] must be above 0%");
            }
        }
        int most = gateMaxForks == null ? Gate.DEFAULT_MAX_FORKS : gateMaxForks;
        try {
            return new Gate(columns[0].strip(), columns[1].strip(), width, most, GateInterval.defaults());
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }

    /** The value the command line gave a pass setting's option, or {@code null} when it gave none. */
    private <T> T given(Setting<T> setting) {
        if (setting.options().isEmpty()) {
            return null;
        }
        return setting.type().cast(spec.commandLine().getParseResult().matchedOptionValue(longName(setting), null));
    }

    /** Gives the builder a pass setting's value when the command line has one; else the builder keeps its default. */
    private <T> void give(BenchOptions.Builder builder, Setting<T> setting) {
        ifGiven(given(setting), value -> builder.set(setting, value));
    }

    private static String longName(Setting<?> setting) {
        return setting.options().get(setting.options().size() - 1);
    }

    /** Gives the builder an option's value when the command line has one; else the builder keeps its default. */
    private static <T> void ifGiven(T value, Consumer<T> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }

    /**
     * The names of a comma-separated, repeatable option, as picocli split them, after checking the
     * values as typed: an empty name ({@code raw,,noop}, or {@code ,} alone, which picocli's split
     * drops) is refused, never dropped, since dropping every name would leave none, and none means
     * every target. {@code all} alone means every one too ({@link dev.agentbench.core.BenchOptions#ALL}).
     */
    private List<String> names(String what, String option, List<String> names) {
        CommandLine.Model.OptionSpec matched = spec.commandLine().getParseResult().matchedOption(option);
        if (matched != null) {
            for (String typed : matched.originalStringValues()) {
                if (Arrays.stream(typed.split(",", -1)).anyMatch(String::isBlank)) {
                    throw new Main.UsageException(what + " [" + typed + "] has an empty name; give names separated by "
                            + "commas, such as raw,noop");
                }
            }
        }
        return names.stream().map(String::strip).toList();
    }

    /**
     * Adds the option of every pass setting that declares one, from its declaration alone (names,
     * value label, help with its default; a {@code Boolean} setting is a flag), in {@link
     * PassSettings#SETTINGS} order, after {@code --concurrency}: what a cell measures comes before
     * how the run goes.
     */
    static final class SettingOptions implements CommandLine.IModelTransformer {
        @Override
        public CommandLine.Model.CommandSpec transform(CommandLine.Model.CommandSpec command) {
            List<CommandLine.Model.OptionSpec> options = command.options();
            int concurrency = options.indexOf(command.findOption("--concurrency"));
            List<CommandLine.Model.OptionSpec> after = new ArrayList<>(options.subList(concurrency + 1, options.size()));
            after.forEach(command::remove);
            for (Setting<?> setting : PassSettings.SETTINGS) {
                if (!setting.options().isEmpty()) {
                    command.addOption(option(setting));
                }
            }
            after.forEach(command::addOption);
            return command;
        }

        static CommandLine.Model.OptionSpec option(Setting<?> setting) {
            CommandLine.Model.OptionSpec.Builder option = CommandLine.Model.OptionSpec
                    .builder(setting.options().toArray(String[]::new))
                    .description(setting.help());
            if (setting.flag()) {
                return option.type(boolean.class).arity("0").build();
            }
            option.paramLabel(setting.paramLabel()).type(setting.type());
            if (setting.type() == Duration.class) {
                option.converters(new DurationConverter());
            }
            return option.build();
        }
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
