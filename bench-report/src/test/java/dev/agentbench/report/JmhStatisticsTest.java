package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class JmhStatisticsTest {

    @Test
    void studentsTQuantilesMatchTheTables() {
        assertThat(JmhStatistics.studentTQuantile(0.975, 10)).isCloseTo(2.228139, within(1e-6));
        assertThat(JmhStatistics.studentTQuantile(0.9995, 2)).isCloseTo(31.59905, within(1e-4));
        assertThat(JmhStatistics.studentTQuantile(0.9995, 4)).isCloseTo(8.610302, within(1e-6));
        assertThat(JmhStatistics.studentTQuantile(0.9995, 30)).isCloseTo(3.645959, within(1e-6));
        assertThat(JmhStatistics.studentTQuantile(0.9995, 1999)).isCloseTo(3.295, within(1e-3));
    }

    @Test
    void theErrorIsTheHalfWidthOfTheConfidenceIntervalAndNaNForTwoSamplesOrFewer() {
        JmhStatistics stats = new JmhStatistics(new double[] {1, 2, 3, 4, 5});
        assertThat(stats.mean()).isEqualTo(3);
        assertThat(stats.stddev()).isCloseTo(Math.sqrt(2.5), within(1e-12));
        assertThat(stats.meanError()).isCloseTo(8.610302 * Math.sqrt(2.5) / Math.sqrt(5), within(1e-5));
        assertThat(stats.confidence()).containsExactly(new double[] {3 - stats.meanError(), 3 + stats.meanError()},
                within(1e-12));
        assertThat(new JmhStatistics(new double[] {1, 2}).meanError()).isNaN();
        assertThat(new JmhStatistics(new double[] {7}).confidence()).containsExactly(Double.NaN, Double.NaN);
    }

    @Test
    void percentilesUseJmhsEstimator() {
        JmhStatistics stats = new JmhStatistics(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertThat(stats.percentile(0)).isEqualTo(1);
        assertThat(stats.percentile(50)).isEqualTo(5.5);
        assertThat(stats.percentile(90)).isCloseTo(9.9, within(1e-12));
        assertThat(stats.percentile(99.9)).isEqualTo(10);
        assertThat(stats.percentile(100)).isEqualTo(10);
        assertThat(new JmhStatistics(new double[] {4}).percentile(95)).isEqualTo(4);
    }
}
