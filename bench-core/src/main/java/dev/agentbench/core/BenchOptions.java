package dev.agentbench.core;

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

    private final List<String> targets;
    private final List<String> benchmarks;
    private final List<Integer> concurrency;
    private final int iterations;
    private final int warmup;
    private final Duration warmupTime;
    private final Duration timeout;
    private final Duration maxDuration;
    private final int footprintAgents;
    private final int growthSessions;
    private final int coldStarts;
    private final boolean dryRun;
    private final Path resultsDir;
    private final List<Path> pluginDirs;
    private final Map<String, String> targetOptions;
    private final List<String> jvmArgs;
    private final List<String> arguments;
    private final String harnessClasspath;
    private final Path javaExecutable;
    private final String mockMainClass;
    private final double driftThreshold;
    private final RunListener listener;

    private BenchOptions(Builder b) {
        targets = List.copyOf(b.targets);
        benchmarks = List.copyOf(b.benchmarks);
        concurrency = List.copyOf(b.concurrency);
        iterations = b.iterations;
        warmup = b.warmup;
        warmupTime = b.warmupTime;
        timeout = b.timeout;
        maxDuration = b.maxDuration;
        footprintAgents = b.footprintAgents;
        growthSessions = b.growthSessions;
        coldStarts = b.coldStarts;
        dryRun = b.dryRun;
        resultsDir = b.resultsDir;
        pluginDirs = List.copyOf(b.pluginDirs);
        targetOptions = Map.copyOf(b.targetOptions);
        jvmArgs = List.copyOf(b.jvmArgs);
        arguments = List.copyOf(b.arguments);
        harnessClasspath = b.harnessClasspath != null ? b.harnessClasspath : Defaults.harnessClasspath();
        javaExecutable = b.javaExecutable != null ? b.javaExecutable : Defaults.javaExecutable();
        mockMainClass = b.mockMainClass;
        driftThreshold = b.driftThreshold;
        listener = b.listener;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Target names in the order given; empty means every target the registry knows. */
    public List<String> targets() {
        return targets;
    }

    /** Benchmark names in the order given; empty means every benchmark the registry knows. */
    public List<String> benchmarks() {
        return benchmarks;
    }

    /** Concurrency levels; only benchmarks that support concurrency are expanded beyond 1. */
    public List<Integer> concurrency() {
        return concurrency;
    }

    /** Timed iterations per cell (1 in a dry run). */
    public int iterations() {
        return dryRun ? 1 : iterations;
    }

    /** The least number of warm-up iterations per cell (0 in a dry run). */
    public int warmup() {
        return dryRun ? 0 : warmup;
    }

    /** The least time a cell's warm-up lasts (zero in a dry run). */
    public Duration warmupTime() {
        return dryRun ? Duration.ZERO : warmupTime;
    }

    /** The longest a cell may run before it is destroyed and recorded as TIMEOUT. */
    public Duration timeout() {
        return timeout;
    }

    /** The budget of the whole run: once spent, no new cell starts. Empty for no budget. */
    public Optional<Duration> maxDuration() {
        return Optional.ofNullable(maxDuration);
    }

    /**
     * Agents a FOOTPRINT cell builds and holds at once to read the retained bytes per agent (1 in a
     * dry run).
     */
    public int footprintAgents() {
        return dryRun ? 1 : footprintAgents;
    }

    /** Sessions a SESSION_GROWTH cell runs between its two heap readings (1 in a dry run). */
    public int growthSessions() {
        return dryRun ? 1 : growthSessions;
    }

    /** Fresh JVMs a COLD_START cell starts, each with the cell timeout (1 in a dry run). */
    public int coldStarts() {
        return dryRun ? 1 : coldStarts;
    }

    /**
     * Whether this is a dry run: every cell runs one checked iteration (a cold start cell one JVM),
     * with no warm-up and no memory pass.
     */
    public boolean dryRun() {
        return dryRun;
    }

    public Path resultsDir() {
        return resultsDir;
    }

    /** Plugin paths: a target's folder of jars, a single jar, or a folder of such folders. */
    public List<Path> pluginDirs() {
        return pluginDirs;
    }

    /** Options handed to every target through its context. */
    public Map<String, String> targetOptions() {
        return targetOptions;
    }

    /** Extra options for each child JVM, after {@link Defaults#CHILD_JVM_ARGS}. */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /** The raw command line, recorded in {@code run.json}. */
    public List<String> arguments() {
        return arguments;
    }

    /** The class path children and the mock start from: the harness jar and its dependencies. */
    public String harnessClasspath() {
        return harnessClasspath;
    }

    public Path javaExecutable() {
        return javaExecutable;
    }

    /** The mock's main class; {@link Defaults#MOCK_MAIN_CLASS} unless a test replaces it. */
    public String mockMainClass() {
        return mockMainClass;
    }

    /** See {@link Defaults#DRIFT_THRESHOLD}. */
    public double driftThreshold() {
        return driftThreshold;
    }

    public RunListener listener() {
        return listener;
    }

    /** The effective settings by name, as {@code run.json} records them. */
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("targets", String.join(",", targets));
        settings.put("benchmarks", String.join(",", benchmarks));
        settings.put("concurrency", concurrency.toString());
        settings.put("iterations", Integer.toString(iterations()));
        settings.put("warmup", Integer.toString(warmup()));
        settings.put("warmupTime", warmupTime().toString());
        settings.put("timeout", timeout.toString());
        settings.put("maxDuration", maxDuration == null ? "none" : maxDuration.toString());
        settings.put("footprintAgents", Integer.toString(footprintAgents()));
        settings.put("growthSessions", Integer.toString(growthSessions()));
        settings.put("coldStarts", Integer.toString(coldStarts()));
        settings.put("dryRun", Boolean.toString(dryRun));
        settings.put("driftThreshold", Double.toString(driftThreshold));
        settings.put("jvmArgs", String.join(" ", childJvmArgs()));
        settings.put("targetOptions", new java.util.TreeMap<>(targetOptions).toString());
        settings.put("pluginDirs", pluginDirs.toString());
        settings.put("javaExecutable", javaExecutable.toString());
        return settings;
    }

    /** The full JVM options of a child: the defaults, then the user's. */
    public List<String> childJvmArgs() {
        List<String> all = new ArrayList<>(Defaults.CHILD_JVM_ARGS);
        all.addAll(jvmArgs);
        return List.copyOf(all);
    }

    /** Collects options; {@link #build()} validates them. Setters reject {@code null}. */
    public static final class Builder {
        private List<String> targets = List.of();
        private List<String> benchmarks = List.of();
        private List<Integer> concurrency = Defaults.CONCURRENCY;
        private int iterations = Defaults.ITERATIONS;
        private int warmup = Defaults.WARMUP_ITERATIONS;
        private Duration warmupTime = Defaults.WARMUP_TIME;
        private Duration timeout = Defaults.TIMEOUT;
        private Duration maxDuration;
        private int footprintAgents = Defaults.FOOTPRINT_AGENTS;
        private int growthSessions = Defaults.GROWTH_SESSIONS;
        private int coldStarts = Defaults.COLD_STARTS;
        private boolean dryRun;
        private Path resultsDir = Defaults.RESULTS_DIR;
        private List<Path> pluginDirs = List.of();
        private Map<String, String> targetOptions = Map.of();
        private List<String> jvmArgs = List.of();
        private List<String> arguments = List.of();
        private String harnessClasspath;
        private Path javaExecutable;
        private String mockMainClass = Defaults.MOCK_MAIN_CLASS;
        private double driftThreshold = Defaults.DRIFT_THRESHOLD;
        private RunListener listener = RunListener.NONE;

        private Builder() {}

        public Builder targets(List<String> targets) {
            this.targets = List.copyOf(targets);
            return this;
        }

        public Builder benchmarks(List<String> benchmarks) {
            this.benchmarks = List.copyOf(benchmarks);
            return this;
        }

        public Builder concurrency(List<Integer> concurrency) {
            this.concurrency = List.copyOf(concurrency);
            return this;
        }

        public Builder iterations(int iterations) {
            this.iterations = iterations;
            return this;
        }

        public Builder warmup(int warmup) {
            this.warmup = warmup;
            return this;
        }

        public Builder warmupTime(Duration warmupTime) {
            this.warmupTime = Objects.requireNonNull(warmupTime, "warmupTime");
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /** A budget for the whole run; {@code null} for none (the default). */
        public Builder maxDuration(Duration maxDuration) {
            this.maxDuration = maxDuration;
            return this;
        }

        /** Agents a FOOTPRINT cell holds at once; at least 1 (default {@link Defaults#FOOTPRINT_AGENTS}). */
        public Builder footprintAgents(int footprintAgents) {
            this.footprintAgents = footprintAgents;
            return this;
        }

        /** Sessions a SESSION_GROWTH cell runs; at least 1 (default {@link Defaults#GROWTH_SESSIONS}). */
        public Builder growthSessions(int growthSessions) {
            this.growthSessions = growthSessions;
            return this;
        }

        /** Fresh JVMs a COLD_START cell starts; at least 1 (default {@link Defaults#COLD_STARTS}). */
        public Builder coldStarts(int coldStarts) {
            this.coldStarts = coldStarts;
            return this;
        }

        public Builder dryRun(boolean dryRun) {
            this.dryRun = dryRun;
            return this;
        }

        public Builder resultsDir(Path resultsDir) {
            this.resultsDir = Objects.requireNonNull(resultsDir, "resultsDir");
            return this;
        }

        public Builder pluginDirs(List<Path> pluginDirs) {
            this.pluginDirs = List.copyOf(pluginDirs);
            return this;
        }

        public Builder targetOptions(Map<String, String> targetOptions) {
            this.targetOptions = Map.copyOf(targetOptions);
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

        public Builder harnessClasspath(String harnessClasspath) {
            this.harnessClasspath = Objects.requireNonNull(harnessClasspath, "harnessClasspath");
            return this;
        }

        public Builder javaExecutable(Path javaExecutable) {
            this.javaExecutable = Objects.requireNonNull(javaExecutable, "javaExecutable");
            return this;
        }

        public Builder mockMainClass(String mockMainClass) {
            this.mockMainClass = Objects.requireNonNull(mockMainClass, "mockMainClass");
            return this;
        }

        public Builder driftThreshold(double driftThreshold) {
            this.driftThreshold = driftThreshold;
            return this;
        }

        public Builder listener(RunListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Checks every value and makes the options.
         *
         * @throws IllegalArgumentException naming the first bad value, for example
         *     {@code Iterations [0] must be at least 1}
         */
        public BenchOptions build() {
            OptionChecks.atLeast("Iterations", iterations, 1);
            OptionChecks.atLeast("Footprint agents", footprintAgents, 1);
            OptionChecks.atLeast("Growth sessions", growthSessions, 1);
            OptionChecks.atLeast("Cold starts", coldStarts, 1);
            if (warmup < 0) {
                throw new IllegalArgumentException("Warmup [" + warmup + "] must not be negative");
            }
            if (warmupTime.isNegative()) {
                throw new IllegalArgumentException("Warmup time [" + warmupTime + "] must not be negative");
            }
            OptionChecks.positive("Timeout", timeout);
            if (maxDuration != null) {
                OptionChecks.positive("Max duration", maxDuration);
            }
            if (!(driftThreshold > 0 && driftThreshold < 1)) {
                throw new IllegalArgumentException(
                        "Drift threshold [" + driftThreshold + "] must be above 0 and below 1");
            }
            OptionChecks.concurrency(concurrency);
            OptionChecks.names("Target", targets);
            OptionChecks.names("Benchmark", benchmarks);
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
            return new BenchOptions(this);
        }
    }
}
