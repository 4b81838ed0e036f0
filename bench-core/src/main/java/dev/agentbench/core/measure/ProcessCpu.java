package dev.agentbench.core.measure;

import dev.agentbench.api.result.Cpu;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time of this whole process (every thread, the JVM's own GC and compiler threads included),
 * read before and after a pass.
 *
 * <p>Two clocks are read. The JVM's process CPU clock counts in scheduler ticks (10 ms on Linux with
 * HotSpot), so on its own it is read within 1% only over 1 s of CPU or more. On Linux each thread's
 * {@code /proc/self/task/<tid>/schedstat} gives its time on a CPU in nanoseconds: the sum over the
 * threads is exact, except for threads that ended between the two readings, whose time it misses.
 * So the exact sum is taken when the tick clock agrees with it within its ticks, and then a pass of
 * {@link #LEAST_EXACT_NANOS} is enough; when they disagree (a thread that worked ended), or where
 * there is no {@code /proc}, the tick clock is taken when it counted {@link #LEAST_NANOS} or more,
 * and otherwise there is no figure rather than a wrong one.
 */
final class ProcessCpu {

    /** The least CPU time the tick clock alone must count for its figure to be given. */
    static final long LEAST_NANOS = 1_000_000_000L;

    /**
     * The least CPU time the exact per-thread sum must count: reading the threads' files costs well
     * under 1% of it.
     */
    static final long LEAST_EXACT_NANOS = 100_000_000L;

    /** How far the tick clock may be from the exact sum: its truncation, twice, and 2%. */
    private static final long TICK_SLACK_NANOS = 20_000_000L;

    private static final Path TASKS = Path.of("/proc/self/task");

    /** One reading: the tick clock (negative when the JVM does not tell) and each thread's time. */
    record Reading(long tickNanos, Map<String, Long> threadNanos) {}

    private ProcessCpu() {}

    /** CPU nanoseconds used by this process so far by the tick clock; negative when the JVM does not tell. */
    static long nanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean hotspot) {
            return hotspot.getProcessCpuTime();
        }
        return -1;
    }

    /** Both clocks now; {@code threadNanos} is {@code null} where there is no {@code /proc/self/task}. */
    static Reading read() {
        return new Reading(nanos(), threads());
    }

    /**
     * The CPU time per operation between two readings, {@code null} when neither clock can give it
     * (see the class comment).
     */
    static Cpu between(Reading before, Reading after, long ops) {
        long nanos = used(before, after);
        return nanos < 0 || ops <= 0 ? null : new Cpu(nanos / (double) ops, nanos, ops);
    }

    /** The CPU nanoseconds used between two readings, or -1 when neither clock can tell. */
    static long used(Reading before, Reading after) {
        long ticks = before.tickNanos() < 0 || after.tickNanos() < 0 ? -1 : after.tickNanos() - before.tickNanos();
        if (before.threadNanos() != null && after.threadNanos() != null) {
            long exact = 0;
            for (Map.Entry<String, Long> thread : after.threadNanos().entrySet()) {
                exact += thread.getValue() - before.threadNanos().getOrDefault(thread.getKey(), 0L);
            }
            boolean agrees = ticks < 0 || Math.abs(ticks - exact) <= TICK_SLACK_NANOS + ticks / 50;
            if (agrees && exact >= LEAST_EXACT_NANOS) {
                return exact;
            }
        }
        return ticks >= LEAST_NANOS ? ticks : -1;
    }

    /**
     * The CPU nanoseconds used between two readings however few: the exact per-thread sum where there
     * is one, else the tick clock; -1 when neither can tell. For CPU spent outside a timed region
     * ({@link SessionRunner#untimedCpuNanos()}), which a pass takes out of its own.
     */
    static long usedAtAll(Reading before, Reading after) {
        if (before.threadNanos() != null && after.threadNanos() != null) {
            long exact = 0;
            for (Map.Entry<String, Long> thread : after.threadNanos().entrySet()) {
                exact += thread.getValue() - before.threadNanos().getOrDefault(thread.getKey(), 0L);
            }
            return exact;
        }
        return before.tickNanos() < 0 || after.tickNanos() < 0 ? -1 : after.tickNanos() - before.tickNanos();
    }

    /**
     * As {@link #between}, less {@code untimedNanos} spent outside every timed region in the meantime
     * (a benchmark's session preparation).
     */
    static Cpu between(Reading before, Reading after, long ops, long untimedNanos) {
        long nanos = used(before, after);
        if (nanos < 0 || ops <= 0) {
            return null;
        }
        nanos = Math.max(0, nanos - untimedNanos);
        return new Cpu(nanos / (double) ops, nanos, ops);
    }

    private static Map<String, Long> threads() {
        if (!Files.isDirectory(TASKS)) {
            return null;
        }
        Map<String, Long> nanos = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String line;
                try {
                    line = Files.readString(task.resolve("schedstat"));
                } catch (IOException ended) {
                    continue; // the thread ended while the directory was read: its time is lost either way
                }
                int space = line.indexOf(' ');
                nanos.put(task.getFileName().toString(), Long.parseLong(space < 0 ? line.trim() : line.substring(0, space)));
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return nanos;
    }
}
