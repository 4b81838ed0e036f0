package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.report.RunData;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code compare RUN --between A B}: two columns of one run compared as two runs are, cell by cell
 * with the same statistics and verdicts, the new column naming each cell.
 */
class BetweenTest {

    private static final long[][] BASE = forks(new Random(12), 100_000, 100_500, 99_600);
    private static final long[][] SLOWER = TwoRuns.times(BASE, 1.1);

    /** One run: langchain4j at two releases and raw on turn1, and turn5 only at the first release. */
    private static RunData run() {
        RunData run = TwoRuns.run("20261202-001500-vers", List.of(
                TwoRuns.ok("langchain4j@1.16.1", "turn1", 1, BASE),
                TwoRuns.ok("langchain4j@1.19.0", "turn1", 1, SLOWER),
                TwoRuns.ok("raw", "turn1", 1, BASE),
                TwoRuns.ok("langchain4j@1.16.1", "turn5", 1, BASE)));
        return new RunData(run.layout(), run.info().withTargets(List.of(
                new TargetInfo("langchain4j@1.16.1", "test", "1.16.1", "here"),
                new TargetInfo("langchain4j@1.19.0", "test", "1.19.0", "here"),
                new TargetInfo("raw", "test", "17.0.15", "here"))), run.cells());
    }

    private static long[][] forks(Random random, double... medians) {
        long[][] forks = new long[medians.length][];
        for (int i = 0; i < medians.length; i++) {
            forks[i] = RatioOfMediansTest.logNormal(random, 300, medians[i], 0.03);
        }
        return forks;
    }

    @Test
    void twoColumnsOfOneRunGetTheVerdictTwoRunsOfTheSameCellsWould() {
        Comparison between = Comparison.between(run(), "langchain4j@1.16.1", "langchain4j@1.19.0",
                CompareOptions.defaults());
        Comparison twoRuns = Comparison.of(TwoRuns.run("a", List.of(TwoRuns.ok("x", "turn1", 1, BASE))),
                TwoRuns.run("b", List.of(TwoRuns.ok("x", "turn1", 1, SLOWER))), CompareOptions.defaults());

        CellComparison turn1 = between.cells().get(0);
        assertThat(turn1.target()).isEqualTo("langchain4j@1.19.0");
        assertThat(turn1.name()).isEqualTo("turn1");
        assertThat(turn1.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(turn1.estimate()).isEqualTo(twoRuns.cells().get(0).estimate());
        assertThat(between.hasRegression()).isTrue();
        // turn5 ran in the first column only; raw is neither column
        assertThat(between.cells()).extracting(CellComparison::name, CellComparison::verdict)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("turn1", Verdict.REGRESSION),
                        org.assertj.core.groups.Tuple.tuple("turn5", Verdict.BASE_ONLY));
        assertThat(between.versionChanges())
                .containsExactly(new Comparison.VersionChange("langchain4j@1.19.0", "1.16.1", "1.19.0"));
    }

    @Test
    void aColumnAgainstAnEqualColumnIsNoRegression() {
        RunData run = TwoRuns.run("r", List.of(TwoRuns.ok("raw", "turn1", 1, BASE), TwoRuns.ok("raw~java25", "turn1", 1, BASE)));
        Comparison same = Comparison.between(run, "raw", "raw~java25", CompareOptions.defaults());
        assertThat(same.hasRegression()).isFalse();
        assertThat(same.cells().get(0).verdict()).isEqualTo(Verdict.WITHIN_THRESHOLD);
        assertThat(same.cells().get(0).estimate().ratio()).isEqualTo(1.0);
    }

    @Test
    void markdownAndJsonNameTheColumns() throws Exception {
        Comparison between = Comparison.between(run(), "langchain4j@1.16.1", "langchain4j@1.19.0",
                CompareOptions.defaults());
        String markdown = CompareMarkdown.render(between);
        assertThat(markdown).startsWith("# agentbench compare: `langchain4j@1.16.1` → `langchain4j@1.19.0`\n")
                .contains("| Base run | `20261202-001500-vers` column `langchain4j@1.16.1`, COMPLETED")
                .contains("| New run | `20261202-001500-vers` column `langchain4j@1.19.0`, COMPLETED")
                .contains("**1 regression** in 1 cell compared: `langchain4j@1.19.0/turn1` 1.10")
                .contains("| Version change | `langchain4j@1.19.0` `1.16.1` → `1.19.0`");
        JsonNode root = new ObjectMapper().readTree(CompareJson.render(between));
        assertThat(root.path("base").path("column").asText()).isEqualTo("langchain4j@1.16.1");
        assertThat(root.path("new").path("column").asText()).isEqualTo("langchain4j@1.19.0");
        assertThat(root.path("regression").asBoolean()).isTrue();
        JsonNode twoRuns = new ObjectMapper().readTree(CompareJson.render(
                Comparison.of(TwoRuns.base(), TwoRuns.changed(), CompareOptions.defaults())));
        assertThat(twoRuns.path("base").path("column").isNull()).as("two runs have no column").isTrue();
    }

    @Test
    void aColumnNotInTheRunIsNamedWithTheColumnsThere() {
        assertThatThrownBy(() -> Comparison.between(run(), "langchain4j@1.16.1", "langchain4j@9.9",
                CompareOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Column [langchain4j@9.9] is not in run [20261202-001500-vers]; its columns: "
                        + "[langchain4j@1.16.1, langchain4j@1.19.0, raw]");
        assertThatThrownBy(() -> Comparison.between(run(), "raw", "raw", CompareOptions.defaults()))
                .hasMessageStartingWith("Column [raw] is compared with itself");
    }

    @Test
    void theGateMeasuresTheWidthOfCompareInterval() {
        CellResult base = TwoRuns.ok("a", "turn1", 1, BASE);
        CellResult slower = TwoRuns.ok("b", "turn1", 1, SLOWER);
        RatioEstimate estimate = Comparison.compare(base, slower, CompareOptions.defaults()).estimate();
        double width = GateInterval.defaults().halfWidth(base, slower);
        assertThat(width).isEqualTo(Math.max(estimate.high() / estimate.ratio() - 1, 1 - estimate.low() / estimate.ratio()));
        assertThat(width).isBetween(0.001, 0.05);
        assertThat(GateInterval.defaults().halfWidth(TwoRuns.ok("a", "turn1", 1, BASE[0]), slower))
                .as("one fork: no interval yet").isNaN();
    }
}
