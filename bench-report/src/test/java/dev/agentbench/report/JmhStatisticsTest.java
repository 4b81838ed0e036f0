package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class JmhStatisticsTest {

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
