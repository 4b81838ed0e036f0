package dev.agentbench.core.measure;

import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import dev.agentbench.api.result.TimeStats;
import java.util.Map;

/** The statistics of a timed pass. */
final class Statistics {

    private Statistics() {}

    /**
     * n, median, p95, p99, mean, stddev, min and max of {@code samples} in nanoseconds. Quantiles
     * interpolate linearly between the two nearest ranks (guava's {@link Quantiles}); the standard
     * deviation is the sample one (n − 1), 0 for a single sample.
     *
     * @throws IllegalArgumentException when there is no sample
     */
    public static TimeStats of(long[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("Statistics need at least one sample, got [0]");
        }
        Stats stats = Stats.of(samples);
        Map<Integer, Double> percentiles = Quantiles.percentiles().indexes(50, 95, 99).compute(samples);
        double stddev = samples.length > 1 ? stats.sampleStandardDeviation() : 0.0;
        return new TimeStats(TimeStats.NANOS, samples.length, percentiles.get(50), percentiles.get(95),
                percentiles.get(99), stats.mean(), stddev, stats.min(), stats.max());
    }
}
