package dev.agentbench.report.compare;

import dev.agentbench.report.stats.HierarchicalBootstrap;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How two runs are compared.
 *
 * @param threshold how much slower (or faster) a cell's median must be to count, as a fraction:
 *     {@code 0.05} for 5%; at least 0 and below 1
 * @param confidence the confidence of each ratio's interval, in (0, 1)
 * @param resamples bootstrap rounds per cell
 * @param seed where the bootstrap's generator starts, for every cell
 * @param judgeDisturbed whether a cell that the machine disturbed in either run ({@link
 *     dev.agentbench.api.result.CellResult#disturbed()}) is judged all the same; by default it is not
 *     ({@link Verdict#DISTURBED})
 * @param allocationThreshold how much more (or less) a cell must allocate per operation to count, as a
 *     fraction; at least 0 and below 1 ({@link AllocationChange})
 */
public record CompareOptions(double threshold, double confidence, int resamples, long seed, boolean judgeDisturbed,
        double allocationThreshold) {

    /** Options that leave a disturbed cell unjudged, with the default allocation threshold. */
    public CompareOptions(double threshold, double confidence, int resamples, long seed) {
        this(threshold, confidence, resamples, seed, false, DEFAULT_ALLOCATION_THRESHOLD);
    }

    /** Slower by more than 5% counts, by default. */
    public static final double DEFAULT_THRESHOLD = 0.05;
    /**
     * Allocating more by more than 3% counts, by default: two runs of the same code agree within 2% in
     * 98% of the published cells, and a 5% change lies beyond the threshold with room for that.
     */
    public static final double DEFAULT_ALLOCATION_THRESHOLD = 0.03;
    /** A 99% interval: across 100 unchanged cells, about one interval misses 1 by chance. */
    public static final double DEFAULT_CONFIDENCE = 0.99;
    /** Bootstrap rounds per cell: 25 ratios beyond each bound of a 99% interval. */
    public static final int DEFAULT_RESAMPLES = HierarchicalBootstrap.DEFAULT_RESAMPLES;
    /** The bootstrap's seed: fixed, so that the same runs always compare the same. */
    public static final long DEFAULT_SEED = HierarchicalBootstrap.DEFAULT_SEED;
    /**
     * The fewest forks (fresh JVMs) a cell needs in each run to be judged: from one JVM, nothing can
     * be said of how far another JVM's median would fall, and that is the larger part of the noise.
     */
    public static final int MIN_FORKS = 2;

    private static final Pattern PERCENT = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,4})?)%");

    public CompareOptions {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new IllegalArgumentException("Threshold [" + threshold + "] must be at least 0 and below 1");
        }
        if (!(allocationThreshold >= 0 && allocationThreshold < 1)) {
            throw new IllegalArgumentException("Allocation threshold [" + allocationThreshold
                    + "] must be at least 0 and below 1");
        }
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("Confidence [" + confidence + "] must be above 0.5 and below 1");
        }
        if (Math.floor(resamples * (1 - confidence) / 2) < 1) {
            throw new IllegalArgumentException("Resamples [" + resamples + "] are too few for a "
                    + percent(confidence) + " interval: no round would lie beyond a bound");
        }
    }

    /** The defaults: 5%, 3% for allocation, a 99% interval, 5,000 rounds, the fixed seed. */
    public static CompareOptions defaults() {
        return new CompareOptions(DEFAULT_THRESHOLD, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED);
    }

    /** These options with another threshold. */
    public CompareOptions withThreshold(double newThreshold) {
        return new CompareOptions(newThreshold, confidence, resamples, seed, judgeDisturbed, allocationThreshold);
    }

    /** These options with another allocation threshold. */
    public CompareOptions withAllocationThreshold(double newThreshold) {
        return new CompareOptions(threshold, confidence, resamples, seed, judgeDisturbed, newThreshold);
    }

    /** These options judging disturbed cells, or not. */
    public CompareOptions withJudgeDisturbed(boolean judge) {
        return new CompareOptions(threshold, confidence, resamples, seed, judge, allocationThreshold);
    }

    /**
     * Reads a threshold as users write it: a percentage such as {@code 5%} or {@code 2.5%}, at least
     * 0% and below 100%.
     *
     * @return the threshold as a fraction, {@code 0.05} for {@code 5%}
     * @throws IllegalArgumentException naming the value and what a threshold looks like
     */
    public static double parseThreshold(String text) {
        return parsePercent("Threshold", text);
    }

    /**
     * Reads a bound as users write it: a percentage such as {@code 5%} or {@code 2.5%}, at least 0%
     * and below 100%.
     *
     * @param what what the value is, to start the message with: {@code Threshold}
     * @return the percentage as a fraction, {@code 0.05} for {@code 5%}
     * @throws IllegalArgumentException naming {@code what}, the value and what a percentage looks like
     */
    public static double parsePercent(String what, String text) {
        Matcher matcher = PERCENT.matcher(text.strip());
        if (!matcher.matches()) {
            String hint = text.strip().startsWith("-") ? "; it cannot be negative" : "";
            throw new IllegalArgumentException(what + " [" + text + "] is not a percentage such as 5% or 2.5%" + hint);
        }
        BigDecimal percent = new BigDecimal(matcher.group(1));
        if (percent.compareTo(BigDecimal.valueOf(100)) >= 0) {
            throw new IllegalArgumentException(what + " [" + text + "] must be below 100%");
        }
        return percent.movePointLeft(2).doubleValue();
    }

    /** A fraction as a percentage: {@code 5%}, {@code 2.5%}, {@code 99%}. */
    public static String percent(double fraction) {
        return BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }

    /**
     * The fewest samples a run's cell needs to be compared: the smallest {@code n} for which the
     * median has a distribution-free interval at this confidence at all ({@code 2 · 0.5^n ≤ 1 −
     * confidence}: 8 at 99%). With fewer, even the full range of the samples holds the median with
     * less than the confidence asked for, so no claim of significance could be honest.
     */
    public int minSamples() {
        return HierarchicalBootstrap.minSamples(confidence);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "threshold %s, allocation threshold %s, %s interval, %d resamples, seed %d",
                percent(threshold), percent(allocationThreshold), percent(confidence), resamples, seed);
    }
}
