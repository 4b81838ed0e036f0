package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Noise;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cell the machine disturbed is not judged unless asked; a fork a rerun replaced counts nowhere. */
class DisturbedComparisonTest {

    private static final Noise HOGGED = new Noise(2.0, 2, 0.0, 62.0, true);

    /** The cell with its fork {@code index} replaced by {@code fork}. */
    private static CellResult with(CellResult cell, int index, Fork fork) {
        List<Fork> forks = new java.util.ArrayList<>(cell.forks());
        forks.set(index, fork);
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), cell.status(), null,
                cell.time(), 0, true, 1.0, List.of(), null, null, null, null, List.of(), forks, null, List.of());
    }

    @Test
    void aSlowerCellWithAForkStillDisturbedIsNotJudgedUnlessAskedAndOneReplacedByARerunIs() {
        CellResult base = TwoRuns.ok("calibration", "turn5", 1, TwoRuns.TURN5);
        CellResult slower = TwoRuns.ok("calibration", "turn5", 1, TwoRuns.times(TwoRuns.TURN5, 1.2));
        CellResult disturbed = with(slower, 1, slower.forks().get(1).withNoise(HOGGED));
        assertThat(disturbed.disturbed()).isTrue();

        Comparison unjudged = Comparison.of(TwoRuns.run("a", List.of(base)), TwoRuns.run("b", List.of(disturbed)),
                CompareOptions.defaults());
        assertThat(unjudged.cells()).singleElement().extracting(CellComparison::verdict).isEqualTo(Verdict.DISTURBED);
        assertThat(unjudged.hasRegression()).isFalse();
        assertThat(unjudged.cells().get(0).note()).contains("disturbed a fork in new").contains("--judge-disturbed");

        Comparison judged = Comparison.of(TwoRuns.run("a", List.of(base)), TwoRuns.run("b", List.of(disturbed)),
                CompareOptions.defaults().withJudgeDisturbed(true));
        assertThat(judged.cells().get(0).verdict()).isEqualTo(Verdict.REGRESSION);

        // a third fork, disturbed and ten times slower, that a rerun replaced: out of the statistics
        List<Fork> forks = new java.util.ArrayList<>(slower.forks());
        forks.add(TwoRuns.fork(3, TwoRuns.times(TwoRuns.TURN5[0], 12.0)).withNoise(HOGGED).withExcluded(true));
        CellResult replaced = new CellResult(slower.target(), slower.benchmark(), 1, slower.name(), slower.status(),
                null, slower.time(), 0, true, 1.0, List.of(), null, null, null, null, List.of(), forks, null, List.of());
        assertThat(replaced.disturbed()).isFalse();
        CellComparison cell = Comparison.of(TwoRuns.run("a", List.of(base)), TwoRuns.run("b", List.of(replaced)),
                CompareOptions.defaults()).cells().get(0);
        assertThat(cell.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(cell.changed().forks()).isEqualTo(2);
        assertThat(cell.estimate().ratio()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(0.01));
    }
}
