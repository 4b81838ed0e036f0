package dev.agentbench.report.stats;

/**
 * A figure with its confidence interval: a cell's median, or a ratio of two.
 *
 * @param value the point estimate
 * @param low the interval's lower bound
 * @param high the interval's upper bound
 */
public record Estimate(double value, double low, double high) {

    public Estimate {
        if (!(low <= value && value <= high)) {
            throw new IllegalArgumentException(
                    "Estimate [" + value + "] must lie within its interval [" + low + ", " + high + "]");
        }
    }
}
