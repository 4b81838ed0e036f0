package dev.agentbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Noise;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.core.measure.Measurement;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Disturbed forks and outlier forks: the thresholds, the rule, and what a cell makes of them. */
class NoiseForksTest {

    private static final CellKind KIND = CellKind.of(BenchmarkKind.SESSIONS);
    private static final PlannedCell CELL = new PlannedCell("raw", "turn1", 1);
    private static final NoiseGuard GUARD = new NoiseGuard(25, 10);

    /** A fork's result: 99 samples around {@code median} ns, with {@code noise} read over its pass. */
    private static CellResult fork(int fork, long median, Noise noise) {
        long[] samples = LongStream.range(0, 99).map(i -> median - 49 + i).toArray();
        CellResult result = new Measurement(samples, null, new Cpu(median * 0.9, 1, 1), null, null, null, List.of())
                .toResult(CELL, fork, null);
        return noise == null ? result : GUARD.judge(withNoise(result, noise));
    }

    private static CellResult withNoise(CellResult result, Noise noise) {
        Fork one = result.forks().get(0).withNoise(noise);
        return new CellResult(result.target(), result.benchmark(), result.concurrency(), result.name(), result.status(),
                null, result.time(), 0, null, null, List.of(), null, null, null, null, List.of(), List.of(one),
                result.cpu(), List.of());
    }

    private static Noise others(double percent) {
        return new Noise(3.0, 2, 0.0, percent, false);
    }

    @Test
    void aForkIsDisturbedAboveEitherThresholdAndNeverWithoutAReading() {
        assertThat(GUARD.disturbed(others(25))).isFalse();
        assertThat(GUARD.disturbed(others(25.1))).isTrue();
        assertThat(GUARD.disturbed(new Noise(3, 2, 10.5, 1, false))).as("steal").isTrue();
        assertThat(GUARD.disturbed(new Noise(3, 2, null, 1, false))).as("steal not counted").isFalse();
        assertThat(GUARD.disturbed(null)).isFalse();
        assertThat(fork(1, 1000, others(62)).forks().get(0).disturbed()).isTrue();
        assertThat(fork(1, 1000, others(3)).forks().get(0).disturbed()).isFalse();
        assertThatThrownBy(() -> new NoiseGuard(0, 10)).hasMessageContaining("noise threshold [0.0]");
        assertThatThrownBy(() -> new NoiseGuard(101, 10)).hasMessageContaining("[101.0]");
    }

    @Test
    void aMedianIsAnOutlierOnlyBeyondThreeSpreadsAndAQuarterOfTheNearestSibling() {
        // the llmagent forks: 562 µs against 220 and 224 µs
        assertThat(OutlierForks.outlier(562, new double[] {220, 224})).isTrue();
        assertThat(OutlierForks.outlier(224, new double[] {220, 562})).isFalse();
        // beyond 3 spreads (3 × 4) but by less than a quarter of 224
        assertThat(OutlierForks.outlier(250, new double[] {220, 224})).isFalse();
        // beyond a quarter, but within 3 spreads of siblings far apart
        assertThat(OutlierForks.outlier(400, new double[] {200, 300})).isFalse();
        assertThat(OutlierForks.outlier(100, new double[] {220, 224})).as("faster counts too").isTrue();
        assertThat(OutlierForks.outlier(562, new double[] {220})).as("one sibling has no spread").isFalse();
    }

    @Test
    void anOutlierForkIsNamedWithBothMediansAndTheHeadlineStaysAtTheOthersLevel() {
        CellResult merged = ForkMerge.merge(CELL, List.of(fork(1, 220_000, others(2)), fork(2, 562_000, others(3)),
                fork(3, 224_000, others(1))), "Fork", 3, KIND);

        assertThat(merged.forks()).extracting(Fork::outlier).containsExactly(false, true, false);
        assertThat(merged.time().median()).isEqualTo(224_000);
        assertThat(merged.warnings()).containsExactly("fork 2 is an outlier of its own JVM: median 562.0 µs against"
                + " 220.0–224.0 µs; CPU 505.8 µs/op against 198.0–201.6 µs");
        assertThat(merged.disturbed()).isFalse();
    }

    @Test
    void aDisturbedForkRerunIsKeptOutOfTheStatisticsAndOneNotReplacedStaysInAndSaysSo() {
        CellResult replaced = ForkMerge.merge(CELL, List.of(fork(1, 1000, others(1)),
                NoiseGuard.excluded(fork(2, 5000, others(70))), fork(3, 1010, others(2)), fork(4, 990, others(1))),
                "Fork", 3, KIND);
        assertThat(replaced.forks()).hasSize(4).extracting(Fork::excluded).containsExactly(false, true, false, false);
        assertThat(replaced.forksOrSelf()).extracting(Fork::fork).containsExactly(1, 3, 4);
        assertThat(replaced.time().median()).isEqualTo(1000);
        assertThat(replaced.time().max()).as("pooled over the forks in the statistics").isEqualTo(1010 + 49);
        assertThat(replaced.disturbed()).isFalse();
        assertThat(replaced.warnings()).containsExactly("fork 2 was disturbed by the machine (others 70.0% of 2 CPUs"
                + " over 3.0 s, steal 0.0%): out of the statistics, a rerun replaced it");

        CellResult stayed = ForkMerge.merge(CELL, List.of(fork(1, 1000, others(1)), fork(2, 1500, others(70)),
                fork(3, 1010, others(2))), "Fork", 3, KIND);
        assertThat(stayed.disturbed()).isTrue();
        assertThat(stayed.forks()).extracting(Fork::outlier).as("a disturbed fork is no outlier of its own JVM")
                .containsExactly(false, false, false);
        assertThat(stayed.warnings()).singleElement().asString().contains("fork 2 was disturbed")
                .endsWith("no clean rerun replaced it, it is in the statistics");
        assertThat(NoiseGuard.aboutNoise(stayed.warnings().get(0))).isTrue();
        assertThat(NoiseGuard.aboutNoise("fork 1: close() did not return in 10 s")).isFalse();
    }
}
