package dev.agentbench.core.measure;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Keeps a construction cell from running its process out of file descriptors with agents it has
 * already closed. An agent whose client cannot be closed holds its descriptors until a garbage
 * collection finds it unreachable (Java 17's {@code java.net.http.HttpClient}, one per agent in
 * several frameworks, keeps a selector, two descriptors and a thread, until then; the JDK releases
 * them within about three seconds after the collection). A cell builds tens of thousands of agents a
 * minute, far more than a large heap collects between two collections, and failed with {@code Too many
 * open files}, which is the harness's pace, not anything an application would meet.
 *
 * <p>Between builds, outside their timed regions, the guard reads how many descriptors the process
 * has open, as often as the pace at which they grew says it must to catch them before the {@link
 * #highWater high-water mark}: half the process's limit, at most {@link #MOST_HIGH}. It reads
 * again when, at the fastest pace the count has grown in the fork, the count would be halfway from
 * the last reading to the mark, and at least every {@link #MOST_CHECK_NANOS}. At the mark it
 * collects garbage and waits, up to {@link #MOST_WAIT_NANOS}, until the count is at half the mark.
 * When a collection frees too little (the descriptors are held, not garbage), the guard stands down
 * for the rest of the fork, and the target meets the limit as it would anyway. How often it
 * collected is one of the cell's warnings: those collections and waits are not in any sample.
 */
final class DescriptorGuard {

    /** The highest high-water mark, whatever the process's limit. */
    static final long MOST_HIGH = 16_384;

    /**
     * The shortest and longest time between two readings of the count. At the longest, a build of
     * 50 µs that leaves 16 descriptors open (a quick pace) adds 3,200 between readings, well within
     * the other half of a limit of 20,000; a reading of a hundred descriptors takes some 50 µs.
     */
    static final long LEAST_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    static final long MOST_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /** The longest a collection waits for the descriptors to be released. */
    static final long MOST_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** How long the wait sleeps between two readings of the count. */
    static final long POLL_MILLIS = 20;

    /** What the guard reads of the process and does to it; {@link #jvm()} outside tests. */
    interface Process {
        /** How many file descriptors the process has open. */
        long open();

        /** How many it may have open. */
        long max();

        /** Collects garbage, as {@link System#gc()}. */
        void collect();

        /** Sleeps {@code millis}. */
        void sleep(long millis) throws InterruptedException;

        /** This JVM, when it counts its descriptors (a Unix JVM); empty elsewhere. */
        static Optional<Process> jvm() {
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            if (!(os instanceof UnixOperatingSystemMXBean unix) || unix.getMaxFileDescriptorCount() <= 0) {
                return Optional.empty();
            }
            return Optional.of(new Process() {
                @Override
                public long open() {
                    return unix.getOpenFileDescriptorCount();
                }

                @Override
                public long max() {
                    return unix.getMaxFileDescriptorCount();
                }

                @Override
                public void collect() {
                    System.gc();
                }

                @Override
                public void sleep(long millis) throws InterruptedException {
                    Thread.sleep(millis);
                }
            });
        }
    }

    private static final DescriptorGuard NONE = new DescriptorGuard(null, System::nanoTime, line -> {});

    private final Process process;
    private final LongSupplier clock;
    private final Consumer<String> log;
    private final long high;
    private long lastCheck;
    private long lastOpen;
    private long interval = LEAST_CHECK_NANOS;
    private double fastest;
    private boolean standingDown;
    private int collections;
    private long waitedNanos;
    private long peak;

    /**
     * @param process what is read and collected; {@code null} for a guard that does nothing
     * @param clock read between builds, in nanoseconds
     * @param log where a collection that freed too little is said
     */
    DescriptorGuard(Process process, LongSupplier clock, Consumer<String> log) {
        this.process = process;
        this.clock = clock;
        this.log = log;
        this.high = process == null ? Long.MAX_VALUE : highWater(process.max());
        this.lastCheck = clock.getAsLong();
        this.lastOpen = process == null ? 0 : process.open();
    }

    /** The guard of this JVM, or one that does nothing where the JVM does not count descriptors. */
    static DescriptorGuard of(LongSupplier clock, Consumer<String> log) {
        return Process.jvm().map(process -> new DescriptorGuard(process, clock, log)).orElse(NONE);
    }

    /** The count at which the guard collects: half of {@code max}, at most {@link #MOST_HIGH}. */
    static long highWater(long max) {
        return Math.max(1, Math.min(max / 2, MOST_HIGH));
    }

    /**
     * Called after each build (or batch of builds) is closed, outside any timed region: reads the
     * count when it is due, and at the high-water mark collects and waits.
     */
    void afterBuild() throws InterruptedException {
        if (process == null || standingDown) {
            return;
        }
        long now = clock.getAsLong();
        if (now - lastCheck < interval) {
            return;
        }
        long open = process.open();
        peak = Math.max(peak, open);
        if (open >= high) {
            open = collect(open);
            interval = LEAST_CHECK_NANOS;
        } else {
            // the fastest the count has grown in this fork, so that a pause in the builds (a slow first
            // one, a reading of the count, itself slow when thousands are open) does not stretch the wait
            fastest = Math.max(fastest, Math.max(0, open - lastOpen) / (double) Math.max(1, now - lastCheck));
            // the next reading comes when, at that pace, the count is halfway to the mark; while it has
            // not grown, each wait is twice the last
            double due = fastest == 0 ? 2.0 * interval : (high - open) / fastest / 2;
            interval = (long) Math.max(LEAST_CHECK_NANOS, Math.min(MOST_CHECK_NANOS, due));
        }
        lastCheck = clock.getAsLong(); // after the reading: its own time is no time to grow in
        lastOpen = open;
    }

    private long collect(long open) throws InterruptedException {
        collections++;
        long start = clock.getAsLong();
        process.collect();
        long now = open;
        while (now > high / 2 && clock.getAsLong() - start < MOST_WAIT_NANOS) {
            process.sleep(POLL_MILLIS);
            now = process.open();
        }
        waitedNanos += clock.getAsLong() - start;
        if (now >= high * 3 / 4) {
            standingDown = true;
            log.accept(String.format(Locale.ROOT, "file descriptors: %,d open of %,d after a garbage collection"
                    + " (%,d before it): they are held, not garbage; the guard stands down", now, process.max(), open));
        }
        return now;
    }

    /** How many times the guard collected garbage. */
    int collections() {
        return collections;
    }

    /**
     * The cell's warning when the guard collected: how often, the most descriptors it saw open and
     * the time spent out of the samples; empty when it never did.
     */
    Optional<String> warning() {
        if (collections == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the agents built and closed held up to %,d of the process's"
                + " %,d file descriptors until a garbage collection: the harness collected garbage %d time%s between"
                + " builds, outside the samples, and waited %.1f s for the descriptors to be released",
                peak, process.max(), collections, collections == 1 ? "" : "s", waitedNanos / 1e9));
    }
}
