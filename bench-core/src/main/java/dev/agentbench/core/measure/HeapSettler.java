package dev.agentbench.core.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * Settles the heap before a reading of what is retained: {@code System.gc()} again and again
 * until the used heap stops falling, at most {@link #MAX_ROUNDS} times.
 *
 * <p>The used heap is read as the heap pools' usage right after the last collection ({@code
 * MemoryPoolMXBean.getCollectionUsage()}), not as the current usage: whatever any thread allocates
 * after the collection (micrometer's GC listener does, on every collection) would otherwise count as
 * retained. A JVM started with {@code -XX:+DisableExplicitGC} cannot be settled, and its retained
 * figures mean little.
 */
final class HeapSettler {

    /** The most collections one settling asks for. */
    static final int MAX_ROUNDS = 10;

    /** Pause after each collection, for reference processing and cleaners to catch up. */
    private static final long PAUSE_MILLIS = 20;

    private HeapSettler() {}

    /**
     * Settles the heap and returns the used heap in bytes after the last collection: the first
     * reading that is no lower than the one before it. That reading, not the least one, is the
     * heap's settled state: what a collection's own listeners keep (micrometer makes its meters on
     * the first notification of a new kind of collection) shows only from the next collection on.
     */
    public static long settledUsedHeap() {
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP && pool.isCollectionUsageThresholdSupported())
                .toList();
        long previous = Long.MAX_VALUE;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            System.gc();
            pause();
            long used = pools.isEmpty() ? ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()
                    : usedAfterCollection(pools);
            if (used >= previous) {
                return used; // stopped falling
            }
            previous = used;
        }
        return previous;
    }

    private static long usedAfterCollection(List<MemoryPoolMXBean> pools) {
        long used = 0;
        for (MemoryPoolMXBean pool : pools) {
            MemoryUsage usage = pool.getCollectionUsage();
            if (usage != null) {
                used += usage.getUsed();
            }
        }
        return used;
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
