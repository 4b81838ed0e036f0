package dev.agentbench.core.measure;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Bytes allocated so far by all threads of this JVM, from {@code com.sun.management.ThreadMXBean}.
 *
 * <p>It reads {@code getTotalThreadAllocatedBytes} (JDK 14 and later, so on every JDK the harness
 * runs on), which also counts threads that have ended: exact. Should a JVM lack it, it sums {@code
 * getThreadAllocatedBytes} over the live threads, so the bytes of a thread that ends between two
 * readings are lost: a lower bound, exact when every thread that allocates outlives the measured
 * region (the session pool does). Either way a
 * reading itself allocates a little on the calling thread; {@link #selfCost()} measures how much,
 * so that callers can subtract it.
 */
final class AllocationCounter implements LongSupplier {

    private final com.sun.management.ThreadMXBean threads;
    private final Method total;

    private AllocationCounter(com.sun.management.ThreadMXBean threads, Method total) {
        this.threads = threads;
        this.total = total;
    }

    /** The counter, or empty when this JVM does not count allocations per thread. */
    public static Optional<AllocationCounter> create() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported()) {
            return Optional.empty();
        }
        if (!threads.isThreadAllocatedMemoryEnabled()) {
            threads.setThreadAllocatedMemoryEnabled(true);
        }
        Method total;
        try {
            total = com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes");
            total.invoke(threads);
        } catch (ReflectiveOperationException | RuntimeException e) {
            total = null; // a JVM without it: sum over live threads
        }
        return Optional.of(new AllocationCounter(threads, total));
    }

    /** Whether readings count threads that have ended ({@code getTotalThreadAllocatedBytes}, JDK 14+). */
    public boolean exact() {
        return total != null;
    }

    @Override
    public long getAsLong() {
        if (total != null) {
            try {
                return (long) total.invoke(threads);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read allocated bytes", e);
            }
        }
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            if (bytes > 0) {
                sum += bytes;
            }
        }
        return sum;
    }

    /** The bytes one reading allocates: the smallest difference of two back-to-back readings. */
    public long selfCost() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 20; i++) {
            long before = getAsLong();
            long after = getAsLong();
            least = Math.min(least, after - before);
        }
        return Math.max(0, least);
    }
}
