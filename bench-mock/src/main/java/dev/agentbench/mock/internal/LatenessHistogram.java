package dev.agentbench.mock.internal;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lock-free histogram of non-negative values (microseconds of lateness): exact below 64, then 32
 * buckets per power of two, so a bucket's upper edge is within 1/32 above any value in it. Values
 * from 2^31 up share the last bucket. Recording is one atomic increment; reading walks the buckets.
 */
final class LatenessHistogram {

    private static final int EXACT = 64;
    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS;
    private static final int MIN_EXPONENT = 6;
    private static final int MAX_EXPONENT = 30;
    private static final int BUCKETS = EXACT + (MAX_EXPONENT - MIN_EXPONENT + 1) * SUB + 1;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

    void record(long value) {
        counts.incrementAndGet(index(value));
    }

    static int index(long value) {
        if (value < EXACT) {
            return (int) Math.max(0, value);
        }
        int exponent = 63 - Long.numberOfLeadingZeros(value);
        if (exponent > MAX_EXPONENT) {
            return BUCKETS - 1;
        }
        int sub = (int) (value >>> (exponent - SUB_BITS)) & (SUB - 1);
        return EXACT + (exponent - MIN_EXPONENT) * SUB + sub;
    }

    /** The highest value bucket {@code index} holds. */
    static long upperEdge(int index) {
        if (index < EXACT) {
            return index;
        }
        if (index == BUCKETS - 1) {
            return Long.MAX_VALUE;
        }
        int exponent = MIN_EXPONENT + (index - EXACT) / SUB;
        int sub = (index - EXACT) % SUB;
        long width = 1L << (exponent - SUB_BITS);
        return ((long) (SUB + sub) << (exponent - SUB_BITS)) + width - 1;
    }

    /** The upper edge of the bucket holding the {@code fraction} percentile (0 when empty). */
    long percentile(double fraction) {
        long[] snapshot = new long[BUCKETS];
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            snapshot[i] = counts.get(i);
            total += snapshot[i];
        }
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(fraction * total));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += snapshot[i];
            if (seen >= rank) {
                return upperEdge(i);
            }
        }
        return upperEdge(BUCKETS - 1);
    }
}
