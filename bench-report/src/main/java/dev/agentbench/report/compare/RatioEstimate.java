package dev.agentbench.report.compare;

/**
 * The ratio of two medians, new ÷ base, with its confidence interval.
 *
 * @param ratio the new run's median over the base run's: above 1 means the new run is slower
 * @param low the interval's lower bound
 * @param high the interval's upper bound
 */
public record RatioEstimate(double ratio, double low, double high) {

    public RatioEstimate {
        if (!(low <= ratio && ratio <= high)) {
            throw new IllegalArgumentException(
                    "Ratio [" + ratio + "] must lie within its interval [" + low + ", " + high + "]");
        }
    }

    /** Whether the interval lies wholly above 1: the new run is slower, beyond the noise. */
    public boolean significantlySlower() {
        return low > 1;
    }

    /** Whether the interval lies wholly below 1: the new run is faster, beyond the noise. */
    public boolean significantlyFaster() {
        return high < 1;
    }
}
