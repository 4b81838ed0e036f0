package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.agentbench.api.result.TimeStats;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class StatisticsTest {

    @Test
    void oneToAHundred() {
        TimeStats stats = Statistics.of(LongStream.rangeClosed(1, 100).toArray());

        assertThat(stats.unit()).isEqualTo("ns");
        assertThat(stats.n()).isEqualTo(100);
        assertThat(stats.median()).isEqualTo(50.5);
        assertThat(stats.p95()).isCloseTo(95.05, within(1e-9));
        assertThat(stats.p99()).isCloseTo(99.01, within(1e-9));
        assertThat(stats.mean()).isEqualTo(50.5);
        assertThat(stats.stddev()).isCloseTo(29.011491975882016, within(1e-9));
        assertThat(stats.min()).isEqualTo(1);
        assertThat(stats.max()).isEqualTo(100);
    }

    @Test
    void orderOfSamplesDoesNotMatterAndOutliersMoveOnlyTheTail() {
        TimeStats stats = Statistics.of(new long[] {1_000, 10, 30, 20, 40});

        assertThat(stats.median()).isEqualTo(30);
        assertThat(stats.min()).isEqualTo(10);
        assertThat(stats.max()).isEqualTo(1_000);
        assertThat(stats.mean()).isEqualTo(220);
        assertThat(stats.p99()).isCloseTo(961.6, within(1e-9));
    }

    @Test
    void aSingleSampleHasNoSpread() {
        TimeStats stats = Statistics.of(new long[] {42});

        assertThat(stats.n()).isEqualTo(1);
        assertThat(stats.median()).isEqualTo(42);
        assertThat(stats.p99()).isEqualTo(42);
        assertThat(stats.stddev()).isZero();
    }

    @Test
    void noSampleIsAnError() {
        assertThatThrownBy(() -> Statistics.of(new long[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Statistics need at least one sample, got [0]");
    }

    @Test
    void driftComparesTheMediansOfTheFirstAndLastThirds() {
        long[] warmingUp = {200, 210, 190, 150, 150, 150, 100, 110, 90};
        assertThat(Measurement.drift(warmingUp)).isEqualTo(0.5);

        long[] flat = {100, 104, 98, 100, 101, 99, 103, 97, 105};
        assertThat(Measurement.drift(flat)).isCloseTo(103.0 / 100.0, within(1e-9));
    }

    @Test
    void driftIsUnknownBelowThreeSamples() {
        assertThat(Measurement.drift(new long[] {1, 2})).isNull();
    }
}
