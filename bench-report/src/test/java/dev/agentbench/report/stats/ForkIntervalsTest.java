package dev.agentbench.report.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ForkIntervalsTest {

    /** Forks of 2,000 samples each around the given medians, with 3% noise. */
    private static ForkSamples forks(long seed, double... medians) {
        Random random = new Random(seed);
        List<long[]> forks = new ArrayList<>();
        for (double median : medians) {
            long[] samples = new long[2_000];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = Math.round(median * Math.exp(0.03 * random.nextGaussian()));
            }
            forks.add(samples);
        }
        return ForkSamples.of(forks);
    }

    @Test
    void twoJvmsAgainstTwoThatFellApartByChanceAreNotADifference() {
        // measured: ADK's turn1 in two runs of the same jar, forks at 197 and 199 µs, then 175 and 192 µs;
        // a bootstrap of forks and samples gave 0.875–0.980 at 99%, an "improvement" from noise
        Estimate ratio = ForkIntervals.ratio(forks(1, 197_000, 199_000), forks(2, 175_000, 192_000), 0.99);

        assertThat(ratio.value()).isCloseTo(0.93, within(0.01));
        assertThat(ratio.low()).isLessThan(0.8);
        assertThat(ratio.high()).isGreaterThan(1.0);
    }

    @Test
    void aTenPercentSlowdownInJvmsThatAgreeIsStillShown() {
        // the calibration target: forks agree within a few tenths of a percent
        Estimate ratio = ForkIntervals.ratio(forks(3, 500_000, 501_500), forks(4, 550_000, 551_000), 0.99);

        assertThat(ratio.value()).isCloseTo(1.10, within(0.005));
        assertThat(ratio.low()).isGreaterThan(1.0);
    }

    @Test
    void forksThatAgreeExactlyStillCarryTheErrorOfTheirSamples() {
        ForkSamples same = forks(5, 100_000, 100_000);
        Estimate median = ForkIntervals.median(same, 0.95);

        // Welch's t alone would give an interval of no width; the bootstrap within the forks does not
        assertThat(median.high() - median.low()).isPositive();
        assertThat(median.low()).isLessThanOrEqualTo(median.value());
        assertThat(median.high()).isGreaterThanOrEqualTo(median.value());
    }

    @Test
    void aCellsIntervalWidensWithTheSpreadBetweenItsJvms() {
        Estimate tight = ForkIntervals.median(forks(6, 174_400, 174_700), 0.95);
        Estimate loose = ForkIntervals.median(forks(7, 175_000, 192_000), 0.95);

        assertThat(tight.high() / tight.low()).isLessThan(1.05);
        assertThat(loose.high() / loose.low()).isGreaterThan(1.5);
    }

    @Test
    void theTQuantilesAreStudentsT() {
        assertThat(ForkIntervals.quantile(0.95, 1)).isCloseTo(12.706, within(0.001));
        assertThat(ForkIntervals.quantile(0.99, 10)).isCloseTo(3.169, within(0.001));
    }
}
