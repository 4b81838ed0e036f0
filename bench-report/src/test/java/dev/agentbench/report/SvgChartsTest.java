package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SvgChartsTest {

    @Test
    void axesEndOnARoundTickAtOrAboveTheLargestValue() {
        assertThat(SvgCharts.ticks(2.4)).containsExactly(0, 1, 2, 3);
        assertThat(SvgCharts.ticks(26)).containsExactly(0, 10, 20, 30);
        assertThat(SvgCharts.ticks(4200)).containsExactly(0, 2000, 4000, 6000);
        assertThat(SvgCharts.decades(240, 265_000)).containsExactly(100, 1000, 10_000, 100_000, 1_000_000);
    }

    @Test
    void aWarmupAxisHasRoundTicksAroundItsCurvesOnALogScale() {
        assertThat(WarmupChart.logTicks(170_000, 600_000)).containsExactly(100_000, 200_000, 500_000, 1_000_000);
        assertThat(WarmupChart.logTicks(180, 1_900_000)).containsExactly(100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000);
        assertThat(WarmupChart.logTicks(150, 150)).containsExactly(100, 200);
        assertThat(WarmupChart.logTicks(100, 100)).containsExactly(100, 200);
    }

    @Test
    void labelsAreShortAndRound() {
        assertThat(SvgCharts.compact(240.748)).isEqualTo("241");
        assertThat(SvgCharts.compact(1049)).isEqualTo("1.05k");
        assertThat(SvgCharts.compact(264_900)).isEqualTo("265k");
        assertThat(SvgCharts.compactTick(1000)).isEqualTo("1k");
        assertThat(SvgCharts.compactTick(2500)).isEqualTo("2.5k");
        assertThat(SvgCharts.compactTick(0.2)).isEqualTo("0.2");
        assertThat(SvgCharts.tickNumber(10.0)).isEqualTo("10");
    }
}
