package dev.agentbench.core;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Every default of a run, in one place. {@link BenchOptions.Builder} starts from these. */
public final class Defaults {

    private Defaults() {}

    /** Sessions per iteration: one. */
    public static final List<Integer> CONCURRENCY = List.of(1);

    /**
     * Fresh JVMs per cell. The variation between JVMs is the larger part of the noise here (the same
     * cell's medians differed by up to a fifth between two JVMs), so one JVM cannot order two targets
     * and {@code compare} judges no cell with fewer than 2 forks a side. Three, because the headline
     * is the median of the forks' medians, and the median of three is moved by no single odd JVM:
     * with two, one ADK fork 11% below its siblings moved its cell's ratio to the floor by 8% between
     * two runs of the same jar.
     */
    public static final int FORKS = 3;

    /**
     * How long a fork's timed pass runs (JMH's measurement time): a slow benchmark (200 ms an
     * iteration) costs seconds, not minutes.
     */
    public static final Duration MEASURE_TIME = Duration.ofSeconds(5);

    /** The fewest iterations of a time-boxed timed pass, however slow the benchmark. */
    public static final int MIN_ITERATIONS = 10;

    /**
     * The most iterations of a time-boxed timed pass: a sub-microsecond target (the {@code noop}
     * calibration) stops here, long before its measure time.
     */
    public static final int MAX_ITERATIONS = 100_000;

    /** Warm-up iterations every fork runs at least, whatever the time; the time floor usually rules. */
    public static final int WARMUP_ITERATIONS = 0;

    /**
     * The least time a fork warms up before the trend test may call it steady. Chosen from the
     * warm-up curves of every shipped target (docs/benchmarks.md, "Warm-up"): shorter, and a plateau
     * early in the JIT's work reads as steady.
     */
    public static final Duration WARMUP_TIME = Duration.ofSeconds(15);

    /** The longest a fork warms up; a fork not steady by then is flagged, never silently reported. */
    public static final Duration WARMUP_MAX = Duration.ofSeconds(60);

    /** The length of one warm-up window, whose median is one point of the warm-up curve. */
    public static final Duration WARMUP_WINDOW = Duration.ofSeconds(1);

    /**
     * The fewest operations one warm-up window holds, however long they take: a window's median is
     * one point of the trend test, and a median of fewer is mostly its samples' own scatter.
     */
    public static final int WINDOW_ITERATIONS = 5;

    /** Windows the trend test looks back over. */
    public static final int STEADY_WINDOWS = 5;

    /**
     * The steady band: the last {@link #STEADY_WINDOWS} window medians must lie within ±10% of their
     * median, with no slope across them beyond half that, and two segments of a fork's series must
     * differ by more than 10% to count as a change. Narrower, and the second-to-second variation of
     * this kind of machine (±3% for most cells, up to ±10% for the {@code raw} floor's fastest
     * cells, measured over 60 s warm-ups) keeps forks that have settled from being called steady.
     */
    public static final double STEADY_BAND = 0.10;

    /** The longest one cell's child JVM may run before it is destroyed and recorded as TIMEOUT. */
    public static final Duration TIMEOUT = Duration.ofMinutes(10);

    /**
     * The longest a child waits for agents to close: one agent's {@code close()}, or every agent a
     * footprint cell held, all together. A cell's measured result is written before its agents are
     * closed; a close that takes longer leaves the cell OK with the warning {@code close() did not
     * return in 10 s} and is abandoned on its daemon thread, so that a hung close never turns a
     * measured cell into a TIMEOUT. A close in the middle of the passes (a construction cell's, each
     * iteration) that takes longer fails the cell at once, nothing being measured yet.
     */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Agents a FOOTPRINT cell (for example {@code memory_footprint}) builds and holds at once before it
     * reads the heap: enough that the retained bytes per agent are not lost in the noise of one
     * settled heap reading.
     */
    public static final int FOOTPRINT_AGENTS = 1000;

    /**
     * Sessions a SESSION_GROWTH cell (for example {@code session_growth}) runs and deletes between its
     * two heap readings.
     */
    public static final int GROWTH_SESSIONS = 500;

    /**
     * Sessions a SESSIONS cell of a benchmark with parameters holds at once, prepared and run and not
     * yet deleted, after its timed pass, to read the heap each one retains.
     */
    public static final int HELD_SESSIONS = 20;

    /** Fresh JVMs a COLD_START cell (for example {@code cold_start}) starts, one after another. */
    public static final int COLD_STARTS = 10;

    /**
     * How long the mock holds each reply of a LOAD cell (for example {@code load}) before its first
     * byte: a model's time to first token, on the short side of what hosted models take.
     */
    public static final Duration MODEL_LATENCY = Duration.ofMillis(200);

    /** Where run directories are created. */
    public static final Path RESULTS_DIR = Path.of("results");

    /**
     * JVM options every child JVM starts with, before the user's own (for repeated flags HotSpot
     * takes the last one, so a user's {@code -Xmx} wins). A fixed heap makes GC behaviour the same
     * on every machine. No collector is named, so that a user's {@code -XX:+UseSerialGC} does not
     * conflict: on any machine of 2 or more CPUs and 2 GB or more the JVM picks G1 by itself.
     */
    public static final List<String> CHILD_JVM_ARGS = List.of("-Xms1g", "-Xmx1g");

    /** JVM options of the mock's own JVM. */
    public static final List<String> MOCK_JVM_ARGS = List.of("-Xms512m", "-Xmx512m");

    /** The mock's main class, run from the harness class path in its own JVM. */
    public static final String MOCK_MAIN_CLASS = "dev.agentbench.mock.MockMain";

    /** How long the mock may take to print its {@code listening on} line. */
    public static final Duration MOCK_START_TIMEOUT = Duration.ofSeconds(30);

    /**
     * How many new mocks a run starts to replace one that died before it gives up and stops, as a
     * budget stop does: a new mock that fails to start, fails its warm-up or dies before the next
     * cell counts as one.
     */
    public static final int MOCK_START_ATTEMPTS = 2;

    /**
     * How many times a run replaces a mock that died; the next death stops the run, as a budget stop
     * does. A mock that keeps dying is broken, and each new one costs its warm-up.
     */
    public static final int MOCK_RESTARTS = 3;

    /** How many of the mock's last log lines a cell that failed because the mock died carries. */
    public static final int MOCK_LOG_TAIL_LINES = 10;

    /** The API key every target is given; the mock ignores it. */
    public static final String API_KEY = "agentbench";

    /** The model name every target is given. */
    public static final String MODEL = "agentbench-mock";

    /**
     * Iterations of the memory pass, which runs after the timed pass (so that measuring memory
     * never perturbs timing), or fewer when the timed pass has fewer, or fewer when a time-boxed pass
     * would take longer than {@link #MEMORY_SHARE} of its measure time.
     */
    public static final int MEMORY_ITERATIONS = 100;

    /** The most a time-boxed fork's memory pass takes, as a share of its measure time. */
    public static final double MEMORY_SHARE = 0.2;

    /**
     * The most bytes a cell's log, or the mock's, holds: a framework's debug logging can print
     * megabytes a turn. Beyond it the first and the last half of the output are kept.
     */
    public static final long LOG_LIMIT = 2L << 20;

    /**
     * The least time one sample of a construction cell spans: an agent built faster is timed in a
     * batch of as many as take this long, the sample their mean. {@code System.nanoTime} reads in
     * steps of 10 ns on the machine the published tables come from, and a single build of 40–700 ns
     * moved by a step or more between two runs (7–38%); in 10 µs a step is 0.1%.
     */
    public static final long BATCH_NANOS = 10_000;

    /** The most agents one construction sample builds together (an agent of 10 ns or less). */
    public static final int MAX_BATCH = 1_000;

    /**
     * How many times a disturbed fork is rerun at most: twice, so that a neighbour's burst costs a
     * cell two more JVMs at worst, and a machine busy throughout says so rather than running forever.
     */
    public static final int RERUN_DISTURBED = 2;

    /**
     * How many times a fork whose timed pass left the steady state its warm-up found is rerun at most:
     * once. In the whole table's first two shards, each run twice on a 2-core machine, 14 of 36 cells
     * had a fork that was not steady in one run or both, most of them such a change of level inside the
     * timed pass, and a cell with one cannot be published; a second JVM is cheaper than a cell left
     * out, and one rerun keeps a target that never holds still from costing more than one more JVM a
     * fork.
     */
    public static final int RERUN_UNSTEADY = 1;

    /**
     * The most CPU, in percent of the whole machine, that processes other than the cell's (its JVM,
     * the mock, the harness) may use over an undisturbed timed pass: on a 2-CPU machine, half a CPU
     * taken from the cell throughout the pass. One busy thread of a neighbour is up to 50% there, a
     * quiet machine's daemons a few percent (docs/benchmarks.md, "A noisy machine").
     */
    public static final double NOISE_OTHER_CPU_PERCENT = 25.0;

    /** The most steal, in percent of the whole machine, over an undisturbed timed pass. */
    public static final double NOISE_STEAL_PERCENT = 10.0;

    /** How many lines of a failed cell's log its result and the console show. */
    public static final int LOG_TAIL_LINES = 20;

    /**
     * The {@code java} this JVM was started with, so that every child runs on the same JDK; when the
     * OS does not tell, {@code java.home/bin/java}.
     */
    public static Path javaExecutable() {
        return ProcessHandle.current().info().command()
                .map(Path::of)
                .filter(Files::isExecutable)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin",
                        File.separatorChar == '\\' ? "java.exe" : "java"));
    }

    /**
     * Where the plugin folders of {@code target@version} variants are kept between runs: {@code
     * $XDG_CACHE_HOME/agentbench/variants} when that variable is set, else {@code
     * ~/.cache/agentbench/variants}.
     */
    public static Path variantCache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("agentbench").resolve("variants");
    }
}
