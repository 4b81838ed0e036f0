package dev.agentbench.report.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.agentbench.report.stats.VarianceComponents.ForkValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class VarianceComponentsTest {

    /** Forks measured once each, at e^x for each x given. */
    private static List<ForkValue> run(double... logs) {
        return Arrays.stream(logs).mapToObj(log -> ForkValue.of(Math.exp(log))).toList();
    }

    @Test
    void twoRunsOfThreeForksSplitByHand() {
        // forks about their run's mean: ±0.1 in both runs, so the pooled variance is 0.04 / 4 = 0.01;
        // the runs' means 0 and 0.2 spread by 0.02, of which 0.01 / 3 the forks' own spread explains
        VarianceComponents components = VarianceComponents.of(List.of(run(0, 0.1, -0.1), run(0.2, 0.3, 0.1)));

        assertThat(components.within()).as("forks without samples").isNull();
        assertThat(components.betweenForks()).isCloseTo(0.01, offset(1e-12));
        assertThat(components.betweenRuns()).isCloseTo(0.02 - 0.01 / 3, offset(1e-12));
        assertThat(components.runs()).isEqualTo(2);
        assertThat(components.forks()).isEqualTo(6);
        assertThat(components.forksPerRun()).isCloseTo(3, offset(1e-12));
        assertThat(components.share(components.betweenForks())).isCloseTo(0.01 / (0.03 - 0.01 / 3), offset(1e-12));
        assertThat(components.halfWidth(3)).isCloseTo(VarianceComponents.Z95 * Math.sqrt(0.01 / 3), offset(1e-12));
        assertThat(components.runToRun(3)).isCloseTo(VarianceComponents.Z95 * Math.sqrt(2 * 0.02), offset(1e-12));
    }

    @Test
    void theForksARunNeedsAreNoneWhenWhatLiesBetweenRunsIsWiderByItself() {
        VarianceComponents components = VarianceComponents.of(List.of(run(0, 0.1, -0.1), run(0.2, 0.3, 0.1)));

        // between runs alone: 1.96 × √(2 × 0.0167) = ±36%, so ±5% cannot be reached by forks
        assertThat(components.forksFor(0.05)).isNull();
        // ±50%: 0.25 / (2 × 1.96²) = 0.0325 of which 0.0167 goes between runs; 0.01 / 0.0159 → 1 fork
        assertThat(components.forksFor(0.50)).isEqualTo(1);
        // ±40%: 0.16 / 7.68 = 0.0208 less 0.0167 leaves 0.0042; 0.01 / 0.0042 → 3 forks
        assertThat(components.forksFor(0.40)).isEqualTo(3);
        assertThat(components.runToRun(3)).isLessThanOrEqualTo(0.40);
        assertThat(components.runToRun(2)).isGreaterThan(0.40);
    }

    @Test
    void runsThatAgreeBetterThanTheirForksSayHaveNothingBetweenThem() {
        // both runs' forks at -0.1, 0, 0.1: the means are equal, the estimate below 0 is 0
        VarianceComponents components = VarianceComponents.of(List.of(run(-0.1, 0, 0.1), run(0.1, 0, -0.1)));

        assertThat(components.betweenRuns()).isZero();
        assertThat(components.forksFor(0.05)).as("1.96² × 2 × 0.01 / k ≤ 0.05²").isEqualTo(31);
    }

    @Test
    void cellsArePooledByTheirEstimatesAsTheyAreBelowZeroToo() {
        VarianceComponents moved = VarianceComponents.of(List.of(run(0, 0.1, -0.1), run(0.2, 0.3, 0.1)));
        VarianceComponents still = VarianceComponents.of(List.of(run(-0.1, 0, 0.1), run(0.1, 0, -0.1)));
        assertThat(still.runEstimate()).as("the runs agree better than their forks").isCloseTo(-0.01 / 3, offset(1e-12));

        VarianceComponents pooled = VarianceComponents.pooled(List.of(moved, still));

        assertThat(pooled.betweenForks()).isCloseTo(0.01, offset(1e-12));
        assertThat(pooled.betweenRuns()).isCloseTo((0.02 - 0.01 / 3 - 0.01 / 3) / 2, offset(1e-12));
        assertThat(pooled.forks()).isEqualTo(12);
        assertThat(pooled.within()).isNull();
        assertThatThrownBy(() -> VarianceComponents.pooled(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void oneRunHasNothingBetweenRuns() {
        VarianceComponents components = VarianceComponents.of(List.of(run(0, 0.1, -0.1)));

        assertThat(components.betweenRuns()).isNull();
        assertThat(components.runs()).isEqualTo(1);
        assertThat(components.betweenForks()).isCloseTo(0.01, offset(1e-12));
    }

    @Test
    void forksOfOneRunEachCannotBeToldApart() {
        assertThatThrownBy(() -> VarianceComponents.of(List.of(run(0), run(0.1), List.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two forks");
    }

    @Test
    void theWithinPartIsTheSamplingVarianceOfEachForksMedian() {
        // logs -1, 0, 1: median 0, median absolute deviation 1, s = 1.4826
        double[] samples = {Math.exp(-1), 1, Math.exp(1)};
        double expected = Math.PI / 2 * 1.4826 * 1.4826 / 3;
        assertThat(VarianceComponents.medianVariance(samples)).isCloseTo(expected, offset(1e-12));

        VarianceComponents components = VarianceComponents.of(List.of(List.of(new ForkValue(1, samples),
                new ForkValue(Math.exp(0.1), samples))));
        assertThat(components.within()).isCloseTo(expected, offset(1e-12));
        assertThat(components.betweenForks()).as("0.005 between the forks is less than the within part").isZero();
        assertThat(components.samplesPerFork()).isEqualTo(3);
    }

    @Test
    void samplesOfNothingCountAsTheSmallestAboveNothing() {
        double[] samples = {0, 0, 0, 1000, 1000, 1000, 1000};
        assertThat(VarianceComponents.medianVariance(samples)).isZero();
    }

    /**
     * Runs drawn with known parts, spreads 5% between runs, 10% between forks and 20% between samples:
     * the estimates land near them, each level apart from the others.
     */
    @Test
    void drawnRunsGiveBackTheSpreadsTheyWereDrawnWith() {
        Random random = new Random(20_261_207L);
        int samples = 400;
        List<List<ForkValue>> runs = new ArrayList<>();
        for (int r = 0; r < 40; r++) {
            double run = 0.05 * random.nextGaussian();
            List<ForkValue> forks = new ArrayList<>();
            for (int f = 0; f < 8; f++) {
                double fork = run + 0.10 * random.nextGaussian();
                double[] drawn = new double[samples];
                for (int i = 0; i < samples; i++) {
                    drawn[i] = Math.exp(fork + 0.20 * random.nextGaussian());
                }
                double[] sorted = drawn.clone();
                Arrays.sort(sorted);
                forks.add(new ForkValue((sorted[samples / 2 - 1] + sorted[samples / 2]) / 2, drawn));
            }
            runs.add(forks);
        }

        VarianceComponents components = VarianceComponents.of(runs);

        assertThat(Math.sqrt(components.within())).as("the median's sampling spread, √(π/2 × 0.04 / 400)")
                .isCloseTo(Math.sqrt(Math.PI / 2 * 0.04 / samples), offset(0.002));
        assertThat(Math.sqrt(components.betweenForks())).isCloseTo(0.10, offset(0.01));
        assertThat(Math.sqrt(components.betweenRuns())).isCloseTo(0.05, offset(0.015));
    }
}
