package dev.agentbench.core.measure;

import dev.agentbench.api.result.Cpu;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
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
 *
 * <p>A reading is not free: it opens every thread's file, some 150 µs of the reading thread's CPU with
 * 20 threads.
 * Around an untimed region read once an iteration (a session's preparation), the part of the two
 * readings that falls outside the threads' own sample points, about one reading's cost, would be
 * counted as timed CPU; {@link #untimedStart()} and {@link #untimedSince} count the
 * reading thread by its own clock from before the first reading to after the second instead, so the
 * readings go with the region.
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

    private static final String TASKS_PREFIX = TASKS + "/";

    /** Each reading thread's buffer for one {@code schedstat} line (three numbers). */
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[128]);

    /** The calling thread's own entry in {@link #TASKS}: {@code <pid>/task/<tid>}. */
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    /** Each thread's task id, {@code null} where there is no {@code /proc/thread-self}. */
    private static final ThreadLocal<String> TASK = ThreadLocal.withInitial(ProcessCpu::selfTask);

    /** One reading: the tick clock (negative when the JVM does not tell) and each thread's time. */
    record Reading(long tickNanos, Map<String, Long> threadNanos) {}

    /**
     * The start of an untimed region: the reading thread's task id ({@code null} when unknown) and its own
     * CPU clock (negative when the JVM does not tell), read before {@code reading}.
     */
    record UntimedStart(String task, long selfNanos, Reading reading) {}

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
        return between(before, after, ops, 0);
    }

    /** The CPU nanoseconds used between two readings, or -1 when neither clock can tell. */
    static long used(Reading before, Reading after) {
        return used(before, after, exactOrNegative(before, after));
    }

    /** As {@link #used(Reading, Reading)}, given the exact per-thread sum ({@link #exactOrNegative}). */
    private static long used(Reading before, Reading after, long exact) {
        long ticks = before.tickNanos() < 0 || after.tickNanos() < 0 ? -1 : after.tickNanos() - before.tickNanos();
        if (exact >= 0) {
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
            return threadsUsed(before, after, null);
        }
        return before.tickNanos() < 0 || after.tickNanos() < 0 ? -1 : after.tickNanos() - before.tickNanos();
    }

    /** Starts an untimed region on the calling thread; {@link #untimedSince} ends it on the same thread. */
    static UntimedStart untimedStart() {
        String task = TASK.get();
        long self = selfNanos();
        return new UntimedStart(task, self, read());
    }

    /**
     * The process CPU nanoseconds an untimed region used, started by {@link #untimedStart()} on this
     * thread, the two readings' own cost included: every other thread's time between the readings, and
     * this thread's by its own clock from before the first reading to after the second. Where that clock
     * or the task id is missing, {@link #usedAtAll}, which leaves part of the readings' cost out.
     */
    static long untimedSince(UntimedStart start) {
        Reading end = read();
        long self = selfNanos();
        Map<String, Long> before = start.reading().threadNanos();
        if (start.task() == null || start.selfNanos() < 0 || self < 0 || before == null || end.threadNanos() == null) {
            return usedAtAll(start.reading(), end);
        }
        return untimed(start, end, self);
    }

    /** {@link #untimedSince}'s sum, for two readings and the reading thread's clock at the end. */
    static long untimed(UntimedStart start, Reading end, long selfNanosAtEnd) {
        return threadsUsed(start.reading(), end, start.task()) + selfNanosAtEnd - start.selfNanos();
    }

    /**
     * The exact sum of every thread's time between two readings that both have the threads' times, the
     * thread {@code except} left out ({@code null}: none); a thread new in {@code after} counts whole.
     */
    private static long threadsUsed(Reading before, Reading after, String except) {
        long sum = 0;
        for (Map.Entry<String, Long> thread : after.threadNanos().entrySet()) {
            if (!thread.getKey().equals(except)) {
                sum += thread.getValue() - before.threadNanos().getOrDefault(thread.getKey(), 0L);
            }
        }
        return sum;
    }

    /** The calling thread's CPU nanoseconds by its own exact clock; negative when the JVM does not tell. */
    private static long selfNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try {
            return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }

    /** The calling thread's task id in {@code /proc/self/task}; {@code null} where it cannot be told. */
    private static String selfTask() {
        try {
            return Files.readSymbolicLink(THREAD_SELF).getFileName().toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * As {@link #between}, less {@code untimedNanos} spent outside every timed region in the meantime
     * (a benchmark's session preparation); split by thread ({@link Cpu#ownNanosPerOp()}) where the
     * exact per-thread sum is the figure, each thread's name can be read, and no CPU was spent outside
     * the timed regions: the compiler's work during a session's preparation cannot be told from its
     * work during the timed turns.
     */
    static Cpu between(Reading before, Reading after, long ops, long untimedNanos) {
        long exact = exactOrNegative(before, after);
        long nanos = used(before, after, exact);
        if (nanos < 0 || ops <= 0) {
            return null;
        }
        // the untimed region's CPU is known as a whole only: with one, the threads cannot be told apart
        long[] split = untimedNanos == 0 && nanos == exact ? split(before, after) : null;
        nanos = Math.max(0, nanos - untimedNanos);
        if (split == null) {
            return new Cpu(nanos / (double) ops, nanos, ops);
        }
        long own = Math.max(0, nanos - split[0] - split[1]);
        return new Cpu(nanos / (double) ops, nanos, ops, own / (double) ops, split[0], split[1]);
    }

    /** The exact per-thread sum between two readings; -1 where either has no threads' times. */
    private static long exactOrNegative(Reading before, Reading after) {
        return before.threadNanos() == null || after.threadNanos() == null ? -1 : threadsUsed(before, after, null);
    }

    /** What a JVM's thread is, told by its name. */
    enum ThreadKind {
        /** A JIT compiler thread: HotSpot's C1 and C2, Graal's JVMCI. */
        COMPILER,
        /** A collector's thread, or the VM thread, which runs the collector's pauses. */
        COLLECTOR,
        /** Any other: the sessions', the framework's, the harness's. */
        OWN;

        /**
         * The kind of a thread by its name as Linux keeps it ({@code /proc/.../comm}, cut to 15
         * characters): HotSpot names its compiler threads {@code C1 CompilerThread0}, {@code C2
         * CompilerThread1}, and its collectors' {@code GC Thread#0}, {@code G1 Conc#0}, {@code G1 Refine#0},
         * {@code G1 Main Marker}, {@code G1 Service}, {@code ZWorker#0}, {@code ZDriver}, {@code Shenandoah...}.
         */
        static ThreadKind of(String name) {
            if (name.contains("CompilerThre") || name.startsWith("JVMCI")) {
                return COMPILER;
            }
            if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")
                    || name.startsWith("ZWorker") || name.startsWith("ZDriver") || name.startsWith("ZDirector")
                    || name.startsWith("ZUnmapper") || name.startsWith("ZUncommitter") || name.startsWith("ZStat")
                    || name.startsWith("Shenandoah") || name.startsWith("Conc#")) {
                return COLLECTOR;
            }
            return OWN;
        }
    }

    /**
     * The compiler threads' and the collector's CPU nanoseconds between two readings, {@code {compiler,
     * collector}}; {@code null} where a thread's name cannot be read. Read once, after the pass: the
     * names are read from {@code /proc/self/task/<tid>/comm}, one small file a thread.
     */
    private static long[] split(Reading before, Reading after) {
        long compiler = 0;
        long collector = 0;
        for (Map.Entry<String, Long> thread : after.threadNanos().entrySet()) {
            long used = thread.getValue() - before.threadNanos().getOrDefault(thread.getKey(), 0L);
            if (used == 0) {
                continue;
            }
            String name;
            try {
                name = Files.readString(Path.of(TASKS_PREFIX + thread.getKey() + "/comm")).strip();
            } catch (IOException | RuntimeException e) {
                return null;
            }
            switch (ThreadKind.of(name)) {
                case COMPILER -> compiler += used;
                case COLLECTOR -> collector += used;
                default -> { }
            }
        }
        return new long[] {compiler, collector};
    }

    /**
     * Each thread's time from its {@code schedstat} file, read into this thread's own small buffer: a
     * reading allocates a few hundred bytes a thread (the file's name and handle), where reading each
     * file as a string took 9 KiB a thread, 186 KiB a reading with 20 threads, twice around every
     * session's preparation: more than a framework's whole toolset turn. {@code null} where there is
     * no {@code /proc}.
     */
    private static Map<String, Long> threads() {
        String[] tasks = TASKS.toFile().list();
        if (tasks == null) {
            return null;
        }
        byte[] buffer = BUFFER.get();
        Map<String, Long> nanos = new HashMap<>(tasks.length * 2);
        for (String task : tasks) {
            int length;
            try (RandomAccessFile file = new RandomAccessFile(TASKS_PREFIX + task + "/schedstat", "r")) {
                length = file.read(buffer);
            } catch (IOException ended) {
                continue; // the thread ended while the directory was read: its time is lost either way
            }
            long value = firstNumber(buffer, length);
            if (value < 0) {
                return null;
            }
            nanos.put(task, value);
        }
        return nanos;
    }

    /** The whole number the first {@code length} bytes of {@code bytes} start with; -1 when they start with none. */
    static long firstNumber(byte[] bytes, int length) {
        long value = 0;
        int digits = 0;
        while (digits < length && digits < 19 && bytes[digits] >= '0' && bytes[digits] <= '9') {
            value = value * 10 + (bytes[digits] - '0');
            digits++;
        }
        return digits == 0 ? -1 : value;
    }
}
