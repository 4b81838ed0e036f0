package dev.agentbench.core.measure;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The times of single turns, as {@link TimedHandle} records them: a preallocated array filled
 * without locks or allocation, so that recording never shows in the measured time or bytes. Turns
 * beyond the capacity are counted but their times are not kept.
 */
final class TurnTimes {

    private final long[] times;
    private final AtomicInteger count = new AtomicInteger();

    /** @param capacity how many turn times to keep */
    public TurnTimes(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("Capacity [" + capacity + "] must not be negative");
        }
        this.times = new long[capacity];
    }

    /** Counts turns and keeps no time: for the warm-up and memory passes. */
    public static TurnTimes countOnly() {
        return new TurnTimes(0);
    }

    void record(long nanos) {
        int index = count.getAndIncrement();
        if (index < times.length) {
            times[index] = nanos;
        }
    }

    /** Turns recorded, kept or not. */
    public int count() {
        return count.get();
    }

    /** The kept times, in the order they were recorded. */
    public long[] times() {
        return Arrays.copyOf(times, Math.min(count.get(), times.length));
    }

    /** Whether more turns ran than the capacity could keep. */
    public boolean overflowed() {
        return count.get() > times.length;
    }
}
