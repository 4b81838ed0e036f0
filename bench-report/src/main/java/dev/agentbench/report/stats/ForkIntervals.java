package dev.agentbench.report.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The intervals reports and {@code compare} give a cell's median and a ratio of two: the wider of two
 * intervals, each blind to what the other sees.
 * <ul>
 *   <li><b>Between JVMs</b>: Student's t on the logarithms of the forks' medians (one value per JVM),
 *       for a ratio Welch's t with the Welch–Satterthwaite degrees of freedom. This is the larger part
 *       of the noise, and with few forks only t is honest about it: two forks a side that happen to
 *       fall apart by 8% are, by a bootstrap, "significantly" different (the bootstrap of two values
 *       can never be wider than their range), whereas two against two JVMs cannot show a difference
 *       at 99% at all unless each side's JVMs agree closely.</li>
 *   <li><b>Within JVMs</b>: the {@link HierarchicalBootstrap} (forks, then samples within each), which
 *       sees the sampling error of each fork's median: what is left when forks agree to the
 *       nanosecond, and all there is for a cell of one fork.</li>
 * </ul>
 * The same two intervals give the difference of two medians (new − base, the overhead in time over a
 * baseline), Welch's t then on the forks' medians themselves rather than on their logarithms.
 * The point is the headline: the median of the forks' medians, or the ratio (or difference) of two such. Forks known
 * by their medians alone ({@link ForkSamples#ofMedians}, a cell read from {@code summary.json}) give
 * the part between JVMs only, which needs at least two forks a side.
 */
public final class ForkIntervals {

    private ForkIntervals() {}

    /** The cell's median with its interval at {@code confidence}. */
    public static Estimate median(ForkSamples cell, double confidence) {
        int n = cell.forks();
        if (!cell.hasSamples() && n < 2) {
            throw new IllegalArgumentException("One fork known by its median alone has no interval");
        }
        Estimate within = cell.hasSamples() ? HierarchicalBootstrap.median(cell, confidence,
                HierarchicalBootstrap.DEFAULT_RESAMPLES, HierarchicalBootstrap.DEFAULT_SEED)
                : new Estimate(cell.median(), cell.median(), cell.median());
        if (n < 2) {
            return within;
        }
        double[] logs = logMedians(cell);
        double halfWidth = quantile(confidence, n - 1) * Math.sqrt(variance(logs) / n);
        double center = mean(logs);
        return widest(within, Math.exp(center - halfWidth), Math.exp(center + halfWidth));
    }

    /** New's median over base's with its interval at {@code confidence}. */
    public static Estimate ratio(ForkSamples base, ForkSamples changed, double confidence) {
        boolean samples = base.hasSamples() && changed.hasSamples();
        if (!samples && (base.forks() < 2 || changed.forks() < 2)) {
            throw new IllegalArgumentException("A side of one fork known by its median alone has no interval");
        }
        double point = changed.median() / base.median();
        Estimate within = samples ? HierarchicalBootstrap.ratio(base, changed, confidence,
                HierarchicalBootstrap.DEFAULT_RESAMPLES, HierarchicalBootstrap.DEFAULT_SEED)
                : new Estimate(point, point, point);
        if (base.forks() < 2 || changed.forks() < 2) {
            return within;
        }
        double[] baseLogs = logMedians(base);
        double[] newLogs = logMedians(changed);
        double baseTerm = variance(baseLogs) / baseLogs.length;
        double newTerm = variance(newLogs) / newLogs.length;
        double se = Math.sqrt(baseTerm + newTerm);
        double difference = mean(newLogs) - mean(baseLogs);
        if (se == 0) {
            return widest(within, Math.exp(difference), Math.exp(difference));
        }
        double df = (baseTerm + newTerm) * (baseTerm + newTerm) / (baseTerm * baseTerm / (baseLogs.length - 1)
                + newTerm * newTerm / (newLogs.length - 1));
        double halfWidth = quantile(confidence, df) * se;
        return widest(within, Math.exp(difference - halfWidth), Math.exp(difference + halfWidth));
    }

    /**
     * New's median less base's with its interval at {@code confidence}, in the forks' unit
     * (nanoseconds): negative when new is the faster.
     */
    public static Estimate difference(ForkSamples base, ForkSamples changed, double confidence) {
        boolean samples = base.hasSamples() && changed.hasSamples();
        if (!samples && (base.forks() < 2 || changed.forks() < 2)) {
            throw new IllegalArgumentException("A side of one fork known by its median alone has no interval");
        }
        double point = changed.median() - base.median();
        Estimate within = samples ? HierarchicalBootstrap.difference(base, changed, confidence,
                HierarchicalBootstrap.DEFAULT_RESAMPLES, HierarchicalBootstrap.DEFAULT_SEED)
                : new Estimate(point, point, point);
        if (base.forks() < 2 || changed.forks() < 2) {
            return within;
        }
        double[] baseMedians = base.forkMedians();
        double[] newMedians = changed.forkMedians();
        double baseTerm = variance(baseMedians) / baseMedians.length;
        double newTerm = variance(newMedians) / newMedians.length;
        double se = Math.sqrt(baseTerm + newTerm);
        double difference = mean(newMedians) - mean(baseMedians);
        if (se == 0) {
            return widest(within, difference, difference);
        }
        double df = (baseTerm + newTerm) * (baseTerm + newTerm) / (baseTerm * baseTerm / (baseMedians.length - 1)
                + newTerm * newTerm / (newMedians.length - 1));
        double halfWidth = quantile(confidence, df) * se;
        return widest(within, difference - halfWidth, difference + halfWidth);
    }

    /** Student's t quantile of a two-sided interval at {@code confidence} with {@code df} degrees of freedom. */
    static double quantile(double confidence, double df) {
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    private static Estimate widest(Estimate within, double low, double high) {
        return new Estimate(within.value(), Math.min(within.low(), Math.min(low, within.value())),
                Math.max(within.high(), Math.max(high, within.value())));
    }

    private static double[] logMedians(ForkSamples cell) {
        double[] medians = cell.forkMedians();
        double[] logs = new double[medians.length];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(medians[i]);
        }
        return logs;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** The sample variance (n − 1). */
    private static double variance(double[] values) {
        double mean = mean(values);
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return sum / (values.length - 1);
    }
}
