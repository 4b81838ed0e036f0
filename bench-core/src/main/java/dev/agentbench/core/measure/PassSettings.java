package dev.agentbench.core.measure;

import dev.agentbench.core.Defaults;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * How every cell of a run is measured: the values of the pass settings, from the options (the
 * command line and {@link dev.agentbench.core.BenchOptions.Builder} fill its {@link Builder})
 * through the cell spec to the child's procedures.
 *
 * <p>A pass setting is declared once, as one {@link Setting} constant below (its name, type,
 * default, check, dry-run value, option and help) listed in {@link #SETTINGS}. From that
 * declaration alone both builders take it ({@link PassSetters#set}), the command line has its option,
 * the cell spec carries it ({@link #toText}, {@link #fromText}) and {@code run.json}'s settings
 * record it under its name. A one-line accessor and a fluent setter in {@link PassSetters} are a
 * convenience for the code that reads it often; {@link #get} and {@code set} need neither.
 *
 * <p>A fork warms up in windows of {@link #WINDOW}, each of {@link #WINDOW_ITERATIONS} operations at
 * least, until a trend test finds no trend left in the
 * last window medians (see {@link WarmupDetector}), but never before {@link #WARMUP_TIME} has passed
 * and {@link #WARMUP} iterations have run, and never beyond {@link #WARMUP_MAX}. Its timed pass then
 * runs for {@link #MEASURE_TIME}, at least {@link #MIN_ITERATIONS} and at most {@link
 * #MAX_ITERATIONS} iterations; or exactly {@link #ITERATIONS} when that is set.
 */
public final class PassSettings {

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

    /** The profilers {@link #PROFILE} may name. */
    public static final List<String> PROFILERS = List.of(NO_PROFILE, JFR);

    /** Fresh JVMs per cell. */
    public static final Setting<Integer> FORKS = Setting.of("forks", Integer.class, Defaults.FORKS)
            .check(Setting.atLeast("Forks", 1)).inDryRun(1)
            .option("N", "-f", "--forks")
            .help("Fresh JVMs (forks) per cell, run one after another, the forks of a benchmark rotating through the "
                    + "targets; a cell's median is the median of its forks' medians (default: {default}). A cold-start "
                    + "cell is not forked: see --cold-starts.")
            .build();

    /** How long a time-boxed timed pass runs. */
    public static final Setting<Duration> MEASURE_TIME = Setting.of("measureTime", Duration.class,
                    Defaults.MEASURE_TIME)
            .check(Setting.positive("Measure time"))
            .option("DURATION", "--measure-time")
            .help("How long each fork's timed pass runs, within --min-iterations and --max-iterations "
                    + "(default: {default}).")
            .build();

    /** The fewest iterations of a time-boxed timed pass. */
    public static final Setting<Integer> MIN_ITERATIONS = Setting.of("minIterations", Integer.class,
                    Defaults.MIN_ITERATIONS)
            .check(Setting.atLeast("Min iterations", 1))
            .option("N", "--min-iterations")
            .help("Fewest iterations of a timed pass, however long they take (default: {default}).")
            .build();

    /** The most iterations of a time-boxed timed pass; never below {@link #MIN_ITERATIONS}. */
    public static final Setting<Integer> MAX_ITERATIONS = Setting.of("maxIterations", Integer.class,
                    Defaults.MAX_ITERATIONS)
            .option("N", "--max-iterations")
            .help("Most iterations of a timed pass, which end a fast benchmark's pass before --measure-time "
                    + "(default: {default}).")
            .build();

    /**
     * Exact timed iterations per fork instead of a pass boxed by {@link #MEASURE_TIME}; none (the
     * default, recorded as {@code time-boxed}) for the time box.
     */
    public static final Setting<Integer> ITERATIONS = Setting.of("iterations", Integer.class, null).none("time-boxed")
            .check(Setting.atLeast("Iterations", 1)).inDryRun(1)
            .option("N", "-i", "--iterations")
            .help("Exactly N timed iterations per fork, instead of a pass of --measure-time (default: {default}, "
                    + "the pass is timed).")
            .build();

    /**
     * The least warm-up time. Unless given, the smaller of its default and a given {@link
     * #WARMUP_MAX}.
     */
    public static final Setting<Duration> WARMUP_TIME = Setting.of("warmupTime", Duration.class, Defaults.WARMUP_TIME)
            .check(Setting.notNegativeTime("Warmup time")).inDryRun(Duration.ZERO)
            .option("DURATION", "--warmup-time")
            .help("Least time each fork warms up; after it, the warm-up ends as soon as the last window medians show "
                    + "no trend (default: {default}).")
            .build();

    /**
     * The longest warm-up: a fork still not steady then is flagged, never silently reported. Unless
     * given, the larger of its default and {@link #WARMUP_TIME}; never below that.
     */
    public static final Setting<Duration> WARMUP_MAX = Setting.of("warmupMax", Duration.class, Defaults.WARMUP_MAX)
            .inDryRun(Duration.ZERO)
            .option("DURATION", "--warmup-max")
            .help("Longest warm-up: a fork still not steady then is timed anyway and marked NOT steady, in the "
                    + "progress and the report (default: {default}, or --warmup-time when that is longer).")
            .build();

    /** The least number of warm-up iterations. */
    public static final Setting<Integer> WARMUP = Setting.of("warmup", Integer.class, Defaults.WARMUP_ITERATIONS)
            .check(Setting.notNegative("Warmup")).inDryRun(0)
            .option("N", "-w", "--warmup")
            .help("Least warm-up iterations per fork, besides --warmup-time (default: {default}).")
            .build();

    /** The length of one warm-up window. No option: {@code BenchOptions.Builder.warmupWindow}. */
    public static final Setting<Duration> WINDOW = Setting.of("window", Duration.class, Defaults.WARMUP_WINDOW)
            .check(Setting.positive("Warmup window"))
            .help("Length of one warm-up window, whose median is one point of the warm-up curve (default: {default}).")
            .build();

    /** The fewest operations one warm-up window holds, however long they take. */
    public static final Setting<Integer> WINDOW_ITERATIONS = Setting.of("windowIterations", Integer.class,
                    Defaults.WINDOW_ITERATIONS)
            .check(Setting.atLeast("Window iterations", 1))
            .option("N", "--window-iterations")
            .help("Fewest operations in one warm-up window, however long they take: the window's median is one point "
                    + "of the warm-up's trend test (default: {default}).")
            .build();

    /**
     * How close the last window medians must lie to each other to count as steady, and how far apart
     * two segments of a fork's series must be to count as a change, as a fraction. No option:
     * {@code BenchOptions.Builder.steadyBand}.
     */
    public static final Setting<Double> BAND = Setting.of("band", Double.class, Defaults.STEADY_BAND)
            .check(band -> {
                if (!(band > 0 && band < 1)) {
                    throw new IllegalArgumentException("Steady band [" + band + "] must be above 0 and below 1");
                }
                return band;
            })
            .help("Steady band: how close the last window medians must lie, as a fraction (default: {default}).")
            .build();

    /** Agents held at once by a FOOTPRINT cell. */
    public static final Setting<Integer> FOOTPRINT_AGENTS = Setting.of("footprintAgents", Integer.class,
                    Defaults.FOOTPRINT_AGENTS)
            .check(Setting.atLeast("Footprint agents", 1)).inDryRun(1)
            .option("K", "--footprint-agents")
            .help("Agents held at once by footprint benchmarks (default: {default}).")
            .build();

    /** Sessions run by a SESSION_GROWTH cell. */
    public static final Setting<Integer> GROWTH_SESSIONS = Setting.of("growthSessions", Integer.class,
                    Defaults.GROWTH_SESSIONS)
            .check(Setting.atLeast("Growth sessions", 1)).inDryRun(1)
            .option("S", "--growth-sessions")
            .help("Sessions run and deleted by session-growth benchmarks (default: {default}).")
            .build();

    /**
     * Sessions a SESSIONS cell of a benchmark with parameters holds at once after its timed pass, for
     * its retained heap per session.
     */
    public static final Setting<Integer> HELD_SESSIONS = Setting.of("heldSessions", Integer.class,
                    Defaults.HELD_SESSIONS)
            .check(Setting.atLeast("Held sessions", 1)).inDryRun(1)
            .option("K", "--held-sessions")
            .help("Sessions held at once, prepared and run and not yet deleted, by benchmarks with parameters, to "
                    + "read the heap each one retains (default: {default}).")
            .build();

    /** Fresh JVMs a COLD_START cell starts, one after another. */
    public static final Setting<Integer> COLD_STARTS = Setting.of("coldStarts", Integer.class, Defaults.COLD_STARTS)
            .check(Setting.atLeast("Cold starts", 1)).inDryRun(1)
            .option("R", "--cold-starts")
            .help("Fresh JVMs per cold-start cell, each timed to its first reply (default: {default}).")
            .build();

    /**
     * How long the mock holds each reply of a LOAD cell before its first byte (time to first token
     * when streamed); zero for none.
     */
    public static final Setting<Duration> MODEL_LATENCY = Setting.of("modelLatency", Duration.class,
                    Defaults.MODEL_LATENCY)
            .check(Setting.notNegativeTime("Model latency"))
            .option("DURATION", "--model-latency")
            .help("How long the mock holds each reply of a load cell before its first byte, a model's time to first "
                    + "token; 0 for none (default: {default}).")
            .build();

    /** How long the mock waits before each further streamed chunk of a LOAD cell's replies; zero for none. */
    public static final Setting<Duration> MODEL_CHUNK_DELAY = Setting.of("modelChunkDelay", Duration.class,
                    Duration.ZERO)
            .check(Setting.notNegativeTime("Model chunk delay"))
            .option("DURATION", "--model-chunk-delay")
            .help("How long the mock waits before each further streamed chunk of a load cell's replies "
                    + "(default: {default}).")
            .build();

    /**
     * What a LOAD cell's sessions run on: {@value #PLATFORM_THREADS} threads (the default), or
     * {@value #VIRTUAL_THREADS} threads, which need a Java 21 or later JVM.
     */
    public static final Setting<String> LOAD_THREADS = Setting.of("loadThreads", String.class, PLATFORM_THREADS)
            .check(given -> {
                String threads = given.strip().toLowerCase(Locale.ROOT);
                if (!threads.equals(PLATFORM_THREADS) && !threads.equals(VIRTUAL_THREADS)) {
                    throw new IllegalArgumentException("Load threads [" + threads + "] must be " + PLATFORM_THREADS
                            + " or " + VIRTUAL_THREADS);
                }
                return threads;
            })
            .option("KIND", "--load-threads")
            .help("What a load cell's sessions run on: platform threads, or virtual threads (Java 21 and later) "
                    + "(default: {default}).")
            .build();

    /**
     * The profiler that records each cell's timed pass in a profile fork of its own, one more JVM
     * after the cell's measured forks whose figures are never merged into the cell's: {@value #JFR},
     * or {@value #NO_PROFILE}. Cold-start cells and dry runs are not profiled.
     */
    public static final Setting<String> PROFILE = Setting.of("profile", String.class, NO_PROFILE)
            .check(given -> {
                String profiler = given.strip().toLowerCase(Locale.ROOT);
                if (!PROFILERS.contains(profiler)) {
                    throw new IllegalArgumentException("Profiler [" + given + "] is not supported; use " + JFR + " (or "
                            + NO_PROFILE + ")");
                }
                return profiler;
            }).inDryRun(NO_PROFILE)
            .option("PROFILER", "--profile")
            .help("Record where each cell's time and allocations go: jfr runs one more fork per cell after its "
                    + "measured ones, warmed up the same way, and records its timed pass with JDK Flight Recorder "
                    + "(<cell>.jfr beside the result, summed up in <cell>.profile.json and the report). That fork is "
                    + "never merged into the cell's figures; cold-start cells and dry runs are not profiled "
                    + "(default: {default}).")
            .build();

    /**
     * One checked iteration per cell (one JVM per cold start), nothing else; a dry run's settings say
     * so in every other setting too (1 iteration, no warm-up, 1 fork, no profile, ...: each setting's
     * {@link Setting#dryRunValue()}).
     */
    public static final Setting<Boolean> DRY_RUN = Setting.of("dryRun", Boolean.class, false)
            .option("", "--dry-run")
            .help("Start every cell in one JVM and run one checked iteration, with no warm-up and no timing: which "
                    + "cells would fail, and why.")
            .build();

    /**
     * Every pass setting, in the order the command line's help lists their options and {@code
     * run.json} its settings.
     */
    public static final List<Setting<?>> SETTINGS = List.of(FORKS, MEASURE_TIME, MIN_ITERATIONS, MAX_ITERATIONS,
            ITERATIONS, WARMUP_TIME, WARMUP_MAX, WARMUP, WINDOW, WINDOW_ITERATIONS, BAND, FOOTPRINT_AGENTS, GROWTH_SESSIONS, HELD_SESSIONS,
            COLD_STARTS, MODEL_LATENCY, MODEL_CHUNK_DELAY, LOAD_THREADS, PROFILE, DRY_RUN);

    /** Every setting's value, in {@link #SETTINGS} order; {@code null} for none. */
    private final Map<Setting<?>, Object> values;

    private PassSettings(Map<Setting<?>, Object> values) {
        this.values = values;
    }

    /** The defaults of {@link Defaults}. */
    public static PassSettings defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A setting's value; {@code null} for none. */
    public <T> T get(Setting<T> setting) {
        return setting.type().cast(values.get(known(setting)));
    }

    private static <T> Setting<T> known(Setting<T> setting) {
        if (!SETTINGS.contains(setting)) {
            throw new IllegalArgumentException("Setting [" + setting + "] is no pass setting; pass settings: "
                    + SETTINGS);
        }
        return setting;
    }

    // The values the procedures read, by their settings' names.

    public int forks() {
        return get(FORKS);
    }

    public Duration measureTime() {
        return get(MEASURE_TIME);
    }

    public int minIterations() {
        return get(MIN_ITERATIONS);
    }

    public int maxIterations() {
        return get(MAX_ITERATIONS);
    }

    /** {@link #ITERATIONS}, or 0 for a time-boxed pass (see {@link #timeBoxed()}). */
    public int iterations() {
        Integer iterations = get(ITERATIONS);
        return iterations == null ? 0 : iterations;
    }

    public Duration warmupTime() {
        return get(WARMUP_TIME);
    }

    public Duration warmupMax() {
        return get(WARMUP_MAX);
    }

    public int warmup() {
        return get(WARMUP);
    }

    public Duration window() {
        return get(WINDOW);
    }

    public int windowIterations() {
        return get(WINDOW_ITERATIONS);
    }

    public double band() {
        return get(BAND);
    }

    public int footprintAgents() {
        return get(FOOTPRINT_AGENTS);
    }

    public int growthSessions() {
        return get(GROWTH_SESSIONS);
    }

    public int heldSessions() {
        return get(HELD_SESSIONS);
    }

    public int coldStarts() {
        return get(COLD_STARTS);
    }

    public Duration modelLatency() {
        return get(MODEL_LATENCY);
    }

    public Duration modelChunkDelay() {
        return get(MODEL_CHUNK_DELAY);
    }

    public String loadThreads() {
        return get(LOAD_THREADS);
    }

    public String profile() {
        return get(PROFILE);
    }

    public boolean dryRun() {
        return get(DRY_RUN);
    }

    /** Whether each cell but a cold start gets a profile fork (see {@link #PROFILE}). */
    public boolean profiled() {
        return !NO_PROFILE.equals(profile());
    }

    /** Whether the timed pass is boxed by {@link #measureTime()} rather than counted. */
    public boolean timeBoxed() {
        return get(ITERATIONS) == null;
    }

    /** These settings as a builder, to change some of them. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        values.forEach((setting, value) -> {
            if (value != null) {
                builder.given.put(setting, value);
            }
        });
        return builder;
    }

    /**
     * Every setting's value as text by its name, in {@link #SETTINGS} order, as the cell spec and
     * {@code run.json}'s settings hold them ({@link Setting#format}): {@code forks=3},
     * {@code measureTime=PT5S}, {@code iterations=time-boxed}.
     */
    public Map<String, String> toText() {
        Map<String, String> text = new LinkedHashMap<>();
        for (Setting<?> setting : SETTINGS) {
            text.put(setting.name(), format(setting));
        }
        return text;
    }

    private <T> String format(Setting<T> setting) {
        return setting.format(get(setting));
    }

    /**
     * The settings {@link #toText} wrote, read and checked again.
     *
     * @param prefix what comes before each setting's name in the keys of {@code text}
     * @param text the text of a key, or {@code null} when there is none
     * @throws IllegalArgumentException naming the key of a missing or unreadable value
     *     ({@code [passes.forks] cannot be read as int: [three]}), or a value's check's message
     */
    public static PassSettings fromText(String prefix, Function<String, String> text) {
        Builder builder = new Builder();
        for (Setting<?> setting : SETTINGS) {
            String key = prefix + setting.name();
            String value = text.apply(key);
            if (value == null) {
                throw new IllegalArgumentException("[" + key + "] is missing");
            }
            builder.parse(setting, key, value);
        }
        return builder.build();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PassSettings settings && values.equals(settings.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "PassSettings" + toText();
    }

    /**
     * Collects pass settings, starting from their defaults; {@link #build()} checks them all. {@link
     * #WARMUP_MAX}, unless set, is the larger of its default and {@link #WARMUP_TIME}; {@link
     * #WARMUP_TIME}, unless set, is the smaller of its default and {@link #WARMUP_MAX}.
     */
    public static final class Builder implements PassSetters<Builder> {
        private final Map<Setting<?>, Object> given = new LinkedHashMap<>();

        private Builder() {}

        @Override
        public <T> Builder set(Setting<T> setting, T value) {
            given.put(known(setting), Objects.requireNonNull(value, setting.name()));
            return this;
        }

        private <T> void parse(Setting<T> setting, String key, String text) {
            T value;
            try {
                value = setting.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("[" + key + "] " + e.getMessage(), e);
            }
            if (value != null) {
                set(setting, value);
            }
        }

        /**
         * @throws IllegalArgumentException naming the first bad value, for example
         *     {@code Forks [0] must be at least 1}
         */
        public PassSettings build() {
            Map<Setting<?>, Object> values = new LinkedHashMap<>();
            for (Setting<?> setting : SETTINGS) {
                values.put(setting, checked(setting));
            }
            // the warm-up's bounds: one given alone moves the other's default with it
            Duration max = (Duration) given.get(WARMUP_MAX);
            if (!given.containsKey(WARMUP_TIME) && max != null && max.compareTo(WARMUP_TIME.defaultValue()) < 0) {
                values.put(WARMUP_TIME, max);
            }
            Duration min = (Duration) values.get(WARMUP_TIME);
            if (!given.containsKey(WARMUP_MAX) && min.compareTo(WARMUP_MAX.defaultValue()) > 0) {
                values.put(WARMUP_MAX, min);
            }
            int minIterations = (Integer) values.get(MIN_ITERATIONS);
            int maxIterations = (Integer) values.get(MAX_ITERATIONS);
            if (maxIterations < minIterations) {
                throw new IllegalArgumentException("Max iterations [" + maxIterations + "] must not be below min "
                        + "iterations [" + minIterations + "]");
            }
            if (((Duration) values.get(WARMUP_MAX)).compareTo(min) < 0) {
                throw new IllegalArgumentException("Warmup max [" + values.get(WARMUP_MAX) + "] must not be below "
                        + "warmup time [" + min + "]");
            }
            if ((Boolean) values.get(DRY_RUN)) {
                for (Setting<?> setting : SETTINGS) {
                    if (setting.dryRunValue() != null) {
                        values.put(setting, setting.dryRunValue());
                    }
                }
            }
            return new PassSettings(Collections.unmodifiableMap(values));
        }

        private <T> T checked(Setting<T> setting) {
            return given.containsKey(setting) ? setting.check(setting.type().cast(given.get(setting)))
                    : setting.defaultValue();
        }
    }
}
