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
    /** A fork whose warm-up is {@code capped} or not, in windows of {@code perWindow} operations each. */
    private static dev.agentbench.api.result.Fork warmed(int number, boolean capped, int perWindow) {
        List<dev.agentbench.api.result.Warmup.Window> windows = new java.util.ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            windows.add(new dev.agentbench.api.result.Warmup.Window(dev.agentbench.api.result.Warmup.WARMUP_PHASE,
                    i * 5_000_000_000L, perWindow, 8_000_000));
        }
        var warmup = new dev.agentbench.api.result.Warmup(60_000_000_000L, 12 * perWindow, capped,
                dev.agentbench.api.result.WarmupShape.FLAT, windows);
        return new dev.agentbench.api.result.Fork(number, new dev.agentbench.api.result.TimeStats("ns", 10, 8e6, 8e6,
                8e6, 8e6, 0, 8e6, 8e6), List.of(), warmup, !capped, 1.0, null, null, null, null, null, List.of(),
                List.of());
    }

    @Test
    void forksCappedWithWindowsOfAFewOperationsSayWhyTheyCouldNotSettle() {
        String warning = ForkMerge.fewOperationsWarning(List.of(warmed(1, true, 5), warmed(2, true, 6),
                warmed(3, false, 5)), "fork").orElseThrow();
        assertThat(warning).startsWith("2 of 3 forks reached the warm-up cap with windows of 6 operations (median)")
                .contains("could not tell whether they had settled");

        assertThat(ForkMerge.fewOperationsWarning(List.of(warmed(1, true, 400), warmed(2, false, 5)), "fork"))
                .as("capped with windows of many operations: the series itself did not settle").isEmpty();
        assertThat(ForkMerge.fewOperationsWarning(List.of(warmed(1, false, 5), warmed(2, false, 5)), "fork"))
                .as("none capped").isEmpty();
    }
}
