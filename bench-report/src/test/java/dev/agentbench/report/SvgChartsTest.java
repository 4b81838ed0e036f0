package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import java.util.LinkedHashMap;
import java.util.Map;
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

    @Test
    void aRowHeldToItsRetainedHeapDrawsTheBytesEachAgentKeepsNotItsTime() {
        Map<String, Map<String, CellResult>> rows = Sections.rows(ManyTargetsRun.all());
        String footprint = SvgCharts.medians("memory_footprint", rows.get("memory_footprint"), ManyTargetsRun.TARGETS);

        // ManyTargetsRun keeps 12 bytes per ns of build time: wire 120 µs → 1,440,000 B, springai 504 µs → 6,048,000
        assertThat(footprint).contains("memory_footprint: retained heap per target")
                .contains(">1.37 MiB per agent<").contains(">5.77 MiB per agent<")
                .doesNotContain("504 µs").doesNotContain("p95");
        assertThat(SvgCharts.medians("turn1", rows.get("turn1"), ManyTargetsRun.TARGETS))
                .contains("turn1: median and p95 per target").contains("· p95").doesNotContain("retained");
    }

    @Test
    void aCellThatWasNotSteadyIsDrawnPaleAndMarked() {
        Map<String, CellResult> turn1 = new LinkedHashMap<>(Sections.rows(ManyTargetsRun.all()).get("turn1"));
        CellResult koog = turn1.get("koog");
        turn1.put("koog", new CellResult(koog.format(), koog.target(), koog.benchmark(), koog.concurrency(), koog.name(),
                koog.status(), koog.error(), koog.time(), koog.warmupIterations(), false, koog.drift(), koog.samples(),
                koog.logTail(), koog.memory(), koog.throughput(), koog.turnLatency(), koog.jvm(), koog.figures(),
                koog.forks(), koog.cpu(), koog.warnings(), koog.params()));

        String svg = SvgCharts.medians("turn1", turn1, ManyTargetsRun.TARGETS);

        assertThat(svg.split("class=\"bar pale\"", -1)).hasSize(2);
        assertThat(svg).contains("<title>koog: median 232 µs, p95 239 µs (not steady)</title>").contains(" †<");
        assertThat(SvgCharts.medians("turn1", Sections.rows(ManyTargetsRun.all()).get("turn1"), ManyTargetsRun.TARGETS))
                .doesNotContain("pale").doesNotContain("†");
    }
}
