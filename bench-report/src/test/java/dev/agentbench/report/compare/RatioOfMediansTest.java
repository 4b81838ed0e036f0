package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The within-JVM statistic and its interval, on samples of known distributions. {@code compare}
 * judges by the hierarchical interval instead; {@code HierarchicalBootstrapTest} shows where the two
 * part.
 */
class RatioOfMediansTest {

    private static final double CONFIDENCE = 0.99;
    private static final int RESAMPLES = 5_000;
    private static final long SEED = CompareOptions.DEFAULT_SEED;

    /** {@code n} times around {@code median} ns, log-normally spread by {@code sigma}. */
    static long[] logNormal(Random random, int n, double median, double sigma) {
        long[] samples = new long[n];
        for (int i = 0; i < n; i++) {
            samples[i] = Math.max(1, Math.round(median * Math.exp(sigma * random.nextGaussian())));
        }
        return samples;
    }

    static long[] scaled(long[] samples, double factor) {
        return Arrays.stream(samples).map(sample -> Math.round(sample * factor)).toArray();
    }

    private static RatioEstimate estimate(long[] base, long[] changed) {
        return RatioOfMedians.estimate(base, changed, CONFIDENCE, RESAMPLES, SEED);
    }

    @Test
    void theMedianIsTheMiddleSampleOrTheMeanOfTheTwoMiddleOnes() {
        assertThat(RatioOfMedians.median(new long[] {5, 1, 3})).isEqualTo(3.0);
        assertThat(RatioOfMedians.median(new long[] {4, 1, 3, 10})).isEqualTo(3.5);
        assertThat(RatioOfMedians.median(new long[] {7})).isEqualTo(7.0);
        assertThatThrownBy(() -> RatioOfMedians.median(new long[0])).hasMessage("No samples: no median");
    }

    @Test
    void equalSamplesGiveARatioOf1AndAnIntervalHolding1() {
        long[] samples = logNormal(new Random(1), 200, 300_000, 0.05);
        RatioEstimate same = estimate(samples, samples.clone());
        assertThat(same.ratio()).isEqualTo(1.0);
        assertThat(same.low()).isLessThanOrEqualTo(1.0).isGreaterThan(0.97);
        assertThat(same.high()).isGreaterThanOrEqualTo(1.0).isLessThan(1.03);
        assertThat(same.significantlySlower()).isFalse();
        assertThat(same.significantlyFaster()).isFalse();

        RatioEstimate constant = estimate(new long[] {300, 300, 300, 300, 300, 300, 300, 300},
                new long[] {300, 300, 300, 300, 300, 300, 300, 300});
        assertThat(constant).isEqualTo(new RatioEstimate(1.0, 1.0, 1.0));
        assertThat(Comparison.verdict(constant, 0.0)).isEqualTo(Verdict.WITHIN_THRESHOLD);
    }

    @Test
    void twoDrawsOfOneDistributionAreWithinTheThreshold() {
        Random random = new Random(2);
        RatioEstimate estimate = estimate(logNormal(random, 400, 300_000, 0.1), logNormal(random, 400, 300_000, 0.1));
        assertThat(estimate.low()).isLessThan(1.0);
        assertThat(estimate.high()).isGreaterThan(1.0);
        assertThat(Comparison.verdict(estimate, 0.05)).isEqualTo(Verdict.WITHIN_THRESHOLD);
    }

    @Test
    void twentyPercentSlowerIsARegressionAndTheIntervalHoldsTheTrueRatio() {
        Random random = new Random(3);
        long[] base = logNormal(random, 300, 1_500_000, 0.1);
        long[] slower = logNormal(random, 300, 1_800_000, 0.1);
        RatioEstimate estimate = estimate(base, slower);
        assertThat(estimate.ratio()).isBetween(1.15, 1.25);
        assertThat(estimate.low()).isGreaterThan(1.0).isLessThan(1.2);
        assertThat(estimate.high()).isGreaterThan(1.2);
        assertThat(Comparison.verdict(estimate, 0.05)).isEqualTo(Verdict.REGRESSION);
        // the other way round, the same change is an improvement
        assertThat(Comparison.verdict(estimate(slower, base), 0.05)).isEqualTo(Verdict.IMPROVEMENT);
        // and a threshold above the change lets it pass
        assertThat(Comparison.verdict(estimate, 0.25)).isEqualTo(Verdict.WITHIN_THRESHOLD);
    }

    @Test
    void aSmallShiftInHeavyNoiseIsNotSignificantButTheSameShiftInLittleNoiseIs() {
        long[] noisy = logNormal(new Random(4), 20, 300_000, 0.6);
        RatioEstimate inNoise = estimate(noisy, scaled(noisy, 1.08));
        assertThat(inNoise.ratio()).isCloseTo(1.08, org.assertj.core.data.Offset.offset(0.001));
        assertThat(inNoise.low()).isLessThan(1.0);
        assertThat(Comparison.verdict(inNoise, 0.05)).isEqualTo(Verdict.NOT_SIGNIFICANT);

        Random random = new Random(5);
        RatioEstimate quiet = estimate(logNormal(random, 400, 300_000, 0.02), logNormal(random, 400, 324_000, 0.02));
        assertThat(Comparison.verdict(quiet, 0.05)).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void theSameInputsAndSeedGiveTheSameIntervalAndTheSeedIsWhatDecidesIt() {
        Random random = new Random(6);
        long[] base = logNormal(random, 101, 300_000, 0.3);
        long[] changed = logNormal(random, 99, 310_000, 0.3);
        RatioEstimate first = estimate(base, changed);
        assertThat(estimate(base.clone(), changed.clone())).isEqualTo(first);
        // the order samples were measured in does not matter either
        long[] reversed = new long[base.length];
        for (int i = 0; i < base.length; i++) {
            reversed[i] = base[base.length - 1 - i];
        }
        assertThat(estimate(reversed, changed)).isEqualTo(first);
        RatioEstimate otherSeed = RatioOfMedians.estimate(base, changed, CONFIDENCE, RESAMPLES, SEED + 1);
        assertThat(otherSeed.ratio()).isEqualTo(first.ratio());
        assertThat(otherSeed).isNotEqualTo(first);
        // Monte Carlo error of a bound with 5,000 resamples: well under a percent here
        assertThat(otherSeed.low()).isCloseTo(first.low(), org.assertj.core.data.Offset.offset(0.02));
        assertThat(otherSeed.high()).isCloseTo(first.high(), org.assertj.core.data.Offset.offset(0.02));
    }

    @Test
    void twoRunsOfOneDistributionAreCalledSignificantlyDifferentAboutAsRarelyAsTheConfidenceSays() {
        Random random = new Random(7);
        int pairs = 300;
        int excluded = 0;
        for (int pair = 0; pair < pairs; pair++) {
            RatioEstimate estimate = RatioOfMedians.estimate(logNormal(random, 100, 300_000, 0.2),
                    logNormal(random, 100, 300_000, 0.2), CONFIDENCE, 2_000, SEED);
            if (estimate.significantlySlower() || estimate.significantlyFaster()) {
                excluded++;
            }
        }
        // 99%: about 3 of 300 by chance; a method that ignored the spread would exclude 1 far more often
        assertThat(excluded).isLessThanOrEqualTo(9);
    }

    @Test
    void aMedianOfTheDrawIsTheMedianASortWouldGive() {
        // with two samples, a draw's median is the low one, their mean or the high one (1/4, 1/2, 1/4):
        // an 80% interval's bounds (the 101st smallest and largest of 1,000) are the low and the high one
        RatioEstimate estimate = RatioOfMedians.estimate(new long[] {100, 100}, new long[] {100, 300}, 0.8, 1_000, SEED);
        assertThat(estimate.ratio()).isEqualTo(2.0);
        assertThat(estimate.low()).isEqualTo(1.0);
        assertThat(estimate.high()).isEqualTo(3.0);
    }

    @Test
    void samplesThatCannotBeTimesAreRefused() {
        assertThatThrownBy(() -> estimate(new long[0], new long[] {1}))
                .hasMessage("The base run has no samples");
        assertThatThrownBy(() -> estimate(new long[] {1}, new long[] {5, 0}))
                .hasMessage("The new run has a sample of [0] ns; times must be positive");
    }
}
