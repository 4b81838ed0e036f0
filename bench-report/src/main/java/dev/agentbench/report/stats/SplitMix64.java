package dev.agentbench.report.stats;

/**
 * The SplitMix64 generator (Steele, Lea and Flood, 2014), written out here so that the stream of
 * numbers a seed gives is fixed by this file alone, whatever the JDK: the same runs compared with
 * the same seed give the same intervals, everywhere.
 */
public final class SplitMix64 {

    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    public long nextLong() {
        long z = (state += GOLDEN_GAMMA);
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * A uniform integer in {@code [0, bound)}, without bias: Lemire's multiply-and-shift on the
     * upper 32 bits of {@link #nextLong}, rejecting the few values that would favour some results.
     */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("Bound [" + bound + "] must be positive");
        }
        long product = (nextLong() >>> 32) * bound;
        long low = product & 0xffffffffL;
        if (low < bound) {
            long rejectBelow = (1L << 32) % bound;
            while (low < rejectBelow) {
                product = (nextLong() >>> 32) * bound;
                low = product & 0xffffffffL;
            }
        }
        return (int) (product >>> 32);
    }

    /** A uniform double in {@code [0, 1)}: the upper 53 bits of {@link #nextLong}, scaled. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }
}
