package dev.agentbench.report.compare;

import dev.agentbench.report.stats.SplitMix64;
import java.util.Arrays;

/**
 * The ratio of the medians of two sets of samples with a percentile bootstrap interval: the
 * within-JVM interval, which treats every sample as a draw from one distribution, and which
 * {@code compare} used before results kept forks. It no longer judges by it: samples of several JVMs
 * pooled look far more alike than two JVMs' medians are, so it uses {@link
 * dev.agentbench.report.stats.HierarchicalBootstrap}, which resamples forks first. Kept in the tests
 * only, to show that difference.
 *
 * <p>Each of the {@code resamples} rounds draws, with replacement, as many samples as each run has
 * from that run alone (base first, then new), takes the median of each draw, and keeps new ÷ base.
 * The interval is the percentile interval of those ratios: with {@code R} rounds and confidence
 * {@code 1 − α}, its bounds are the {@code ⌊R·α/2⌋ + 1}-th smallest and largest ratio. The generator
 * starts from the same seed for every cell, so a cell's interval depends on its own samples only,
 * never on which other cells were compared.
 *
 * <p>No draw is ever materialised or sorted: the samples are sorted once, a draw is held as how many
 * times it picked each rank ({@code int[n]}), and the draw's median is read by walking those counts
 * up to the middle rank — linear in {@code n}, on primitive arrays, the same median a sort of the
 * drawn values would give.
 */
public final class RatioOfMedians {

    private RatioOfMedians() {}

    /**
     * The median of {@code samples}: the middle one, or the mean of the two middle ones when their
     * number is even (the median the reports show).
     *
     * @throws IllegalArgumentException when there are no samples
     */
    public static double median(long[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("No samples: no median");
        }
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        return sortedMedian(sorted);
    }

    private static double sortedMedian(long[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + (double) sorted[n / 2]) / 2;
    }

    /**
     * New's median over base's, with its bootstrap interval.
     *
     * @param base the base run's samples, at least one, each positive
     * @param changed the new run's samples, at least one, each positive
     * @param confidence the interval's confidence, in (0, 1)
     * @param resamples bootstrap rounds, large enough that both tails hold a ratio
     * @param seed the generator's seed
     */
    public static RatioEstimate estimate(long[] base, long[] changed, double confidence, int resamples, long seed) {
        long[] sortedBase = sortedPositive(base, "base");
        long[] sortedNew = sortedPositive(changed, "new");
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("Confidence [" + confidence + "] must be between 0 and 1");
        }
        int tail = (int) Math.floor(resamples * (1 - confidence) / 2);
        if (resamples < 1 || tail >= resamples / 2) {
            throw new IllegalArgumentException("Resamples [" + resamples + "] are too few for confidence ["
                    + confidence + "]");
        }
        double ratio = sortedMedian(sortedNew) / sortedMedian(sortedBase);
        SplitMix64 random = new SplitMix64(seed);
        int[] baseCounts = new int[sortedBase.length];
        int[] newCounts = new int[sortedNew.length];
        double[] ratios = new double[resamples];
        for (int round = 0; round < resamples; round++) {
            double baseMedian = resampledMedian(sortedBase, baseCounts, random);
            double newMedian = resampledMedian(sortedNew, newCounts, random);
            ratios[round] = newMedian / baseMedian;
        }
        Arrays.sort(ratios);
        // The point ratio lies within the interval whenever the rounds do; with very few distinct
        // samples a bound can miss it by rounding alone, so the interval is widened to hold it.
        double low = Math.min(ratios[tail], ratio);
        double high = Math.max(ratios[resamples - 1 - tail], ratio);
        return new RatioEstimate(ratio, low, high);
    }

    private static long[] sortedPositive(long[] samples, String run) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("The " + run + " run has no samples");
        }
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        if (sorted[0] <= 0) {
            throw new IllegalArgumentException("The " + run + " run has a sample of [" + sorted[0]
                    + "] ns; times must be positive");
        }
        return sorted;
    }

    /**
     * The median of one draw of {@code sorted.length} samples with replacement: counts how often each
     * rank is drawn, then walks the counts to the middle rank(s). {@code counts} is all zeros on entry
     * and on return.
     */
    private static double resampledMedian(long[] sorted, int[] counts, SplitMix64 random) {
        int n = sorted.length;
        for (int i = 0; i < n; i++) {
            counts[random.nextInt(n)]++;
        }
        // 0-based positions of the middle value(s) in the sorted draw
        int lowerMiddle = (n - 1) / 2;
        int upperMiddle = n / 2;
        long lower = -1;
        long upper = -1;
        int seen = 0;
        int rank = 0;
        while (seen <= upperMiddle) {
            seen += counts[rank];
            if (lower < 0 && seen > lowerMiddle) {
                lower = sorted[rank];
            }
            if (seen > upperMiddle) {
                upper = sorted[rank];
            }
            rank++;
        }
        Arrays.fill(counts, 0);
        return (lower + (double) upper) / 2;
    }
}
