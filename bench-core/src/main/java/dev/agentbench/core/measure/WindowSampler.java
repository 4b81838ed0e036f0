package dev.agentbench.core.measure;

import com.google.common.math.Quantiles;
import java.util.Arrays;

/**
 * The samples of one warm-up window, kept in a fixed array that adding never allocates: when the
 * array is full, every other kept sample is dropped and from then on only every second one is kept
 * (then every fourth, ...), so that what is kept stays an even subsample of the whole window however
 * many iterations it holds (a sub-microsecond target runs millions a second).
 */
final class WindowSampler {

    private final long[] kept;
    private int size;
    private int stride = 1;
    private int seen;

    /** @param capacity how many samples to keep at most; even, at least 2 */
    WindowSampler(int capacity) {
        if (capacity < 2 || capacity % 2 != 0) {
            throw new IllegalArgumentException("Capacity [" + capacity + "] must be even and at least 2");
        }
        kept = new long[capacity];
    }

    void add(long sample) {
        int index = seen++;
        if ((index & (stride - 1)) != 0) {
            return;
        }
        if (size == kept.length) {
            for (int i = 0; i < size / 2; i++) {
                kept[i] = kept[2 * i];
            }
            size /= 2;
            stride <<= 1;
            if ((index & (stride - 1)) != 0) {
                return;
            }
        }
        kept[size++] = sample;
    }

    /** Samples added since the last {@link #reset()}, kept or not. */
    int count() {
        return seen;
    }

    /** The median of the kept samples; {@code NaN} when there are none. Allocates a copy of them, once a window. */
    double median() {
        return size == 0 ? Double.NaN : Quantiles.median().compute(Arrays.copyOf(kept, size));
    }

    void reset() {
        size = 0;
        stride = 1;
        seen = 0;
    }
}
