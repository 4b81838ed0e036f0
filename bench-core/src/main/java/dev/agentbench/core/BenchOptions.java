package dev.agentbench.core;

import dev.agentbench.core.host.BoundedLog;
import dev.agentbench.core.host.NoiseGuard;
import dev.agentbench.core.measure.PassSetters;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.Setting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The read-only settings of one run. Made only by {@link #builder()}, whose {@link Builder#build()}
 * checks every value; defaults come from {@link Defaults}.
 */
public final class BenchOptions {

    /**
     * The name that selects every target, or every benchmark, found: {@code targets(List.of(ALL))}
     * is the same as no targets at all, and the CLI's {@code --targets all} the same as no
     * {@code --targets}. It stands alone, and no target or benchmark may be named so.
     */
    public static final String ALL = "all";

    private final List<String> targets;
    private final List<String> benchmarks;
    private final List<Integer> concurrency;
    private final PassSettings passes;
    private final Duration timeout;
    private final long logLimit;
    private final Duration maxDuration;
    private final int rerunDisturbed;
    private final int rerunUnsteady;
    private final NoiseGuard noiseGuard;
    private final Path resultsDir;
    private final List<Path> pluginDirs;
    private final Map<String, String> targetOptions;
    private final Map<String, List<String>> params;
    private final List<String> jvmArgs;
    private final List<String> arguments;
    private final String harnessClasspath;
    private final Path javaExecutable;
    private final String mockMainClass;
    private final List<RunListener> listeners;
    private final boolean mockWarmup;
    private final Shard shard;
    private final List<String> jvms;
    private final boolean offline;
    private final Path variantCache;
    private final Gate gate;
    private final Precision precision;

    private BenchOptions(Builder b) {
        targets = everyOne(b.targets) ? List.of() : List.copyOf(b.targets);
        benchmarks = everyOne(b.benchmarks) ? List.of() : List.copyOf(b.benchmarks);
        concurrency = List.copyOf(b.concurrency);
        passes = b.builtPasses;
        timeout = b.timeout;
        logLimit = b.logLimit;
        maxDuration = b.maxDuration;
        rerunDisturbed = b.rerunDisturbed;
        rerunUnsteady = b.rerunUnsteady;
        noiseGuard = new NoiseGuard(b.noiseThreshold, Defaults.NOISE_STEAL_PERCENT);
        resultsDir = b.resultsDir;
        harnessClasspath = b.builtHarness;
        pluginDirs = b.defaultPlugins ? Harness.pluginPaths(harnessClasspath, b.pluginDirs) : List.copyOf(b.pluginDirs);
        targetOptions = Map.copyOf(b.targetOptions);
        Map<String, List<String>> givenParams = new LinkedHashMap<>();
        b.params.forEach((name, values) -> givenParams.put(name, List.copyOf(values)));
        params = java.util.Collections.unmodifiableMap(givenParams);
        jvmArgs = List.copyOf(b.jvmArgs);
        arguments = List.copyOf(b.arguments);
        javaExecutable = b.javaExecutable != null ? b.javaExecutable : Defaults.javaExecutable();
        mockMainClass = b.mockMainClass;
        listeners = List.copyOf(b.listeners);
        mockWarmup = b.mockWarmup;
        shard = b.shard;
        gate = b.gate;
        precision = b.precision;
        if (gate != null && precision != null) {
            throw new IllegalArgumentException("Gate mode and a precision both add forks: give one");
        }
        jvms = List.copyOf(b.jvms);
        offline = b.offline;
        variantCache = b.variantCache != null ? b.variantCache : Defaults.variantCache();
    }

    /**
     * The JVMs every cell runs on, as given: feature versions ({@code 17}) or paths (a {@code java}
     * executable or a JDK home); empty means the one {@link #javaExecutable()}.
     */
    public List<String> jvms() {
        return jvms;
    }

    /** Whether a {@code target@version} may be resolved from the local repository only. */
    public boolean offline() {
        return offline;
    }

    /** Where the plugin folders of {@code target@version} variants are kept between runs. */
    public Path variantCache() {
        return variantCache;
    }

    /** Gate mode, when the run has it: more forks for two columns until their interval is narrow. */
    public Optional<Gate> gate() {
        return Optional.ofNullable(gate);
    }

    /** The precision asked for, when the run has one: more forks for each cell until its interval is narrow. */
    public Optional<Precision> precision() {
        return Optional.ofNullable(precision);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether a list of names selects every target (or benchmark) found: it is empty, or {@link #ALL} alone. */
    static boolean everyOne(List<String> names) {
        return names.isEmpty() || names.equals(List.of(ALL));
    }

    /**
     * Target names in the order given; empty means every target the registry knows (given as
     * {@link #ALL}, or not given).
     */
    public List<String> targets() {
        return targets;
    }

    /**
     * Benchmark names in the order given; empty means every benchmark the registry knows (given as
     * {@link #ALL}, or not given).
     */
    public List<String> benchmarks() {
        return benchmarks;
    }

    /** Concurrency levels; only benchmarks that support concurrency are expanded beyond 1. */
    public List<Integer> concurrency() {
        return concurrency;
    }

    /**
     * How every cell is measured: warm-up, timed and memory passes, forks, and the sizes of the
     * memory and cold-start benchmarks. In a dry run every cell runs one checked iteration (a cold
     * start one JVM), with no warm-up, one fork and no memory pass, and these settings say so.
     */
    public PassSettings passes() {
        return passes;
    }

    /** The longest a cell may run before it is destroyed and recorded as TIMEOUT. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The most bytes a cell's log, or the mock's, holds: beyond it, the first and the last half of
     * the output are kept, with a line between them that says how much was dropped.
     */
    public long logLimit() {
        return logLimit;
    }

    /**
     * The shard of the plan this run measures ({@link Shards}): only its groups' cells run, and
     * run.json records the split. Empty for the whole plan (the default).
     */
    public Optional<Shard> shard() {
        return Optional.ofNullable(shard);
    }

    /**
     * How many times one disturbed fork is rerun at most (default {@link Defaults#RERUN_DISTURBED}): a
     * fork whose timed pass the machine disturbed ({@link #noiseGuard()}) is run again at once, and
     * once a rerun is clean the disturbed fork is kept in the data, out of the statistics. 0 runs none.
     */
    public int rerunDisturbed() {
        return rerunDisturbed;
    }

    /**
     * How many times one fork whose timed pass left the steady state its warm-up found is rerun at
     * most (default {@link Defaults#RERUN_UNSTEADY}): such a fork (not capped, its series not settled)
     * is run again at once, and the one it replaced is kept in the data, out of the statistics, and
     * named in the cell's warnings. A capped fork is not rerun. 0 runs none.
     */
    public int rerunUnsteady() {
        return rerunUnsteady;
    }

    /** What makes a fork disturbed: others' CPU and steal over its timed pass, as shares of the machine. */
    public NoiseGuard noiseGuard() {
        return noiseGuard;
    }

    /** The budget of the whole run: once spent, no new cell starts. Empty for no budget. */
    public Optional<Duration> maxDuration() {
        return Optional.ofNullable(maxDuration);
    }

    /**
     * Whether the mock is warmed before the first cell (never in a dry run): every planned script, in
     * both stream modes and at every planned concurrency level, until its latency is steady.
     */
    public boolean mockWarmup() {
        return mockWarmup && !passes.dryRun();
    }

    /** Whether this is a dry run (see {@link #passes()}). */
    public boolean dryRun() {
        return passes.dryRun();
    }

    public Path resultsDir() {
        return resultsDir;
    }

    /**
     * Plugin paths: a target's folder of jars, a single jar, or a folder of such folders. The
     * {@code plugins} folder beside the harness jar comes first when there is one (see {@link
     * Builder#defaultPlugins}), then the paths given, in order.
     */
    public List<Path> pluginDirs() {
        return pluginDirs;
    }

    /** Options handed to every target through its context. */
    public Map<String, String> targetOptions() {
        return targetOptions;
    }

    /**
     * The benchmark parameters the user set, each with its values in the order given, parameters in the
     * order given ({@code --param history=1,64}): they replace the defaults of every selected benchmark
     * that declares them, and several make the cross product. Empty when none was set.
     */
    public Map<String, List<String>> params() {
        return params;
    }

    /** Extra options for each child JVM, after {@link Defaults#CHILD_JVM_ARGS}. */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /** The raw command line, recorded in {@code run.json}. */
    public List<String> arguments() {
        return arguments;
    }

    /**
     * The class path children and the mock start from: the harness jar ({@link Harness}) unless
     * another was given, checked by {@link Builder#build()}.
     */
    public String harnessClasspath() {
        return harnessClasspath;
    }

    public Path javaExecutable() {
        return javaExecutable;
    }

    /**
     * The mock's main class; {@link Defaults#MOCK_MAIN_CLASS} unless a test replaces it. {@link
     * Builder#build()} checks that the harness class path holds it.
     */
    public String mockMainClass() {
        return mockMainClass;
    }

    /** The listeners, in the order they were added; each is told of every event. */
    public List<RunListener> listeners() {
        return listeners;
    }

    /**
     * The effective settings by name, as {@code run.json} records them; each pass setting under its
     * own name, as {@link PassSettings#toText()} writes it.
     */
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("targets", String.join(",", targets));
        settings.put("benchmarks", String.join(",", benchmarks));
        settings.put("concurrency", concurrency.toString());
        settings.putAll(passes.toText());
        settings.put("mockWarmup", Boolean.toString(mockWarmup()));
        settings.put("timeout", timeout.toString());
        settings.put("logLimit", Long.toString(logLimit));
        settings.put("maxDuration", maxDuration == null ? "none" : maxDuration.toString());
        settings.put("rerunDisturbed", Integer.toString(rerunDisturbed));
        settings.put("rerunUnsteady", Integer.toString(rerunUnsteady));
        settings.put("noiseThreshold", Double.toString(noiseGuard.otherCpuPercent()));
        if (gate != null) {
            settings.put("gate", gate.base() + "," + gate.changed());
            settings.put("gateWidth", Double.toString(gate.width()));
            settings.put("gateMaxForks", Integer.toString(gate.maxForks()));
        }
        if (precision != null) {
            settings.put("precision", Double.toString(precision.width()));
            settings.put("precisionMaxForks", Integer.toString(precision.maxForks()));
        }
        settings.put("jvmArgs", String.join(" ", childJvmArgs()));
        settings.put("targetOptions", new java.util.TreeMap<>(targetOptions).toString());
        settings.put("params", params.entrySet().stream().map(entry -> entry.getKey() + "="
                + String.join(",", entry.getValue())).collect(java.util.stream.Collectors.joining(" ")));
        settings.put("pluginDirs", pluginDirs.toString());
        settings.put("javaExecutable", javaExecutable.toString());
        settings.put("jvms", String.join(",", jvms));
        return settings;
    }

    /** The full JVM options of a child: the defaults, then the user's. */
    public List<String> childJvmArgs() {
        List<String> all = new ArrayList<>(Defaults.CHILD_JVM_ARGS);
        all.addAll(jvmArgs);
        return List.copyOf(all);
    }

    /**
     * Collects options; {@link #build()} validates them. Setters reject {@code null}. The pass
     * settings are set as on {@link PassSettings.Builder}: any of {@link PassSettings#SETTINGS}
     * through {@link #set}, the common ones through the fluent methods of {@link PassSetters}
     * ({@code forks(1)}, {@code warmupTime(...)}, {@code measureTime(...)}, ...).
     */
    public static final class Builder implements PassSetters<Builder> {
        private List<String> targets = List.of();
        private List<String> benchmarks = List.of();
        private List<Integer> concurrency = Defaults.CONCURRENCY;
        private final PassSettings.Builder passes = PassSettings.builder();
        private PassSettings builtPasses;
        private Duration timeout = Defaults.TIMEOUT;
        private long logLimit = Defaults.LOG_LIMIT;
        private Duration maxDuration;
        private int rerunDisturbed = Defaults.RERUN_DISTURBED;
        private int rerunUnsteady = Defaults.RERUN_UNSTEADY;
        private double noiseThreshold = Defaults.NOISE_OTHER_CPU_PERCENT;
        private Path resultsDir = Defaults.RESULTS_DIR;
        private List<Path> pluginDirs = List.of();
        private Map<String, String> targetOptions = Map.of();
        private final Map<String, List<String>> params = new LinkedHashMap<>();
        private List<String> jvmArgs = List.of();
        private List<String> arguments = List.of();
        private String harnessClasspath;
        private Path javaExecutable;
        private String builtHarness;
        private boolean defaultPlugins = true;
        private String mockMainClass = Defaults.MOCK_MAIN_CLASS;
        private final List<RunListener> listeners = new ArrayList<>();
        private boolean mockWarmup = true;
        private Shard shard;
        private List<String> jvms = List.of();
        private boolean offline;
        private Path variantCache;
        private Gate gate;
        private Precision precision;

        private Builder() {}

        /** A precision ({@link Precision}): forks added to every cell wider than it, up to its most forks. */
        public Builder precision(Precision precision) {
            this.precision = Objects.requireNonNull(precision, "precision");
            return this;
        }

        /** Gate mode ({@link Gate}): both columns must be among the run's targets. */
        public Builder gate(Gate gate) {
            this.gate = Objects.requireNonNull(gate, "gate");
            return this;
        }

        /** Targets by name, in the order to run them; empty or {@link #ALL} alone for every target found (the default). */
        public Builder targets(List<String> targets) {
            this.targets = List.copyOf(targets);
            return this;
        }

        /** Benchmarks by name, in the order to run them; empty or {@link #ALL} alone for every benchmark found (the default). */
        public Builder benchmarks(List<String> benchmarks) {
            this.benchmarks = List.copyOf(benchmarks);
            return this;
        }

        public Builder concurrency(List<Integer> concurrency) {
            this.concurrency = List.copyOf(concurrency);
            return this;
        }

        /** Gives a pass setting a value, checked at {@link #build()}: {@code set(PassSettings.FORKS, 1)}. */
        @Override
        public <T> Builder set(Setting<T> setting, T value) {
            passes.set(setting, value);
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /** The most bytes a cell's log, or the mock's, holds (default {@link Defaults#LOG_LIMIT}). */
        public Builder logLimit(long bytes) {
            this.logLimit = bytes;
            return this;
        }

        /**
         * Measure shard {@code shard} of the plan only ({@link Shards}); {@code null} for the whole
         * plan (the default).
         */
        public Builder shard(Shard shard) {
            this.shard = shard;
            return this;
        }

        /** How many times a disturbed fork is rerun at most (default {@link Defaults#RERUN_DISTURBED}); 0 for never. */
        public Builder rerunDisturbed(int times) {
            this.rerunDisturbed = times;
            return this;
        }

        /** How many times a fork whose timed pass left its steady state is rerun at most (default {@link Defaults#RERUN_UNSTEADY}); 0 for never. */
        public Builder rerunUnsteady(int times) {
            this.rerunUnsteady = times;
            return this;
        }

        /**
         * The most CPU, in percent of the whole machine, that processes other than the cell's may use
         * over an undisturbed timed pass (default {@link Defaults#NOISE_OTHER_CPU_PERCENT}).
         */
        public Builder noiseThreshold(double percent) {
            this.noiseThreshold = percent;
            return this;
        }

        /** A budget for the whole run; {@code null} for none (the default). */
        public Builder maxDuration(Duration maxDuration) {
            this.maxDuration = maxDuration;
            return this;
        }

        public Builder resultsDir(Path resultsDir) {
            this.resultsDir = Objects.requireNonNull(resultsDir, "resultsDir");
            return this;
        }

        /**
         * Plugin paths to look in for targets and benchmarks, after the {@code plugins} folder beside
         * the harness jar: a plugin folder of jars, a single jar, or a folder of such folders.
         */
        public Builder pluginDirs(List<Path> pluginDirs) {
            this.pluginDirs = List.copyOf(pluginDirs);
            return this;
        }

        /**
         * Whether to look in the {@code plugins} folder beside the harness jar, which holds the
         * shipped targets, before the paths of {@link #pluginDirs} (default true).
         */
        public Builder defaultPlugins(boolean defaultPlugins) {
            this.defaultPlugins = defaultPlugins;
            return this;
        }

        public Builder targetOptions(Map<String, String> targetOptions) {
            this.targetOptions = Map.copyOf(targetOptions);
            return this;
        }

        /**
         * Sets benchmark parameter {@code name} to {@code values} for every selected benchmark that
         * declares it (as {@code --param name=v1,v2}); a later call for the same name replaces the
         * earlier. Checked at {@link #build()}, and against the selected benchmarks when the run plans.
         */
        public Builder param(String name, List<String> values) {
            params.put(Objects.requireNonNull(name, "name"), List.copyOf(values));
            return this;
        }

        /** Sets every parameter of {@code params}, in its order, as {@link #param} does. */
        public Builder params(Map<String, List<String>> params) {
            params.forEach(this::param);
            return this;
        }

        public Builder jvmArgs(List<String> jvmArgs) {
            this.jvmArgs = List.copyOf(jvmArgs);
            return this;
        }

        public Builder arguments(List<String> arguments) {
            this.arguments = List.copyOf(arguments);
            return this;
        }

        /**
         * The class path every cell's JVM and the mock's JVM start from (default: the harness jar,
         * {@link Harness#classpath()}). It must hold the cells' and the mock's main classes, and
         * nothing of a framework: each cell adds only its own target's plugin folder.
         */
        public Builder harnessClasspath(String harnessClasspath) {
            this.harnessClasspath = Objects.requireNonNull(harnessClasspath, "harnessClasspath");
            return this;
        }

        public Builder javaExecutable(Path javaExecutable) {
            this.javaExecutable = Objects.requireNonNull(javaExecutable, "javaExecutable");
            return this;
        }

        /**
         * The JVMs every cell runs on: feature versions ({@code 17}), found among the installed JDKs,
         * or paths of a {@code java} executable or a JDK home. Empty (the default): {@link
         * #javaExecutable(Path)} alone. With two or more, each column's id ends in {@code ~java<N>}.
         */
        public Builder jvms(List<String> jvms) {
            this.jvms = List.copyOf(jvms);
            return this;
        }

        /** Resolves {@code target@version} variants from the local repository only (default false). */
        public Builder offline(boolean offline) {
            this.offline = offline;
            return this;
        }

        /** Where {@code target@version} variants' plugin folders are kept between runs (default {@link Defaults#variantCache()}). */
        public Builder variantCache(Path variantCache) {
            this.variantCache = Objects.requireNonNull(variantCache, "variantCache");
            return this;
        }

        public Builder mockMainClass(String mockMainClass) {
            this.mockMainClass = Objects.requireNonNull(mockMainClass, "mockMainClass");
            return this;
        }

        /**
         * Whether to warm the mock before the first cell (default true). Turning it off lets the
         * mock's JIT land in the first cells: for tests of the harness itself, with a stand-in mock.
         */
        public Builder mockWarmup(boolean mockWarmup) {
            this.mockWarmup = mockWarmup;
            return this;
        }

        /**
         * Adds a listener; call it again for more. Each is told of every event, in the order they
         * were added; one that throws is reported on stderr and the run and the other listeners go on.
         * The reports are written by one, {@code dev.agentbench.report.ReportsListener}: a run without
         * it writes none.
         */
        public Builder listener(RunListener listener) {
            this.listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Checks every value and makes the options.
         *
         * @throws IllegalArgumentException naming the first bad value, for example
         *     {@code Iterations [0] must be at least 1}
         */
        public BenchOptions build() {
            builtPasses = passes.build();
            OptionChecks.positive("Timeout", timeout);
            if (logLimit < BoundedLog.MIN_LIMIT) {
                throw new IllegalArgumentException("Log limit [" + logLimit + " bytes] must be at least "
                        + BoundedLog.MIN_LIMIT + " bytes");
            }
            if (maxDuration != null) {
                OptionChecks.positive("Max duration", maxDuration);
            }
            if (rerunDisturbed < 0) {
                throw new IllegalArgumentException("Reruns of a disturbed fork [" + rerunDisturbed
                        + "] must be at least 0");
            }
            if (rerunUnsteady < 0) {
                throw new IllegalArgumentException("Reruns of a fork with no steady state [" + rerunUnsteady
                        + "] must be at least 0");
            }
            new NoiseGuard(noiseThreshold, Defaults.NOISE_STEAL_PERCENT);
            OptionChecks.concurrency(concurrency);
            OptionChecks.names("Target", targets);
            OptionChecks.names("JVM", jvms);
            OptionChecks.names("Benchmark", benchmarks);
            Parameters.check(params);
            OptionChecks.resultsDir(resultsDir);
            OptionChecks.pluginPaths(pluginDirs);
            for (String key : targetOptions.keySet()) {
                if (key.isBlank()) {
                    throw new IllegalArgumentException("Target option key [" + key + "] must not be blank");
                }
            }
            if (javaExecutable != null && !Files.isExecutable(javaExecutable)) {
                throw new IllegalArgumentException("Java executable [" + javaExecutable + "] is not an executable file");
            }
            builtHarness = harnessClasspath != null ? harnessClasspath : Harness.classpath();
            Harness.check(builtHarness, mockMainClass);
            return new BenchOptions(this);
        }
    }
}
