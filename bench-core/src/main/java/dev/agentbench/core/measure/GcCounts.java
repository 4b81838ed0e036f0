package dev.agentbench.core.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's garbage collections and the collectors' time, summed over its collector beans: read
 * before and after a region, they are the collections that ended inside it.
 *
 * @param collections how many collections
 * @param millis the collectors' time in milliseconds (a concurrent collector counts its own threads'
 *     time, not only pauses)
 */
public record GcCounts(long collections, long millis) {

    /** No collection. */
    public static final GcCounts ZERO = new GcCounts(0, 0);

    /** This JVM's counts so far. */
    public static GcCounts now() {
        long collections = 0;
        long millis = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            collections += Math.max(0, bean.getCollectionCount()); // -1 where a bean cannot tell
            millis += Math.max(0, bean.getCollectionTime());
        }
        return new GcCounts(collections, millis);
    }

    /** The counts from {@code before} to these. */
    public GcCounts since(GcCounts before) {
        return new GcCounts(collections - before.collections, millis - before.millis);
    }

    /** These counts and {@code more}. */
    public GcCounts plus(GcCounts more) {
        return new GcCounts(collections + more.collections, millis + more.millis);
    }

    /** These counts without {@code part} of them, neither below zero. */
    public GcCounts less(GcCounts part) {
        return new GcCounts(Math.max(0, collections - part.collections), Math.max(0, millis - part.millis));
    }
}
