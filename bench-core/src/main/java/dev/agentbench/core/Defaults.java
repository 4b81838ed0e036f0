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

    /** Timed iterations per cell. */
    public static final int ITERATIONS = 2000;

    /**
     * Warm-up iterations per cell, not recorded. Long on purpose: on Java 17 the turn medians of
     * real frameworks were still 1.5–2× their steady value after 300 turns and settled only near
     * 2,500 (see DESIGN, "What is measured").
     */
    public static final int WARMUP_ITERATIONS = 2500;

    /**
     * The least time a warm-up lasts, whatever its iteration count: warm-up goes on until both
     * {@link #WARMUP_ITERATIONS} iterations have run and this much time has passed, so that the JIT's
     * background compilations of a fast target finish before timing starts.
     */
    public static final Duration WARMUP_TIME = Duration.ofSeconds(5);

    /** The longest one cell's child JVM may run before it is destroyed and recorded as TIMEOUT. */
    public static final Duration TIMEOUT = Duration.ofMinutes(10);

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

    /** Fresh JVMs a COLD_START cell (for example {@code cold_start}) starts, one after another. */
    public static final int COLD_STARTS = 10;

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

    /**
     * Steady-state threshold: a cell is steady when the median of the last third of its timed pass
     * is within this fraction of the median of its first third (0.10 = ±10%).
     */
    public static final double DRIFT_THRESHOLD = 0.10;

    /** The mock's main class, run from the harness class path in its own JVM. */
    public static final String MOCK_MAIN_CLASS = "dev.agentbench.mock.MockMain";

    /** How long the mock may take to print its {@code listening on} line. */
    public static final Duration MOCK_START_TIMEOUT = Duration.ofSeconds(30);

    /** The API key every target is given; the mock ignores it. */
    public static final String API_KEY = "agentbench";

    /** The model name every target is given. */
    public static final String MODEL = "agentbench-mock";

    /**
     * Iterations of the memory pass, which runs after the timed pass (so that measuring memory
     * never perturbs timing), or fewer when the timed pass has fewer.
     */
    public static final int MEMORY_ITERATIONS = 100;

    /** How many lines of a failed cell's log its result and the console show. */
    public static final int LOG_TAIL_LINES = 20;

    /** This JVM's class path: the harness class path child JVMs and the mock start from. */
    public static String harnessClasspath() {
        return System.getProperty("java.class.path", "");
    }

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
}
