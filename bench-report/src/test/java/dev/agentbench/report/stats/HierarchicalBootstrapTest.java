package dev.agentbench.report.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.report.compare.RatioEstimate;
import dev.agentbench.report.compare.RatioOfMedians;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The interval of a cell's median and of a ratio, on forks of known distributions. */
class HierarchicalBootstrapTest {

    private static final int RESAMPLES = HierarchicalBootstrap.DEFAULT_RESAMPLES;
    private static final long SEED = HierarchicalBootstrap.DEFAULT_SEED;

    /** {@code n} times around {@code median} ns, log-normally spread by {@code sigma}. */
    static long[] logNormal(Random random, int n, double median, double sigma) {
        long[] samples = new long[n];
        for (int i = 0; i < n; i++) {
            samples[i] = Math.max(1, Math.round(median * Math.exp(sigma * random.nextGaussian())));
        }
        return samples;
    }

    /** One fork per median, each {@code n} samples spread by {@code sigma} around it. */
    static ForkSamples forks(Random random, int n, double sigma, double... medians) {
        List<long[]> forks = new ArrayList<>();
        for (double median : medians) {
            forks.add(logNormal(random, n, median, sigma));
        }
        return ForkSamples.of(forks);
    }

    private static long[] pooled(List<long[]> forks) {
        return forks.stream().flatMapToLong(LongStream::of).toArray();
    }

    @Test
    void theSameForksAndSeedGiveTheSameIntervalWhateverTheOrderOfTheSamples() {
        Random random = new Random(1);
        List<long[]> base = List.of(logNormal(random, 101, 300_000, 0.2), logNormal(random, 99, 320_000, 0.2));
        List<long[]> changed = List.of(logNormal(random, 80, 310_000, 0.2), logNormal(random, 120, 305_000, 0.2));
        Estimate first = HierarchicalBootstrap.ratio(ForkSamples.of(base), ForkSamples.of(changed), 0.99, RESAMPLES, SEED);
        assertThat(HierarchicalBootstrap.ratio(ForkSamples.of(base), ForkSamples.of(changed), 0.99, RESAMPLES, SEED))
                .isEqualTo(first);
        List<long[]> reversed = new ArrayList<>();
        for (long[] fork : base) {
            long[] backwards = new long[fork.length];
            for (int i = 0; i < fork.length; i++) {
                backwards[i] = fork[fork.length - 1 - i];
            }
            reversed.add(backwards);
        }
        assertThat(HierarchicalBootstrap.ratio(ForkSamples.of(reversed), ForkSamples.of(changed), 0.99, RESAMPLES, SEED))
                .isEqualTo(first);
        Estimate otherSeed = HierarchicalBootstrap.ratio(ForkSamples.of(base), ForkSamples.of(changed), 0.99,
                RESAMPLES, SEED + 1);
        assertThat(otherSeed.value()).isEqualTo(first.value());
        assertThat(otherSeed).isNotEqualTo(first);
        assertThat(otherSeed.low()).isCloseTo(first.low(), Offset.offset(0.02));
        assertThat(otherSeed.high()).isCloseTo(first.high(), Offset.offset(0.02));
    }

    @Test
    void theHeadlineIsTheMedianOfTheForksMedians() {
        ForkSamples cell = ForkSamples.of(List.of(new long[] {5, 1, 3}, new long[] {10, 20}, new long[] {7}));
        assertThat(cell.median()).as("median of 3, 15 and 7").isEqualTo(7.0);
        assertThat(cell.forks()).isEqualTo(3);
        assertThat(cell.samples()).isEqualTo(6);
        assertThat(ForkSamples.of(List.of(new long[] {4, 1, 3, 10}, new long[] {2})).median())
                .as("mean of the two fork medians 3.5 and 2").isEqualTo(2.75);
    }

    @Test
    void identicalForksGiveATightIntervalAroundTheRatio() {
        long[] fork = logNormal(new Random(2), 500, 200_000, 0.05);
        long[] slower = Arrays.stream(fork).map(sample -> Math.round(sample * 1.1)).toArray();
        ForkSamples base = ForkSamples.of(List.of(fork, fork, fork));
        ForkSamples changed = ForkSamples.of(List.of(slower, slower, slower));
        Estimate ratio = HierarchicalBootstrap.ratio(base, changed, 0.99, RESAMPLES, SEED);
        assertThat(ratio.value()).isCloseTo(1.1, Offset.offset(1e-4));
        assertThat(ratio.low()).isGreaterThan(1.08);
        assertThat(ratio.high()).isLessThan(1.12);
    }

    @Test
    void twoForksTwentyPercentApartGiveAnIntervalAsWideAsTheirSpreadWhereOneJvmEachGivesATightOne() {
        Random random = new Random(3);
        long[] fast = logNormal(random, 1_000, 100_000, 0.02);
        long[] slow = logNormal(random, 1_000, 120_000, 0.02);
        ForkSamples cell = ForkSamples.of(List.of(fast, slow));
        Estimate median = HierarchicalBootstrap.median(cell, 0.95, RESAMPLES, SEED);
        assertThat(median.value()).isCloseTo(110_000, Offset.offset(500.0));
        assertThat(median.low()).as("reaches down to the faster JVM").isLessThan(100_500);
        assertThat(median.high()).as("and up to the slower one").isGreaterThan(119_500);

        // the same code measured again in two such JVMs: the ratio may be anything within their spread
        ForkSamples again = ForkSamples.of(List.of(logNormal(random, 1_000, 100_000, 0.02),
                logNormal(random, 1_000, 120_000, 0.02)));
        Estimate ratio = HierarchicalBootstrap.ratio(cell, again, 0.99, RESAMPLES, SEED);
        assertThat(ratio.low()).isLessThan(100.0 / 120 + 0.01);
        assertThat(ratio.high()).isGreaterThan(120.0 / 100 - 0.01);
        assertThat(ratio.low() < 1 && ratio.high() > 1).as("holds 1: no change").isTrue();

        // one JVM a run, as results of format 1 had, and the within-JVM interval: a tight 1.2, a change that is not there
        RatioEstimate oneJvmEach = RatioOfMedians.estimate(fast, slow, 0.99, RESAMPLES, SEED);
        assertThat(oneJvmEach.ratio()).isCloseTo(1.2, Offset.offset(0.01));
        assertThat(oneJvmEach.high() - oneJvmEach.low()).isLessThan(0.01);
        assertThat(oneJvmEach.significantlySlower()).isTrue();
    }

    @Test
    void aSingleForkGivesTheWithinForkBootstrap() {
        Random random = new Random(4);
        long[] base = logNormal(random, 400, 300_000, 0.1);
        long[] changed = logNormal(random, 400, 330_000, 0.1);
        Estimate hierarchical = HierarchicalBootstrap.ratio(ForkSamples.of(List.of(base)),
                ForkSamples.of(List.of(changed)), 0.99, RESAMPLES, SEED);
        RatioEstimate withinFork = RatioOfMedians.estimate(base, changed, 0.99, RESAMPLES, SEED);
        assertThat(hierarchical.value()).isEqualTo(withinFork.ratio());
        // two bootstraps of one distribution, each with its own draws: the same bounds within their Monte Carlo error
        assertThat(hierarchical.low()).isCloseTo(withinFork.low(), Offset.offset(0.01));
        assertThat(hierarchical.high()).isCloseTo(withinFork.high(), Offset.offset(0.01));

        Estimate median = HierarchicalBootstrap.median(ForkSamples.of(List.of(new long[] {100, 100}, new long[] {100, 300})),
                0.8, 1_000, SEED);
        assertThat(median.value()).as("median of 100 and 200").isEqualTo(150.0);
    }

    @Test
    void runsOfTheSameCodeWithSpreadBetweenJvmsAreRarelyCalledDifferentWherePooledSamplesOftenAre() {
        Random random = new Random(5);
        int pairs = 60;
        int hierarchical = 0;
        int pooled = 0;
        for (int pair = 0; pair < pairs; pair++) {
            List<long[]> base = new ArrayList<>();
            List<long[]> changed = new ArrayList<>();
            for (int fork = 0; fork < 5; fork++) {
                // each JVM settles 5% away from the others, its samples 2% around that
                base.add(logNormal(random, 200, 300_000 * Math.exp(0.05 * random.nextGaussian()), 0.02));
                changed.add(logNormal(random, 200, 300_000 * Math.exp(0.05 * random.nextGaussian()), 0.02));
            }
            Estimate ratio = HierarchicalBootstrap.ratio(ForkSamples.of(base), ForkSamples.of(changed), 0.99, 2_000, SEED);
            if (ratio.low() > 1 || ratio.high() < 1) {
                hierarchical++;
            }
            RatioEstimate within = RatioOfMedians.estimate(pooled(base), pooled(changed), 0.99, 2_000, SEED);
            if (within.significantlySlower() || within.significantlyFaster()) {
                pooled++;
            }
        }
        assertThat(hierarchical).as("same code called different, forks resampled").isLessThanOrEqualTo(3);
        assertThat(pooled).as("same code called different, samples pooled").isGreaterThan(pairs / 3);
    }

    @Test
    void forksOfAHundredThousandSamplesTakeLessThanSecondsNotMinutes() {
        Random random = new Random(6);
        long started = System.nanoTime();
        ForkSamples base = forks(random, 100_000, 0.1, 180, 185, 190);
        ForkSamples changed = forks(random, 100_000, 0.1, 182, 186, 188);
        Estimate ratio = HierarchicalBootstrap.ratio(base, changed, 0.99, RESAMPLES, SEED);
        double seconds = (System.nanoTime() - started) / 1e9;
        assertThat(ratio.low()).isLessThan(1).isGreaterThan(0.9);
        assertThat(seconds).as("seconds to prepare and resample 600,000 samples").isLessThan(10);
    }

    @Test
    void theFewestSamplesForAnIntervalFollowTheConfidence() {
        assertThat(HierarchicalBootstrap.minSamples(0.95)).isEqualTo(6);
        assertThat(HierarchicalBootstrap.minSamples(0.99)).isEqualTo(8);
    }

    @Test
    void forksThatCannotBeResampledAreRefusedNamingTheForkAndValue() {
        assertThatThrownBy(() -> ForkSamples.of(List.of())).hasMessage("No forks: nothing to resample");
        assertThatThrownBy(() -> ForkSamples.of(List.of(new long[] {1}, new long[0])))
                .hasMessage("Fork [2] has no samples");
        assertThatThrownBy(() -> ForkSamples.of(List.of(new long[] {5, 0})))
                .hasMessage("Fork [1] has a sample of [0] ns; times must be positive");
        ForkSamples one = ForkSamples.of(List.of(new long[] {1, 2}));
        assertThatThrownBy(() -> HierarchicalBootstrap.median(one, 1.0, RESAMPLES, SEED))
                .hasMessage("Confidence [1.0] must be between 0 and 1");
        assertThatThrownBy(() -> HierarchicalBootstrap.ratio(one, one, 0.99, 1, SEED))
                .hasMessage("Resamples [1] are too few for confidence [0.99]");
    }
}
