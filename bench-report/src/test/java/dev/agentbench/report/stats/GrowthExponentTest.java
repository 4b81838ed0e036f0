package dev.agentbench.report.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class GrowthExponentTest {

    /** The default sweep of {@code history}. */
    private static final double[] SWEEP = {1, 16, 64, 256};

    private static double[] costs(DoubleUnaryOperator cost) {
        double[] y = new double[SWEEP.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = cost.applyAsDouble(SWEEP[i]);
        }
        return y;
    }

    /** {@code forks} values a point, each the cost with multiplicative noise of {@code spread}. */
    private static List<double[]> forks(DoubleUnaryOperator cost, int forks, double spread, long seed) {
        Random random = new Random(seed);
        List<double[]> points = new ArrayList<>();
        for (double x : SWEEP) {
            double[] values = new double[forks];
            for (int j = 0; j < forks; j++) {
                values[j] = cost.applyAsDouble(x) * Math.exp(spread * random.nextGaussian());
            }
            points.add(values);
        }
        return points;
    }

    @Test
    void aQuadraticOverAFloorAsLargeAsItsFirstPointReadsTwoWhereTheLogLogSlopeReadsFarLess() {
        // 20 µs a turn whatever the history, plus 20 µs × H²: at H = 1 half of the cost is the floor
        DoubleUnaryOperator cost = h -> 20_000 + 20_000 * h * h;

        GrowthExponent.Fit fit = GrowthExponent.fit(SWEEP, costs(cost));

        assertThat(fit.exponent()).isCloseTo(2.0, within(0.01));
        assertThat(fit.floor()).isCloseTo(20_000, within(200.0));
        assertThat(fit.flat()).isFalse();
        assertThat(GrowthExponent.logLogSlope(SWEEP, costs(cost))).as("the floor biases the plain slope low")
                .isLessThan(1.9);
    }

    @Test
    void aQuadraticBehindAFloorFarAboveItsFirstPointStillReadsTwo() {
        // the harness's 50 µs against 80 ns × H²: the growing part is 0.2% of the cost at H = 1
        DoubleUnaryOperator cost = h -> 50_000 + 80 * h * h;

        assertThat(GrowthExponent.fit(SWEEP, costs(cost)).exponent()).isCloseTo(2.0, within(0.05));
        assertThat(GrowthExponent.logLogSlope(SWEEP, costs(cost))).isLessThan(1.0);
    }

    @Test
    void aLinearCostOverAFloorReadsOne() {
        DoubleUnaryOperator cost = h -> 30_000 + 30_000 * h;

        GrowthExponent.Fit fit = GrowthExponent.fit(SWEEP, costs(cost));

        assertThat(fit.exponent()).isCloseTo(1.0, within(0.01));
        assertThat(fit.at(256)).isCloseTo(cost.applyAsDouble(256), within(cost.applyAsDouble(256) * 0.01));
        assertThat(GrowthExponent.logLogSlope(SWEEP, costs(cost))).isLessThan(0.95);
    }

    @Test
    void aPurePowerWithoutFloorReadsItsPower() {
        assertThat(GrowthExponent.fit(SWEEP, costs(h -> 7 * Math.pow(h, 1.5))).exponent()).isCloseTo(1.5, within(0.01));
    }

    @Test
    void aFlatCostIsFlatWithExponentZero() {
        GrowthExponent.Fit fit = GrowthExponent.fit(SWEEP, new double[] {100_000, 100_400, 99_800, 100_300});

        assertThat(fit.flat()).isTrue();
        assertThat(fit.exponent()).isZero();
        assertThat(fit.floor()).isCloseTo(100_100, within(300.0));
    }

    @Test
    void noisyQuadraticForksReadTwoWithinPointTwoAndAreFlaggedSuperlinear() {
        DoubleUnaryOperator cost = h -> 20_000 + 20_000 * h * h;

        Estimate exponent = GrowthExponent.exponent(SWEEP, forks(cost, 3, 0.05, 7), 0.95, 1);

        assertThat(exponent.value()).isCloseTo(2.0, within(0.2));
        assertThat(exponent.low()).isGreaterThan(1.8);
        assertThat(exponent.high()).isLessThan(2.2);
        assertThat(GrowthExponent.superlinear(exponent)).isTrue();
    }

    @Test
    void noisyLinearForksReadOneWithinPointOneAndAreNotSuperlinear() {
        DoubleUnaryOperator cost = h -> 30_000 + 30_000 * h;

        Estimate exponent = GrowthExponent.exponent(SWEEP, forks(cost, 3, 0.03, 11), 0.95, 1);

        assertThat(exponent.value()).isCloseTo(1.0, within(0.1));
        assertThat(exponent.low()).isLessThanOrEqualTo(1.0).isGreaterThan(0.85);
        assertThat(GrowthExponent.superlinear(exponent)).isFalse();
    }

    @Test
    void noisyFlatForksReadZeroAndTheIntervalStaysNearIt() {
        Estimate exponent = GrowthExponent.exponent(SWEEP, forks(h -> 100_000, 3, 0.01, 3), 0.95, 1);

        assertThat(exponent.value()).isZero();
        assertThat(GrowthExponent.superlinear(exponent)).isFalse();
    }

    @Test
    void aRiseWithinTheForksScatterLeavesTheExponentUndeterminedAndAClearOneDoesNot() {
        double[] tokens = {16, 256, 2048};
        // a reply sweep whose cost rises 10% from 16 to 2,048 tokens, forks 12% apart: what a target that
        // barely notices its reply's length gives on a shared machine
        List<double[]> scattered = List.of(new double[] {265_000, 230_000, 300_000},
                new double[] {263_000, 300_000, 240_000}, new double[] {339_000, 270_000, 290_000});
        Estimate barely = GrowthExponent.exponent(tokens, scattered, 0.95, 1);
        assertThat(barely.high() - barely.low()).isGreaterThan(GrowthExponent.DETERMINED_WIDTH);
        assertThat(GrowthExponent.determined(barely)).isFalse();
        assertThat(GrowthExponent.superlinear(barely)).isFalse();

        Estimate linear = GrowthExponent.exponent(SWEEP, forks(h -> 30_000 + 30_000 * h, 3, 0.03, 11), 0.95, 1);
        assertThat(GrowthExponent.determined(linear)).isTrue();
        Estimate single = GrowthExponent.exponent(SWEEP, forks(h -> 1_000 + 10 * h * h, 1, 0.0, 1), 0.95, 1);
        assertThat(GrowthExponent.determined(single)).as("no interval, nothing against it").isTrue();
    }

    @Test
    void theIntervalWidensWithTheForksSpreadAndTheSameSeedGivesTheSameInterval() {
        DoubleUnaryOperator cost = h -> 20_000 + 20_000 * h;
        Estimate tight = GrowthExponent.exponent(SWEEP, forks(cost, 4, 0.01, 5), 0.95, 9);
        Estimate loose = GrowthExponent.exponent(SWEEP, forks(cost, 4, 0.20, 5), 0.95, 9);

        assertThat(loose.high() - loose.low()).isGreaterThan(tight.high() - tight.low());
        assertThat(GrowthExponent.exponent(SWEEP, forks(cost, 4, 0.20, 5), 0.95, 9)).isEqualTo(loose);
    }

    @Test
    void oneForkAPointHasNoIntervalAndIsFlaggedByItsExponent() {
        Estimate exponent = GrowthExponent.exponent(SWEEP, forks(h -> 1_000 + 10 * h * h, 1, 0.0, 1), 0.95, 1);

        assertThat(exponent.low()).isEqualTo(exponent.value()).isEqualTo(exponent.high());
        assertThat(exponent.value()).isCloseTo(2.0, within(0.01));
        assertThat(GrowthExponent.superlinear(exponent)).isTrue();
    }

    @Test
    void pointsThatCannotBeFittedAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> GrowthExponent.fit(new double[] {1, 16}, new double[] {1, 2}))
                .hasMessage("A growth exponent needs at least 3 points, got [2]");
        assertThatThrownBy(() -> GrowthExponent.fit(SWEEP, new double[] {1, 2, 0, 4}))
                .hasMessage("A cost must be above 0, was [0.0] at [64.0]");
        assertThatThrownBy(() -> GrowthExponent.fit(new double[] {1, 16, 16}, new double[] {1, 2, 3}))
                .hasMessage("A sweep's value [16.0] is there twice");
    }
}
