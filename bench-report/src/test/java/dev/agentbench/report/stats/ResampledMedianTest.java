package dev.agentbench.report.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The median of a resample, drawn without the resample, has the distribution that drawing every
 * rank and sorting would give: checked against all {@code n^n} resamples of small forks.
 */
class ResampledMedianTest {

    /** The exact distribution of a resample's median: every one of the n^n equally likely resamples, counted. */
    private static Map<Double, Double> exact(long[] sorted) {
        int n = sorted.length;
        int resamples = (int) Math.pow(n, n);
        Map<Double, Double> distribution = new HashMap<>();
        for (int code = 0; code < resamples; code++) {
            long[] drawn = new long[n];
            int rest = code;
            for (int i = 0; i < n; i++) {
                drawn[i] = sorted[rest % n];
                rest /= n;
            }
            java.util.Arrays.sort(drawn);
            double median = n % 2 == 1 ? drawn[n / 2] : (drawn[n / 2 - 1] + (double) drawn[n / 2]) / 2;
            distribution.merge(median, 1.0 / resamples, Double::sum);
        }
        return distribution;
    }

    private static Map<Double, Double> drawn(long[] sorted, int draws) {
        SplitMix64 random = new SplitMix64(HierarchicalBootstrap.DEFAULT_SEED);
        Map<Double, Double> distribution = new HashMap<>();
        for (int i = 0; i < draws; i++) {
            distribution.merge(ResampledMedian.draw(sorted, random), 1.0 / draws, Double::sum);
        }
        return distribution;
    }

    @Test
    void aDrawnMedianIsDistributedAsTheMedianOfASortedResample() {
        for (long[] fork : new long[][] {{100, 300}, {100, 200, 400}, {10, 20, 40, 80}, {1, 2, 3, 5, 8}, {1, 2, 3, 5, 8, 13}}) {
            Map<Double, Double> exact = exact(fork);
            Map<Double, Double> drawn = drawn(fork, 200_000);
            assertThat(drawn.keySet()).as("medians a resample of %s can have", java.util.Arrays.toString(fork))
                    .isSubsetOf(exact.keySet());
            exact.forEach((median, probability) -> assertThat(drawn.getOrDefault(median, 0.0))
                    .as("P(median = %s) for %s", median, java.util.Arrays.toString(fork))
                    .isCloseTo(probability, Offset.offset(0.005)));
        }
    }

    @Test
    void aForkOfOneSampleAlwaysGivesThatSample() {
        assertThat(ResampledMedian.draw(new long[] {42}, new SplitMix64(1))).isEqualTo(42.0);
    }

    @Test
    void theGammaDrawsHaveTheirMeanAndVariance() {
        SplitMix64 random = new SplitMix64(7);
        for (double shape : new double[] {1, 3.5, 5_000}) {
            int n = 100_000;
            double sum = 0;
            double squares = 0;
            for (int i = 0; i < n; i++) {
                double x = ResampledMedian.gamma(shape, random);
                sum += x;
                squares += x * x;
            }
            double mean = sum / n;
            assertThat(mean).as("mean of Gamma(%s)", shape).isCloseTo(shape, Offset.offset(0.02 * shape));
            assertThat(squares / n - mean * mean).as("variance of Gamma(%s)", shape)
                    .isCloseTo(shape, Offset.offset(0.05 * shape));
        }
    }
}
