package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void figuresKeepAboutThreeSignificantDigits() {
        assertThat(Units.number(3.5)).isEqualTo("3.50");
        assertThat(Units.number(12.345)).isEqualTo("12.3");
        assertThat(Units.number(0.004)).isEqualTo("0.00400");
        assertThat(Units.number(1250)).isEqualTo("1250");
        assertThat(Units.number(0)).isEqualTo("0");
    }

    @Test
    void aRowGetsTheUnitOfItsTypicalFigure() {
        assertThat(Units.timeUnitFor(850)).isEqualTo(Units.TimeUnitLabel.NS);
        assertThat(Units.timeUnitFor(13_000)).isEqualTo(Units.TimeUnitLabel.US);
        assertThat(Units.TimeUnitLabel.MS.format(3_500_000)).isEqualTo("3.50 ms");
        assertThat(Units.bytes(25_769_803_776L)).isEqualTo("24.0 GiB");
        assertThat(Units.byteUnitFor(1023)).isEqualTo(Units.ByteUnit.B);
        assertThat(Units.byteUnitFor(1024)).isEqualTo(Units.ByteUnit.KIB);
        assertThat(Units.byteUnitFor(-2048)).isEqualTo(Units.ByteUnit.KIB);
        assertThat(Units.bytes(1_440_000)).isEqualTo("1.37 MiB");
        assertThat(Units.bytes(-12)).isEqualTo("-12.0 B");
    }

    @Test
    void aNegativeTimeGetsTheUnitOfItsSize() {
        assertThat(Units.time(-15_118_895)).isEqualTo("-15.1 ms");
        assertThat(Units.time(-850)).isEqualTo("-850 ns");
    }

    @Test
    void anOverheadIsSignedInMicrosecondsUpToTenMillisecondsThenInTheUnitItsBoundsNeed() {
        assertThat(Units.overhead(new dev.agentbench.report.stats.Estimate(41_200, 35_000, 47_900)))
                .isEqualTo("+41.2 µs [+35.0, +47.9]");
        assertThat(Units.overhead(new dev.agentbench.report.stats.Estimate(-3_100, -3_100, -3_100))).isEqualTo("−3.1 µs");
        assertThat(Units.overhead(new dev.agentbench.report.stats.Estimate(1_638_000, 1_500_000, 1_700_000)))
                .isEqualTo("+1638 µs [+1500, +1700]");
        assertThat(Units.overhead(new dev.agentbench.report.stats.Estimate(-319_000_000, -320e6, -318e6)))
                .isEqualTo("−319.0 ms [−320.0, −318.0]");
        assertThat(Units.overhead(new dev.agentbench.report.stats.Estimate(1_246_500_000, 1.2465e9, 1.2465e9)))
                .isEqualTo("+1247 ms");
        assertThat(Units.overhead(new dev.agentbench.report.stats.Estimate(20, -10, 40))).isEqualTo("±0.0 µs [±0.0, ±0.0]");
    }
}
