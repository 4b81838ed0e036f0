package dev.agentbench.report;

import java.util.Arrays;

/**
 * The statistics JMH puts in its JSON, computed the way JMH computes them, so that a score from
 * agentbench and one from JMH mean the same thing: the mean, the half-width of the 99.9% confidence
 * interval of the mean by Student's t distribution ({@code NaN} with two samples or fewer), and
 * percentiles by the estimator JMH uses (position {@code p·(n+1)/100}, linear between neighbours).
 * Written here because the harness jar carries no statistics library that a framework might clash with.
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
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double value : sorted) {
            sum += value;
        }
        return sum / sorted.length;
    }

    /** The sample standard deviation (n − 1 in the denominator). */
    double stddev() {
        if (sorted.length < 2) {
            return Double.NaN;
        }
        double mean = mean();
        double squares = 0;
        for (double value : sorted) {
            squares += (value - mean) * (value - mean);
        }
        return Math.sqrt(squares / (sorted.length - 1));
    }

    /** Half the width of the confidence interval of the mean; {@code NaN} with two samples or fewer. */
    double meanError() {
        if (sorted.length <= 2) {
            return Double.NaN;
        }
        double t = studentTQuantile(1 - (1 - CONFIDENCE) / 2, sorted.length - 1);
        return t * stddev() / Math.sqrt(sorted.length);
    }

    /** The confidence interval of the mean, {@code [NaN, NaN]} with two samples or fewer. */
    double[] confidence() {
        double error = meanError();
        return Double.isNaN(error) ? new double[] {Double.NaN, Double.NaN}
                : new double[] {mean() - error, mean() + error};
    }

    /** The {@code rank}th percentile (0–100): the minimum at 0, else JMH's estimator. */
    double percentile(double rank) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        if (rank == 0 || n == 1) {
            return sorted[0];
        }
        double position = rank * (n + 1) / 100;
        if (position < 1) {
            return sorted[0];
        }
        if (position >= n) {
            return sorted[n - 1];
        }
        int below = (int) Math.floor(position);
        double fraction = position - below;
        return sorted[below - 1] + fraction * (sorted[below] - sorted[below - 1]);
    }

    /** The {@code p} quantile (0.5 &lt; p &lt; 1) of Student's t distribution with {@code df} degrees of freedom. */
    static double studentTQuantile(double p, int df) {
        if (!(p > 0.5 && p < 1) || df < 1) {
            throw new IllegalArgumentException("Quantile [" + p + "] with [" + df + "] degrees of freedom");
        }
        double low = 0;
        double high = 1;
        while (studentTCdf(high, df) < p) {
            low = high;
            high *= 2;
        }
        for (int i = 0; i < 200 && high - low > 1e-13 * high; i++) {
            double mid = (low + high) / 2;
            if (studentTCdf(mid, df) < p) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** P(T ≤ t) for t ≥ 0. */
    static double studentTCdf(double t, int df) {
        double x = df / (df + t * t);
        return 1 - 0.5 * regularizedBeta(x, df / 2.0, 0.5);
    }

    /** The regularized incomplete beta function I_x(a, b), by its continued fraction. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        if (x > (a + 1) / (a + b + 2)) {
            return 1 - regularizedBeta(1 - x, b, a);
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x)) / a;
        // Lentz's method for the continued fraction 1 / (1 + d1 / (1 + d2 / (1 + ...))).
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double f = d;
        for (int m = 1; m <= 10_000; m++) {
            double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1 + even * d;
            c = 1 + even / c;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = Math.abs(c) < tiny ? tiny : c;
            f *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1 + odd * d;
            c = 1 + odd / c;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = Math.abs(c) < tiny ? tiny : c;
            double step = d * c;
            f *= step;
            if (Math.abs(step - 1) < 1e-15) {
                break;
            }
        }
        return front * f;
    }

    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7
    };

    /** ln Γ(x) for x &gt; 0 (Lanczos, g = 7). */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
