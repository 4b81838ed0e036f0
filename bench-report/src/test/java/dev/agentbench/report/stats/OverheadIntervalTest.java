package dev.agentbench.report.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The difference of two cells' medians (a target's overhead over the baseline) with its interval. */
class OverheadIntervalTest {

    /** Three forks of 200 samples each around {@code medians}, every sample shifted by {@code shiftNanos}. */
    private static ForkSamples forks(long seed, long shiftNanos, double... medians) {
        Random random = new Random(seed);
        List<long[]> forks = new ArrayList<>();
        for (double median : medians) {
            long[] fork = HierarchicalBootstrapTest.logNormal(random, 200, median, 0.05);
            for (int i = 0; i < fork.length; i++) {
                fork[i] += shiftNanos;
            }
            forks.add(fork);
        }
        return ForkSamples.of(forks);
    }

    @Test
    void forksExactly40MicrosecondsSlowerGivePlus40WithAnIntervalThatHoldsIt() {
        ForkSamples base = forks(7, 0, 170_000, 176_000, 181_000);
        ForkSamples slower = forks(7, 40_000, 170_000, 176_000, 181_000);

        Estimate overhead = ForkIntervals.difference(base, slower, 0.95);

        assertThat(overhead.value()).isEqualTo(40_000.0);
        assertThat(overhead.low()).isLessThanOrEqualTo(40_000.0).isGreaterThan(20_000.0);
        assertThat(overhead.high()).isGreaterThanOrEqualTo(40_000.0).isLessThan(60_000.0);
    }

    @Test
    void aTargetFasterThanTheBaselineHasANegativeOverhead() {
        ForkSamples base = forks(7, 40_000, 170_000, 176_000, 181_000);
        ForkSamples faster = forks(7, 0, 170_000, 176_000, 181_000);

        Estimate overhead = ForkIntervals.difference(base, faster, 0.95);

        assertThat(overhead.value()).isEqualTo(-40_000.0);
        assertThat(overhead.high()).isLessThan(0);
        assertThat(overhead.low()).isLessThanOrEqualTo(-40_000.0);
    }

    @Test
    void forksThatSpreadWidelyGiveAWiderIntervalThanForksThatAgree() {
        ForkSamples base = forks(3, 0, 176_000, 176_000, 176_000);
        Estimate agreeing = ForkIntervals.difference(base, forks(5, 0, 216_000, 216_000, 216_000), 0.95);
        Estimate spread = ForkIntervals.difference(base, forks(5, 0, 190_000, 216_000, 242_000), 0.95);

        assertThat(spread.high() - spread.low()).isGreaterThan(4 * (agreeing.high() - agreeing.low()));
        assertThat(spread.low()).isLessThan(40_000.0);
        assertThat(spread.high()).isGreaterThan(40_000.0);
    }

    @Test
    void forksKnownByOneValueEachGiveTheIntervalBetweenJvms() {
        ForkSamples base = ForkSamples.ofValues(new double[] {100_000, 102_000, 98_000}, 3);
        ForkSamples more = ForkSamples.ofValues(new double[] {140_000, 142_000, 138_000}, 3);

        Estimate overhead = ForkIntervals.difference(base, more, 0.95);

        assertThat(overhead.value()).isEqualTo(40_000.0);
        assertThat(overhead.low()).isBetween(30_000.0, 40_000.0);
        assertThat(overhead.high()).isBetween(40_000.0, 50_000.0);
    }
}
