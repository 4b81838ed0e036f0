package dev.agentbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.measure.Measurement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parent's merge of a cell's forks: what the cell says of its forks' warnings. */
class ForkMergeTest {

    private static final CellKind KIND = CellKind.of(BenchmarkKind.SESSIONS);
    private static final PlannedCell CELL = new PlannedCell("raw", "turn1", 1);
    private static final String HUNG = "close() did not return in 10 s";
    private static final String THREW = "close() failed: java.lang.IllegalStateException: no";

    /** What fork {@code fork}'s child writes: samples around {@code median} ns, and {@code warnings}. */
    private static CellResult fork(int fork, long median, String... warnings) {
        return new Measurement(new long[] {median - 10, median, median + 10}, null, null, null, null, null, List.of())
                .toResult(CELL, fork, null, List.of(warnings));
    }

    @Test
    void aCellOfOneForkHasItsWarningsAsTheyAre() {
        CellResult merged = ForkMerge.merge(CELL, List.of(fork(1, 100, HUNG)), "Fork", 1, KIND);

        assertThat(merged.status()).isEqualTo(CellStatus.OK);
        assertThat(merged.warnings()).containsExactly(HUNG);
        assertThat(merged.forks().get(0).warnings()).containsExactly(HUNG);
        assertThat(ForkMerge.merge(CELL, List.of(fork(1, 100)), "Fork", 1, KIND).warnings()).isEmpty();
    }

    @Test
    void aCellOfSeveralForksHasTheirWarningsInForkOrderEachNamedByItsForkAndEachOnce() {
        CellResult merged = ForkMerge.merge(CELL, List.of(fork(1, 100, HUNG), fork(2, 110), fork(3, 120, THREW, HUNG,
                THREW)), "Fork", 3, KIND);

        assertThat(merged.status()).isEqualTo(CellStatus.OK);
        assertThat(merged.time().median()).as("the figures do not care").isEqualTo(110);
        assertThat(merged.warnings()).containsExactly("fork 1: " + HUNG, "fork 3: " + THREW, "fork 3: " + HUNG);
        assertThat(merged.forks()).extracting(fork -> fork.warnings().size()).containsExactly(1, 0, 3);
    }

    @Test
    void aFailedCellKeepsTheWarningsOfTheForksThatFinishedAndAColdStartNamesItsJvms() {
        CellResult failed = ForkMerge.merge(CELL, List.of(fork(1, 100, HUNG),
                CellResult.failed(CELL, CellStatus.FAILED, "timed iteration [3] failed: boom", List.of())), "Fork", 3, KIND);
        assertThat(failed.status()).isEqualTo(CellStatus.FAILED);
        assertThat(failed.error()).isEqualTo("Fork [2 of 3]: timed iteration [3] failed: boom");
        assertThat(failed.warnings()).containsExactly("fork 1: " + HUNG);

        CellResult cold = ForkMerge.merge(CELL, List.of(fork(1, 100), fork(1, 90, HUNG)), "Cold start", 2, KIND);
        assertThat(cold.warnings()).containsExactly("cold start 2: " + HUNG);
    }
}
