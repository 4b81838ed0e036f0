package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.WarmupShape;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SeriesShapeTest {

    private static final double BAND = 0.05;

    /** {@code n} window medians around {@code level} with ±2% noise. */
    private static double[] noisy(Random random, double... levels) {
        double[] series = new double[levels.length];
        for (int i = 0; i < levels.length; i++) {
            series[i] = levels[i] * (1 + (random.nextDouble() - 0.5) * 0.04);
        }
        return series;
    }

    private static double[] repeat(double level, int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, level);
        return out;
    }

    private static double[] concat(double[]... parts) {
        return java.util.Arrays.stream(parts).flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    @Test
    void aNoisyButLevelSeriesIsFlat() {
        double[] series = noisy(new Random(1), repeat(500, 30));

        assertThat(SeriesShape.classify(series, 25, BAND)).isEqualTo(WarmupShape.FLAT);
    }

    @Test
    void aDropDuringWarmupThenLevelIsAWarmup() {
        double[] series = noisy(new Random(2), concat(repeat(600, 8), repeat(230, 22)));

        assertThat(SeriesShape.classify(series, 25, BAND)).isEqualTo(WarmupShape.WARMUP);
    }

    @Test
    void thePlateauThatFooledAFlatStretchTestIsCaughtInTheTimedPass() {
        // the raw turn1: ~500 µs from 5 s to 20 s, then ~230 µs; timing started at 15 s
        double[] series = noisy(new Random(3), concat(repeat(650, 5), repeat(500, 15), repeat(230, 5)));

        assertThat(SeriesShape.classify(series, 15, BAND)).isEqualTo(WarmupShape.NO_STEADY_STATE);
    }

    @Test
    void aRiseAfterTheFastestStretchIsASlowdown() {
        double[] series = noisy(new Random(4), concat(repeat(400, 6), repeat(200, 8), repeat(300, 10)));

        assertThat(SeriesShape.classify(series, 18, BAND)).isEqualTo(WarmupShape.SLOWDOWN);
    }

    @Test
    void differencesWithinTheBandAreNoChange() {
        double[] series = concat(repeat(100, 10), repeat(103, 10));

        assertThat(SeriesShape.cuts(series, BAND)).isEmpty();
        assertThat(SeriesShape.classify(series, 15, BAND)).isEqualTo(WarmupShape.FLAT);
    }

    @Test
    void aChangeRightWhereTimingStartsLeavesTheTimedPassInOneSegment() {
        double[] series = noisy(new Random(5), concat(repeat(300, 10), repeat(200, 5)));

        assertThat(SeriesShape.classify(series, 10, BAND)).isEqualTo(WarmupShape.WARMUP);
    }
}
