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
    }
}
