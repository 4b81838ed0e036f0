package dev.agentbench.api.result;

import java.util.Objects;

/**
 * Statistics of the timed pass, over one sample per iteration.
 *
 * @param unit the unit of every figure, always {@code "ns"}
 * @param n how many samples
 * @param median the headline figure
 */
public record TimeStats(
        String unit, long n, double median, double p95, double p99, double mean, double stddev, double min, double max) {

    public static final String NANOS = "ns";

    public TimeStats {
        Objects.requireNonNull(unit, "unit");
        if (n < 1) {
            throw new IllegalArgumentException("Statistics need at least one sample, got [" + n + "]");
        }
    }
}
