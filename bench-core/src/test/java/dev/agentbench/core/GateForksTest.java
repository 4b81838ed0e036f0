package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.PlannedCell;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which cells gate mode adds forks to: per cell name both columns planned, the base's cell then the
 * changed column's; never a cold start, a cell of another target, or a name one column lacks.
 */
class GateForksTest {

    private static final Gate GATE = new Gate("lc4j@1.16.1", "lc4j@folder", Gate.DEFAULT_WIDTH, 8,
            (base, changed) -> Double.NaN);

    private static BenchmarkKind kind(String benchmark) {
        return benchmark.equals("cold_start") ? BenchmarkKind.COLD_START : BenchmarkKind.SESSIONS;
    }

    @Test
    void eachNameBothColumnsPlannedIsAPairBaseFirst() {
        List<PlannedCell> plan = List.of(
                new PlannedCell("raw", "turn1", 1),          // 0: not a gate column
                new PlannedCell("lc4j@1.16.1", "turn1", 1),  // 1
                new PlannedCell("lc4j@folder", "turn1", 1),  // 2
                new PlannedCell("lc4j@folder", "turn1", 8),  // 3: turn1_c8, which the base did not plan
                new PlannedCell("lc4j@folder", "loop5", 1),  // 4
                new PlannedCell("lc4j@1.16.1", "loop5", 1),  // 5
                new PlannedCell("lc4j@1.16.1", "cold_start", 1), // 6: a cold start is never gated
                new PlannedCell("lc4j@folder", "cold_start", 1)); // 7
        GateForks gate = new GateForks(Optional.of(GATE), 3, plan, GateForksTest::kind);
        assertThat(gate.cells()).containsExactly(1, 2, 5, 4);
        assertThat(gate.gated(4)).isTrue();
        assertThat(gate.gated(0)).isFalse();
        assertThat(gate.gated(3)).isFalse();
        assertThat(gate.gated(6)).isFalse();
    }

    @Test
    void withoutAGateNoCellIsGated() {
        GateForks gate = new GateForks(Optional.empty(), 3,
                List.of(new PlannedCell("lc4j@1.16.1", "turn1", 1), new PlannedCell("lc4j@folder", "turn1", 1)),
                GateForksTest::kind);
        assertThat(gate.cells()).isEmpty();
        assertThat(gate.gated(0)).isFalse();
    }
}
