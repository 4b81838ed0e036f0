package dev.agentbench.report.stats;

import java.util.Arrays;

/**
 * Intervals of a cell's median, and of the ratio of two cells' medians, that see the variation
 * between JVMs as well as within one.
 *
 * <p>A cell runs in F forks, each a fresh JVM, and its headline is the median of the forks' medians.
 * Two JVMs of the same code can settle a fifth apart (the JIT compiles differently, the heap lands
 * differently), far more than the samples of one JVM vary around their own median; an interval made
 * from the pooled samples would see none of that and call two runs of the same code different. So
 * each round of this bootstrap resamples at both levels (a two-stage bootstrap, as in Davison and
 * Hinkley, <i>Bootstrap Methods and their Application</i>, 1997, §3.8):
 * <ol>
 *   <li>draw F forks from the cell's F, with replacement;</li>
 *   <li>for each drawn fork, resample its own samples with replacement and take the median (a fork
 *       drawn twice is resampled twice, independently) — {@link ResampledMedian} draws that median
 *       directly, in constant time, from the distribution a sorted resample would give;</li>
 *   <li>keep the median of those F medians: one value of the statistic.</li>
 * </ol>
 * The interval is the percentile interval of {@code resamples} such values: with {@code R} rounds
 * and confidence {@code 1 − α}, its bounds are the {@code ⌊R·α/2⌋ + 1}-th smallest and largest. For a
 * ratio new ÷ base, each round draws base's statistic, then new's, and keeps their ratio. Where
 * rounding puts the point estimate outside the bounds (very few distinct samples), the interval is
 * widened to hold it.
 *
 * <p>With one fork, a round is a plain resample of that fork's samples: the interval is the
 * within-JVM bootstrap, which knows nothing of other JVMs. With two forks, about half the rounds
 * draw the same fork twice, so the interval reaches from about one fork's median to the other's:
 * it spans the spread the two JVMs showed, but two JVMs cannot tell how far a third would fall;
 * more forks make the interval honest at the confidence it is asked for. Resampling the samples
 * after the forks adds their noise once more (a fork's median already carries it): the interval errs
 * on the wide side, and that is what lets it fall back to the within-JVM interval with one fork.
 *
 * <p>The generator starts from {@code seed} for every interval, so an interval depends on its own
 * cells' samples only, never on which other intervals were computed; the same samples and seed give
 * the same interval on every JVM (see {@link SplitMix64} and {@link ResampledMedian}). A round costs
 * about two gamma draws per fork, whatever the forks' sizes; the forks' samples are sorted once, in
 * {@link ForkSamples}.
 */
public final class HierarchicalBootstrap {

    /** Rounds per interval: 25 values beyond each bound of a 99% interval. */
    public static final int DEFAULT_RESAMPLES = 5_000;
    /** The generator's seed: fixed, so that the same runs always give the same intervals. */
    public static final long DEFAULT_SEED = 20_261_129L;

    private HierarchicalBootstrap() {}

    /**
     * The median of the cell's fork medians with its interval.
     *
     * @param confidence the interval's confidence, in (0, 1)
     * @param resamples rounds, enough that each tail holds one
     */
    public static Estimate median(ForkSamples cell, double confidence, int resamples, long seed) {
        int tail = tail(confidence, resamples);
        SplitMix64 random = new SplitMix64(seed);
        double[] scratch = new double[cell.forks()];
        double[] values = new double[resamples];
        for (int round = 0; round < resamples; round++) {
            values[round] = cell.resample(random, scratch);
        }
        return percentile(cell.median(), values, tail);
    }

    /**
     * New's median over base's (each the median of its fork medians) with its interval.
     *
     * @param confidence the interval's confidence, in (0, 1)
     * @param resamples rounds, enough that each tail holds one
     */
    public static Estimate ratio(ForkSamples base, ForkSamples changed, double confidence, int resamples, long seed) {
        int tail = tail(confidence, resamples);
        SplitMix64 random = new SplitMix64(seed);
        double[] baseScratch = new double[base.forks()];
        double[] newScratch = new double[changed.forks()];
        double[] ratios = new double[resamples];
        for (int round = 0; round < resamples; round++) {
            double baseValue = base.resample(random, baseScratch);
            ratios[round] = changed.resample(random, newScratch) / baseValue;
        }
        return percentile(changed.median() / base.median(), ratios, tail);
    }

    /**
     * New's median less base's (each the median of its fork medians) with its interval: the same
     * rounds as {@link #ratio}, each keeping the difference instead of the quotient.
     *
     * @param confidence the interval's confidence, in (0, 1)
     * @param resamples rounds, enough that each tail holds one
     */
    public static Estimate difference(ForkSamples base, ForkSamples changed, double confidence, int resamples,
            long seed) {
        int tail = tail(confidence, resamples);
        SplitMix64 random = new SplitMix64(seed);
        double[] baseScratch = new double[base.forks()];
        double[] newScratch = new double[changed.forks()];
        double[] differences = new double[resamples];
        for (int round = 0; round < resamples; round++) {
            double baseValue = base.resample(random, baseScratch);
            differences[round] = changed.resample(random, newScratch) - baseValue;
        }
        return percentile(changed.median() - base.median(), differences, tail);
    }

    /**
     * The fewest samples for which the median has a distribution-free interval at this confidence at
     * all ({@code 2 · 0.5^n ≤ 1 − confidence}: 6 at 95%, 8 at 99%). With fewer, even the full range of
     * the samples holds the median with less than the confidence asked for.
     */
    public static int minSamples(double confidence) {
        int n = 1;
        while (2 * Math.pow(0.5, n) > 1 - confidence) {
            n++;
        }
        return n;
    }

    private static int tail(double confidence, int resamples) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("Confidence [" + confidence + "] must be between 0 and 1");
        }
        int tail = (int) Math.floor(resamples * (1 - confidence) / 2);
        if (resamples < 1 || tail >= resamples / 2) {
            throw new IllegalArgumentException("Resamples [" + resamples + "] are too few for confidence ["
                    + confidence + "]");
        }
        return tail;
    }

    private static Estimate percentile(double point, double[] values, int tail) {
        Arrays.sort(values);
        return new Estimate(point, Math.min(values[tail], point), Math.max(values[values.length - 1 - tail], point));
    }
}
