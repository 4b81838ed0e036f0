package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.TimeStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Allocation judged beside time: one fork a side is enough, its interval the memory pass's own; a
 * change within the threshold, or under the floor in bytes, is no regression; and the summary line
 * says which figure moved.
 */
class AllocationChangeTest {

    /** Memory-pass samples about {@code bytes}, a few iterations off by up to 1% as real ones are. */
    private static long[] allocations(long bytes, long seed) {
        Random random = new Random(seed);
        return LongStream.range(0, 100)
                .map(i -> i % 10 == 0 ? bytes + random.nextInt((int) Math.max(1, bytes / 100)) : bytes).toArray();
    }

    private static Fork fork(int number, long time, long[] allocations) {
        long[] times = LongStream.range(0, 50).map(i -> time + i).toArray();
        double allocated = TwoRuns.stats(allocations).median();
        return new Fork(number, TwoRuns.stats(times), LongStream.of(times).boxed().toList(), null, true, 1.0, null,
                new Memory(allocated, true, null, null, LongStream.of(allocations).boxed().toList()), null, null, null,
                List.of(), List.of());
    }

    /** An OK turn1 cell of one fork a side and more, each fork's allocation as given. */
    private static CellResult cell(String target, long time, long[]... forks) {
        List<Fork> all = new ArrayList<>();
        double[] bytes = new double[forks.length];
        for (int i = 0; i < forks.length; i++) {
            all.add(fork(i + 1, time, forks[i]));
            bytes[i] = all.get(i).memory().allocatedBytesPerOp();
        }
        java.util.Arrays.sort(bytes);
        double median = bytes.length % 2 == 1 ? bytes[bytes.length / 2]
                : (bytes[bytes.length / 2 - 1] + bytes[bytes.length / 2]) / 2;
        TimeStats stats = all.get(0).time();
        return new CellResult(target, "turn1", 1, "turn1", CellStatus.OK, null, stats, 0, true, 1.0, List.of(),
                new Memory(median, true, null, null), null, null, null, List.of(), all, null, List.of());
    }

    private static CellComparison compare(CellResult base, CellResult changed, CompareOptions options) {
        return Comparison.of(TwoRuns.run("base", List.of(base)), TwoRuns.run("new", List.of(changed)), options).cells().get(0);
    }

    @Test
    void fivePercentMoreWithOneForkASideIsARegressionOfAllocation() {
        CellResult base = cell("calibration", 100_000, allocations(20_000, 1));
        CellResult more = cell("calibration", 100_000, allocations(21_000, 2));
        CellComparison cell = compare(base, more, CompareOptions.defaults());

        assertThat(cell.verdict()).as("time needs two forks a side").isEqualTo(Verdict.TOO_FEW_FORKS);
        assertThat(cell.allocation().verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(cell.allocation().estimate().ratio()).isCloseTo(1.05, org.assertj.core.data.Offset.offset(0.001));
        assertThat(cell.allocation().estimate().low()).isGreaterThan(1.0);
        assertThat(cell.regression()).isTrue();
        assertThat(cell.allocationJudged()).isTrue();
        assertThat(cell.judged()).as("its allocation, though not its time").isTrue();

        Comparison comparison = Comparison.of(TwoRuns.run("base", List.of(base)), TwoRuns.run("new", List.of(more)),
                CompareOptions.defaults());
        assertThat(comparison.hasRegression()).isTrue();
        String markdown = CompareMarkdown.render(comparison);
        assertThat(markdown).contains("**1 regression** in 1 cell compared: `calibration/turn1` allocation 1.050×.")
                .contains("## Allocation per operation")
                .contains("| turn1 | calibration | 19.5 KiB | 20.5 KiB | 1.050× |")
                .contains("its allocation is judged above");
        assertThat(CompareJson.render(comparison)).contains("\"allocation\" : {").contains("\"verdict\" : \"REGRESSION\"");
    }

    @Test
    void theSameCodeInAnotherJvmIsNoChangeAndLessIsAnImprovement() {
        CellResult base = cell("calibration", 100_000, allocations(20_000, 1));
        CellComparison same = compare(base, cell("calibration", 100_000, allocations(20_000, 7)),
                CompareOptions.defaults());
        assertThat(same.allocation().verdict()).isEqualTo(Verdict.WITHIN_THRESHOLD);
        assertThat(same.regression()).isFalse();

        // 2% more: significant within the JVM, but within the 3% threshold
        CellComparison slight = compare(base, cell("calibration", 100_000, allocations(20_400, 3)),
                CompareOptions.defaults());
        assertThat(slight.allocation().verdict()).isEqualTo(Verdict.WITHIN_THRESHOLD);
        assertThat(compare(base, cell("calibration", 100_000, allocations(20_400, 3)),
                CompareOptions.defaults().withAllocationThreshold(0.01)).allocation().verdict())
                .isEqualTo(Verdict.REGRESSION);

        CellComparison less = compare(base, cell("calibration", 100_000, allocations(18_000, 4)),
                CompareOptions.defaults());
        assertThat(less.allocation().verdict()).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(CompareMarkdown.render(Comparison.of(TwoRuns.run("base", List.of(base)),
                TwoRuns.run("new", List.of(cell("calibration", 100_000, allocations(18_000, 4)))), CompareOptions.defaults())))
                .contains("**No regression** in 1 cell compared; 1 allocation improvement.");
    }

    @Test
    void aChangeOfAFewObjectsIsNotCountedHowEverManyPercentItIs() {
        // 400 → 440 bytes is 10%, and 40 bytes: under the 64-byte floor
        CellComparison small = compare(cell("noop", 100, allocations(400, 1)), cell("noop", 100, allocations(440, 2)),
                CompareOptions.defaults());
        assertThat(small.allocation().verdict()).isEqualTo(Verdict.WITHIN_THRESHOLD);
        // 400 → 480 is past it
        CellComparison past = compare(cell("noop", 100, allocations(400, 1)), cell("noop", 100, allocations(480, 2)),
                CompareOptions.defaults());
        assertThat(past.allocation().verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void forksThatDisagreeWidenTheIntervalBeyondAVerdict() {
        // two JVMs a side, 10% apart within each side: 5% more is not told from the spread
        CellResult base = cell("calibration", 100_000, allocations(19_000, 1), allocations(21_000, 2));
        CellResult more = cell("calibration", 100_000, allocations(19_950, 3), allocations(22_050, 4));
        CellComparison cell = compare(base, more, CompareOptions.defaults());
        assertThat(cell.allocation().estimate().ratio()).isCloseTo(1.05, org.assertj.core.data.Offset.offset(0.001));
        assertThat(cell.allocation().verdict()).isEqualTo(Verdict.NOT_SIGNIFICANT);
    }

    @Test
    void aCellWithoutAllocationHasNoneAndOneWithoutSamplesOfOneForkSaysWhy() {
        CellResult timeOnly = TwoRuns.ok("raw", "turn1", 1, TwoRuns.spread(1_000, 1, 20), TwoRuns.spread(1_000, 1, 20));
        assertThat(compare(timeOnly, timeOnly, CompareOptions.defaults()).allocation()).isNull();

        CellResult withoutSamples = new CellResult("raw", "turn1", 1, "turn1", CellStatus.OK, null,
                TwoRuns.stats(1_000), 0, true, 1.0, List.of(), new Memory(2_000.0, true, null, null), null, null, null,
                List.of(), List.of(new Fork(1, TwoRuns.stats(1_000), List.of(1_000L), null, true, 1.0, null,
                        new Memory(2_000.0, true, null, null), null, null, null, List.of(), List.of())),
                null, List.of());
        AllocationChange change = compare(withoutSamples, withoutSamples, CompareOptions.defaults()).allocation();
        assertThat(change.verdict()).isNull();
        assertThat(change.note()).contains("no memory-pass samples");
    }
}
