package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WarmupDetectorTest {

    private static WarmupDetector after(double... medians) {
        WarmupDetector detector = new WarmupDetector(5, 0.05);
        for (double median : medians) {
            detector.add(median);
        }
        return detector;
    }

    @Test
    void needsAsManyWindowsAsItLooksBackOver() {
        assertThat(after(100, 100, 100, 100).steady()).isFalse();
        assertThat(after(100, 100, 100, 100, 100).steady()).isTrue();
    }

    @Test
    void noiseWithinTheBandIsSteady() {
        assertThat(after(300, 100, 102, 98, 101, 99).steady()).isTrue();
    }

    @Test
    void aWindowOutsideTheBandIsNot() {
        assertThat(after(100, 100, 100, 100, 112).steady()).isFalse();
    }

    @Test
    void aSteadyFallWithinTheBandIsStillATrend() {
        // 1% a window: every window within ±5% of their median, but a 4% fall across them
        assertThat(after(104, 103, 102, 101, 100).steady()).isFalse();
    }

    @Test
    void looksOnlyAtTheLastWindows() {
        assertThat(after(900, 800, 700, 100, 101, 99, 100, 100).steady()).isTrue();
    }
}
