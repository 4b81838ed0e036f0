package dev.agentbench.core.measure;

import dev.agentbench.core.Defaults;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How every cell of a run is measured: the one record a pass setting lives in, from the options
 * (the command line and {@link dev.agentbench.core.BenchOptions.Builder} fill its {@link Builder})
 * through the cell spec to the child's procedures. A new setting is a component here and nowhere
 * else: the spec carries this record as it is.
 *
 * <p>A fork warms up in windows of {@code window} until a trend test finds no trend left in the last
 * window medians (see {@link WarmupDetector}), but never before {@code warmupTime} has passed and
 * {@code warmup} iterations have run, and never beyond {@code warmupMax}. Its timed pass then runs
 * for {@code measureTime}, at least {@code minIterations} and at most {@code maxIterations}
 * iterations; or exactly {@code iterations} when that is set.
 *
 * @param iterations exact timed iterations per fork; 0 for a timed pass boxed by {@code measureTime}
 * @param measureTime how long a time-boxed timed pass runs
 * @param minIterations the fewest iterations of a time-boxed timed pass
 * @param maxIterations the most iterations of a time-boxed timed pass
 * @param warmup the least number of warm-up iterations
 * @param warmupTime the least warm-up time
 * @param warmupMax the longest warm-up: a fork still not steady then is flagged, never silently reported
 * @param window the length of one warm-up window
 * @param band how close the last window medians must lie to each other to count as steady, and how
 *     far apart two segments of a fork's series must be to count as a change, as a fraction
 * @param forks fresh JVMs per cell
 * @param footprintAgents agents held at once by a FOOTPRINT cell
 * @param growthSessions sessions run by a SESSION_GROWTH cell
 * @param coldStarts fresh JVMs a COLD_START cell starts, one after another
 * @param modelLatency how long the mock holds each reply of a LOAD cell before its first byte (time to
 *     first token when streamed); zero for none
 * @param modelChunkDelay how long the mock waits before each further streamed chunk of a LOAD cell's
 *     replies; zero (the default) for none
 * @param loadThreads what a LOAD cell's sessions run on: {@value #PLATFORM_THREADS} threads (the
 *     default), or {@value #VIRTUAL_THREADS} threads, which need a Java 21 or later JVM
 * @param dryRun one checked iteration per cell (one JVM per cold start), nothing else; a dry run's
 *     record says so in every other component too (1 iteration, no warm-up, 1 fork, no profile, ...)
 * @param profile the profiler that records each cell's timed pass in a profile fork of its own, one
 *     more JVM after the cell's measured forks whose figures are never merged into the cell's:
 *     {@value #JFR}, or {@value #NO_PROFILE}. Cold-start cells are not profiled
 */
public record PassSettings(
        int iterations,
        Duration measureTime,
        int minIterations,
        int maxIterations,
        int warmup,
        Duration warmupTime,
        Duration warmupMax,
        Duration window,
        double band,
        int forks,
        int footprintAgents,
        int growthSessions,
        int coldStarts,
        Duration modelLatency,
        Duration modelChunkDelay,
        String loadThreads,
        boolean dryRun,
        String profile) {

    /** No profile fork: the default. */
    public static final String NO_PROFILE = "none";

    /**
     * A profile fork records its timed pass with JDK Flight Recorder's {@code profile} settings: CPU
     * samples of every thread and sampled allocations.
     */
    public static final String JFR = "jfr";

    /** A LOAD cell's sessions run on platform threads, one each: the default. */
    public static final String PLATFORM_THREADS = "platform";

    /** A LOAD cell's sessions run on virtual threads, one each (Java 21 and later). */
    public static final String VIRTUAL_THREADS = "virtual";

    /** The profilers {@link #profile} may name. */
    public static final List<String> PROFILERS = List.of(NO_PROFILE, JFR);

    public PassSettings {
        Objects.requireNonNull(measureTime, "measureTime");
        Objects.requireNonNull(warmupTime, "warmupTime");
        Objects.requireNonNull(warmupMax, "warmupMax");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(modelLatency, "modelLatency");
        Objects.requireNonNull(modelChunkDelay, "modelChunkDelay");
        loadThreads = loadThreads == null ? PLATFORM_THREADS : loadThreads.strip().toLowerCase(Locale.ROOT);
        if (!loadThreads.equals(PLATFORM_THREADS) && !loadThreads.equals(VIRTUAL_THREADS)) {
            throw new IllegalArgumentException("Load threads [" + loadThreads + "] must be " + PLATFORM_THREADS + " or "
                    + VIRTUAL_THREADS);
        }
        String profiler = profile == null ? NO_PROFILE : profile.strip().toLowerCase(Locale.ROOT);
        if (!PROFILERS.contains(profiler)) {
            throw new IllegalArgumentException("Profiler [" + profile + "] is not supported; use " + JFR + " (or "
                    + NO_PROFILE + ")");
        }
        profile = profiler;
        if (dryRun) {
            iterations = 1;
            warmup = 0;
            warmupTime = Duration.ZERO;
            warmupMax = Duration.ZERO;
            forks = 1;
            footprintAgents = 1;
            growthSessions = 1;
            coldStarts = 1;
            profile = NO_PROFILE;
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("Iterations [" + iterations + "] must be at least 1");
        }
        positive("Measure time", measureTime);
        atLeast("Min iterations", minIterations, 1);
        if (maxIterations < minIterations) {
            throw new IllegalArgumentException("Max iterations [" + maxIterations + "] must not be below min iterations ["
                    + minIterations + "]");
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("Warmup [" + warmup + "] must not be negative");
        }
        if (warmupTime.isNegative()) {
            throw new IllegalArgumentException("Warmup time [" + warmupTime + "] must not be negative");
        }
        if (warmupMax.compareTo(warmupTime) < 0) {
            throw new IllegalArgumentException("Warmup max [" + warmupMax + "] must not be below warmup time ["
                    + warmupTime + "]");
        }
        positive("Warmup window", window);
        if (!(band > 0 && band < 1)) {
            throw new IllegalArgumentException("Steady band [" + band + "] must be above 0 and below 1");
        }
        atLeast("Forks", forks, 1);
        atLeast("Footprint agents", footprintAgents, 1);
        atLeast("Growth sessions", growthSessions, 1);
        atLeast("Cold starts", coldStarts, 1);
        if (modelLatency.isNegative()) {
            throw new IllegalArgumentException("Model latency [" + modelLatency + "] must not be negative");
        }
        if (modelChunkDelay.isNegative()) {
            throw new IllegalArgumentException("Model chunk delay [" + modelChunkDelay + "] must not be negative");
        }
    }

    /** The defaults of {@link Defaults}. */
    public static PassSettings defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether each cell but a cold start gets a profile fork (see {@link #profile}). */
    public boolean profiled() {
        return !NO_PROFILE.equals(profile);
    }

    /** Whether the timed pass is boxed by {@link #measureTime()} rather than counted. */
    public boolean timeBoxed() {
        return iterations == 0;
    }

    /** These settings as a builder, to change some of them. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.iterations = iterations == 0 ? null : iterations;
        builder.measureTime = measureTime;
        builder.minIterations = minIterations;
        builder.maxIterations = maxIterations;
        builder.warmup = warmup;
        builder.warmupTime = warmupTime;
        builder.warmupMax = warmupMax;
        builder.window = window;
        builder.band = band;
        builder.forks = forks;
        builder.footprintAgents = footprintAgents;
        builder.growthSessions = growthSessions;
        builder.coldStarts = coldStarts;
        builder.modelLatency = modelLatency;
        builder.modelChunkDelay = modelChunkDelay;
        builder.loadThreads = loadThreads;
        builder.dryRun = dryRun;
        builder.profile = profile;
        return builder;
    }

    private static void atLeast(String what, int value, int least) {
        if (value < least) {
            throw new IllegalArgumentException(what + " [" + value + "] must be at least " + least);
        }
    }

    private static void positive(String what, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(what + " [" + value + "] must be positive");
        }
    }

    /**
     * Collects pass settings, starting from {@link Defaults}; {@link #build()} checks them all.
     * {@code warmupMax}, unless set, is the larger of its default and {@code warmupTime};
     * {@code warmupTime}, unless set, is the smaller of its default and {@code warmupMax}.
     */
    public static final class Builder {
        private Integer iterations;
        private Duration measureTime = Defaults.MEASURE_TIME;
        private int minIterations = Defaults.MIN_ITERATIONS;
        private int maxIterations = Defaults.MAX_ITERATIONS;
        private int warmup = Defaults.WARMUP_ITERATIONS;
        private Duration warmupTime;
        private Duration warmupMax;
        private Duration window = Defaults.WARMUP_WINDOW;
        private double band = Defaults.STEADY_BAND;
        private int forks = Defaults.FORKS;
        private int footprintAgents = Defaults.FOOTPRINT_AGENTS;
        private int growthSessions = Defaults.GROWTH_SESSIONS;
        private int coldStarts = Defaults.COLD_STARTS;
        private Duration modelLatency = Defaults.MODEL_LATENCY;
        private Duration modelChunkDelay = Duration.ZERO;
        private String loadThreads = PLATFORM_THREADS;
        private boolean dryRun;
        private String profile = NO_PROFILE;

        private Builder() {}

        /** Exactly this many timed iterations per fork, instead of a time-boxed pass; at least 1. */
        public Builder iterations(int iterations) {
            this.iterations = iterations;
            return this;
        }

        public Builder measureTime(Duration measureTime) {
            this.measureTime = Objects.requireNonNull(measureTime, "measureTime");
            return this;
        }

        public Builder minIterations(int minIterations) {
            this.minIterations = minIterations;
            return this;
        }

        public Builder maxIterations(int maxIterations) {
            this.maxIterations = maxIterations;
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

        public Builder warmupMax(Duration warmupMax) {
            this.warmupMax = Objects.requireNonNull(warmupMax, "warmupMax");
            return this;
        }

        public Builder window(Duration window) {
            this.window = Objects.requireNonNull(window, "window");
            return this;
        }

        public Builder band(double band) {
            this.band = band;
            return this;
        }

        public Builder forks(int forks) {
            this.forks = forks;
            return this;
        }

        public Builder footprintAgents(int footprintAgents) {
            this.footprintAgents = footprintAgents;
            return this;
        }

        public Builder growthSessions(int growthSessions) {
            this.growthSessions = growthSessions;
            return this;
        }

        public Builder coldStarts(int coldStarts) {
            this.coldStarts = coldStarts;
            return this;
        }

        public Builder modelLatency(Duration modelLatency) {
            this.modelLatency = Objects.requireNonNull(modelLatency, "modelLatency");
            return this;
        }

        public Builder modelChunkDelay(Duration modelChunkDelay) {
            this.modelChunkDelay = Objects.requireNonNull(modelChunkDelay, "modelChunkDelay");
            return this;
        }

        /** {@value PassSettings#PLATFORM_THREADS} (the default) or {@value PassSettings#VIRTUAL_THREADS}. */
        public Builder loadThreads(String loadThreads) {
            this.loadThreads = Objects.requireNonNull(loadThreads, "loadThreads");
            return this;
        }

        public Builder dryRun(boolean dryRun) {
            this.dryRun = dryRun;
            return this;
        }

        /**
         * The profiler of each cell's profile fork: {@value PassSettings#JFR}, or {@value
         * PassSettings#NO_PROFILE} (the default) for none. A dry run has none.
         */
        public Builder profile(String profile) {
            this.profile = Objects.requireNonNull(profile, "profile");
            return this;
        }

        /**
         * @throws IllegalArgumentException naming the first bad value, for example
         *     {@code Forks [0] must be at least 1}
         */
        public PassSettings build() {
            if (iterations != null) {
                atLeast("Iterations", iterations, 1);
            }
            Duration min = warmupTime;
            if (min == null) {
                min = warmupMax != null && warmupMax.compareTo(Defaults.WARMUP_TIME) < 0 ? warmupMax : Defaults.WARMUP_TIME;
            }
            Duration max = warmupMax != null ? warmupMax : Defaults.WARMUP_MAX.compareTo(min) >= 0 ? Defaults.WARMUP_MAX : min;
            return new PassSettings(iterations == null ? 0 : iterations, measureTime, minIterations, maxIterations, warmup, min, max,
                    window, band, forks, footprintAgents, growthSessions, coldStarts, modelLatency, modelChunkDelay,
                    loadThreads, dryRun, profile);
        }
    }
}
