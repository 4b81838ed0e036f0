package dev.agentbench.report;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The statistics JMH puts in its JSON, computed with the library and the estimators JMH uses, so
 * that a score from agentbench and one from JMH mean the same thing: the mean, the half-width of the
 * 99.9% confidence interval of the mean by Student's t distribution ({@code NaN} with two samples or
 * fewer), and percentiles by commons-math3's default estimator (position {@code p·(n+1)/100}, linear
 * between neighbours), the minimum at rank 0.
 */
final class JmhStatistics {

    /** JMH's confidence level for {@code scoreError} and {@code scoreConfidence}. */
    static final double CONFIDENCE = 0.999;

    private final double[] sorted;

    JmhStatistics(double[] values) {
        sorted = values.clone();
        Arrays.sort(sorted);
    }

    int n() {
        return sorted.length;
    }

    double mean() {
        return new Mean().evaluate(sorted);
    }

    /** The sample standard deviation (n − 1 in the denominator); {@code NaN} with fewer than two samples. */
    double stddev() {
        return sorted.length < 2 ? Double.NaN : new StandardDeviation().evaluate(sorted);
    }

    /** Half the width of the confidence interval of the mean; {@code NaN} with two samples or fewer. */
    double meanError() {
        if (sorted.length <= 2) {
            return Double.NaN;
        }
        return studentTQuantile(1 - (1 - CONFIDENCE) / 2, sorted.length - 1) * stddev() / Math.sqrt(sorted.length);
    }

    /** The confidence interval of the mean, {@code [NaN, NaN]} with two samples or fewer. */
    double[] confidence() {
        double error = meanError();
        return Double.isNaN(error) ? new double[] {Double.NaN, Double.NaN}
                : new double[] {mean() - error, mean() + error};
    }

    /** The {@code rank}th percentile (0–100): the minimum at 0, else commons-math3's default estimator. */
    double percentile(double rank) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return rank == 0 ? sorted[0] : new Percentile().evaluate(sorted, rank);
    }

    /** The {@code p} quantile of Student's t distribution with {@code df} degrees of freedom. */
    static double studentTQuantile(double p, int df) {
        return new TDistribution(df).inverseCumulativeProbability(p);
    }
}
