package dev.agentbench.core.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Waits, before a retained-heap reading, for the threads of agents already closed to end. An agent
 * whose client cannot be closed leaves a thread running until a garbage collection finds the client
 * unreachable and the thread notices (Java 17's {@code java.net.http.HttpClient}: a selector thread
 * that looks every three seconds, holding the client's innards until then). A footprint cell's
 * warm-up closes thousands of such agents; read at once, the heap counted what their threads still
 * held as the baseline, the threads ended while the agents were held, and LangChain4j's and
 * LangGraph4j's "retained bytes per agent" came out negative (−999, −135 and −2,696 bytes in three
 * forks).
 *
 * <p>So when more threads run than before the warm-up, it collects garbage and waits until they are
 * back to that count, or no thread has ended for {@link #QUIET_NANOS} (threads a framework keeps for
 * good, a shared pool started by its first agent, do not end), at most {@link #MOST_NANOS}; it
 * collects again after each quiet second.
 */
final class EndingThreads {

    /** Longer than the three seconds a dead client's selector thread may take to look. */
    static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(4);

    /** The longest wait. */
    static final long MOST_NANOS = TimeUnit.SECONDS.toNanos(30);

    /** How long it sleeps between two readings of the count. */
    static final long POLL_MILLIS = 100;

    private static final long COLLECT_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What is read and done to the process; {@link #jvm()} outside tests. */
    interface Threads {
        /** The live threads, daemons included. */
        int count();

        /** Collects garbage, as {@link System#gc()}. */
        void collect();

        /** Sleeps {@code millis}. */
        void sleep(long millis) throws InterruptedException;

        /** This JVM. */
        static Threads jvm() {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            return new Threads() {
                @Override
                public int count() {
                    return threads.getThreadCount();
                }

                @Override
                public void collect() {
                    System.gc();
                }

                @Override
                public void sleep(long millis) throws InterruptedException {
                    Thread.sleep(millis);
                }
            };
        }
    }

    /**
     * What a wait found.
     *
     * @param before the threads running before the warm-up
     * @param after the threads running when the warm-up ended
     * @param left the threads running when the wait ended
     * @param waitedNanos how long it waited
     * @param stillEnding whether threads were still ending when the wait ran out
     */
    record Wait(int before, int after, int left, long waitedNanos, boolean stillEnding) {

        /** Whether any thread ended while it waited (then a reading of the heap before it is stale). */
        boolean anyEnded() {
            return left < after;
        }

        /** The log's line; empty when there was nothing to wait for. */
        Optional<String> line() {
            if (after <= before) {
                return Optional.empty();
            }
            return Optional.of(String.format(Locale.ROOT, "threads: %,d running after the warm-up, %,d before it;"
                    + " %,d ended in %.1f s after a garbage collection, %,d left%s", after, before, after - left,
                    waitedNanos / 1e9, left, stillEnding ? ", still ending" : ""));
        }

        /** The cell's warning when threads were still ending when the wait ran out. */
        Optional<String> warning() {
            if (!stillEnding) {
                return Optional.empty();
            }
            return Optional.of(String.format(Locale.ROOT, "the agents the warm-up closed left %,d threads that were"
                    + " still ending after %.0f s: the heap's baseline counts what they held, and the retained bytes"
                    + " per agent are too low by it", left - before, waitedNanos / 1e9));
        }
    }

    private final Threads threads;
    private final LongSupplier clock;
    private final int before;

    /** Counts the threads running now, before the warm-up. */
    EndingThreads(Threads threads, LongSupplier clock) {
        this.threads = threads;
        this.clock = clock;
        this.before = threads.count();
    }

    /** Waits, after the warm-up, as the class says; an interrupt ends the wait, and is kept. */
    Wait await() {
        int after = threads.count();
        if (after <= before) {
            return new Wait(before, after, after, 0, false);
        }
        long start = clock.getAsLong();
        long lastEnded = start;
        long lastCollect = start;
        int lowest = after;
        threads.collect();
        long now = start;
        while (lowest > before && now - lastEnded < QUIET_NANOS && now - start < MOST_NANOS) {
            try {
                threads.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            now = clock.getAsLong();
            int count = threads.count();
            if (count < lowest) {
                lowest = count;
                lastEnded = now;
            } else if (now - lastCollect >= COLLECT_EVERY_NANOS && now - lastEnded >= COLLECT_EVERY_NANOS) {
                threads.collect();
                lastCollect = now;
            }
        }
        boolean stillEnding = lowest > before && now - lastEnded < QUIET_NANOS;
        return new Wait(before, after, lowest, now - start, stillEnding);
    }
}
