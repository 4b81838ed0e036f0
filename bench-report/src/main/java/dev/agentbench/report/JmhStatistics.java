package dev.agentbench.report;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The percentiles JMH puts in its JSON ({@code scorePercentiles}), computed with the library and the
 * estimator JMH uses, so that a percentile from agentbench and one from JMH mean the same thing:
 * commons-math3's default estimator (position {@code p·(n+1)/100}, linear between neighbours), the
 * minimum at rank 0. The score and its interval are not JMH's mean and 99.9% error over pooled
 * iterations but the reports' median and interval ({@link JmhJsonFormat}).
 */
final class JmhStatistics {

    private final double[] sorted;

    JmhStatistics(double[] values) {
        sorted = values.clone();
        Arrays.sort(sorted);
    }

    /** The {@code rank}th percentile (0–100): the minimum at 0, else commons-math3's default estimator. */
    double percentile(double rank) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return rank == 0 ? sorted[0] : new Percentile().evaluate(sorted, rank);
    }
}
