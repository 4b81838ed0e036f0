package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.report.RunData;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Two runs compared: each cell's verdict, the report order, and both outputs exactly; and what
 * resampling forks changes: the spread between JVMs is noise, not a regression, and one JVM a side
 * is not judged.
 */
class ComparisonTest {

    private static Comparison comparison() {
        return Comparison.of(TwoRuns.base(), TwoRuns.changed(), CompareOptions.defaults());
    }

    @Test
    void everyCellOfEitherRunHasItsVerdictInReportOrder() {
        Comparison comparison = comparison();
        assertThat(comparison.cells()).extracting(cell -> cell.id() + " " + cell.verdict()).containsExactly(
                "calibration/memory_footprint TOO_FEW_SAMPLES",
                "calibration/turn1 WITHIN_THRESHOLD",
                "raw/turn1 NOT_SIGNIFICANT",
                "calibration/turn5 REGRESSION",
                "calibration/turn5_c8 IMPROVEMENT",
                "raw/turn10 TOO_FEW_FORKS",
                "raw/tools NOT_OK",
                "calibration/added NEW_ONLY",
                "raw/retired BASE_ONLY");
        assertThat(comparison.hasRegression()).isTrue();
        assertThat(comparison.anyCellInCommon()).isTrue();
        CellComparison turn5 = comparison.cells(Verdict.REGRESSION).get(0);
        assertThat(turn5.estimate().ratio()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(turn5.base().median()).as("the median of the fork medians 1,509.5 and 1,512.5 µs").isEqualTo(1_511_000.0);
        assertThat(turn5.changed().samples()).isEqualTo(40);
        assertThat(turn5.changed().forks()).isEqualTo(2);
    }

    @Test
    void twoRunsOfTheSameSamplesHaveNoRegression() {
        Comparison same = Comparison.of(TwoRuns.base(), TwoRuns.base(), CompareOptions.defaults());
        assertThat(same.hasRegression()).isFalse();
        assertThat(same.cells()).filteredOn(cell -> cell.verdict().compared())
                .allSatisfy(cell -> {
                    assertThat(cell.verdict()).isEqualTo(Verdict.WITHIN_THRESHOLD);
                    assertThat(cell.estimate().ratio()).isEqualTo(1.0);
                    assertThat(cell.estimate().low()).isLessThanOrEqualTo(1.0);
                    assertThat(cell.estimate().high()).isGreaterThanOrEqualTo(1.0);
                });
    }

    @Test
    void theThresholdDecidesWhatCountsAndTheIntervalWhetherItIsReal() {
        // 20% slower, significantly: a regression below a 20% threshold, within it at 20% and above
        assertThat(Comparison.of(TwoRuns.base(), TwoRuns.changed(), CompareOptions.defaults().withThreshold(0.19))
                .hasRegression()).isTrue();
        assertThat(Comparison.of(TwoRuns.base(), TwoRuns.changed(), CompareOptions.defaults().withThreshold(0.21))
                .hasRegression()).isFalse();
        assertThat(Comparison.verdict(new RatioEstimate(1.06, 1.01, 1.10), 0.05)).isEqualTo(Verdict.REGRESSION);
        assertThat(Comparison.verdict(new RatioEstimate(1.06, 0.99, 1.10), 0.05)).isEqualTo(Verdict.NOT_SIGNIFICANT);
        assertThat(Comparison.verdict(new RatioEstimate(1.04, 1.03, 1.05), 0.05)).isEqualTo(Verdict.WITHIN_THRESHOLD);
        assertThat(Comparison.verdict(new RatioEstimate(1.05, 1.04, 1.06), 0.05)).isEqualTo(Verdict.WITHIN_THRESHOLD);
        assertThat(Comparison.verdict(new RatioEstimate(0.94, 0.90, 0.99), 0.05)).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(Comparison.verdict(new RatioEstimate(0.94, 0.90, 1.01), 0.05)).isEqualTo(Verdict.NOT_SIGNIFICANT);
        // at 0%, any significant slow-down counts
        assertThat(Comparison.verdict(new RatioEstimate(1.01, 1.005, 1.02), 0.0)).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void aCellWithTooFewSamplesIsListedNotJudged() {
        // a cold start of 7 JVMs a run, one sample each
        long[][] seven = new long[7][];
        for (int i = 0; i < 7; i++) {
            seven[i] = new long[] {100 + i};
        }
        Comparison comparison = Comparison.of(
                TwoRuns.run("a", List.of(TwoRuns.ok("t", "cold_start", 1, seven))),
                TwoRuns.run("b", List.of(TwoRuns.ok("t", "cold_start", 1, TwoRuns.times(seven, 3)))),
                CompareOptions.defaults());
        assertThat(comparison.cells()).singleElement().satisfies(cell -> {
            assertThat(cell.verdict()).isEqualTo(Verdict.TOO_FEW_SAMPLES);
            assertThat(cell.note()).isEqualTo("7 samples in base, 7 in new; a 99% interval needs at least 8");
        });
        assertThat(comparison.hasRegression()).isFalse();
    }

    /** One fork per median, {@code n} samples each, log-normally spread by {@code sigma} around it. */
    private static long[][] forks(Random random, int n, double sigma, double... medians) {
        long[][] forks = new long[medians.length][];
        for (int i = 0; i < medians.length; i++) {
            forks[i] = RatioOfMediansTest.logNormal(random, n, medians[i], sigma);
        }
        return forks;
    }

    private static long[] pooled(long[][] forks) {
        return Arrays.stream(forks).flatMapToLong(Arrays::stream).toArray();
    }

    private static Comparison compare(CellResult base, CellResult changed) {
        return Comparison.of(TwoRuns.run("a", List.of(base)), TwoRuns.run("b", List.of(changed)), CompareOptions.defaults());
    }

    @Test
    void forksThatSettleApartAreNotARegressionWherePooledSamplesWouldHaveCalledOne() {
        // the same code in six JVMs: each settles a few percent from the others; the new run drew the slower ones
        Random random = new Random(11);
        long[][] base = forks(random, 500, 0.02, 95_000, 100_000, 104_000);
        long[][] changed = forks(random, 500, 0.02, 100_000, 108_000, 113_000);
        CellComparison cell = compare(TwoRuns.ok("raw", "turn1", 1, base), TwoRuns.ok("raw", "turn1", 1, changed))
                .cells().get(0);
        assertThat(cell.estimate().ratio()).isGreaterThan(1.05);
        assertThat(cell.estimate().low()).isLessThan(1.0);
        assertThat(cell.verdict()).isEqualTo(Verdict.NOT_SIGNIFICANT);
        // the samples pooled, as if one JVM had run them all: a tight interval, and a regression that is not there
        RatioEstimate pooled = RatioOfMedians.estimate(pooled(base), pooled(changed), 0.99, 5_000,
                CompareOptions.DEFAULT_SEED);
        assertThat(Comparison.verdict(pooled, CompareOptions.DEFAULT_THRESHOLD)).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void aTenPercentSlowdownInForksThatAgreeIsARegression() {
        Random random = new Random(12);
        long[][] base = forks(random, 300, 0.03, 100_000, 100_500, 99_600);
        long[][] changed = forks(random, 300, 0.03, 110_000, 110_600, 109_500);
        CellComparison cell = compare(TwoRuns.ok("raw", "turn1", 1, base), TwoRuns.ok("raw", "turn1", 1, changed))
                .cells().get(0);
        assertThat(cell.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(cell.estimate().ratio()).isCloseTo(1.1, org.assertj.core.data.Offset.offset(0.01));
        assertThat(cell.estimate().low()).isGreaterThan(1.05);
        assertThat(cell.estimate().high()).isLessThan(1.15);
    }

    @Test
    void oneForkASideIsNotJudgedHoweverLargeTheChangeButItsMediansAreShown() {
        long[] samples = TwoRuns.spread(100_000, 100, 500);
        Comparison comparison = compare(TwoRuns.ok("raw", "turn1", 1, samples),
                TwoRuns.ok("raw", "turn1", 1, TwoRuns.spread(100_000, 100, 40), TwoRuns.times(samples, 1.5)));
        assertThat(comparison.cells()).singleElement().satisfies(cell -> {
            assertThat(cell.verdict()).isEqualTo(Verdict.TOO_FEW_FORKS);
            assertThat(cell.estimate()).isNull();
            assertThat(cell.base().median()).isEqualTo(124_950.0);
            assertThat(cell.note()).isEqualTo("1 fork in base, 2 in new; a cell is judged with at least 2 forks a side: "
                    + "one JVM cannot show how far another's median would fall");
        });
        assertThat(comparison.hasRegression()).isFalse();
        assertThat(CompareMarkdown.render(comparison)).contains("**No regression** in 0 cells compared; 1 not compared.",
                "- `raw/turn1` not enough forks to judge: 1 fork in base, 2 in new; a cell is judged with at least 2 "
                        + "forks a side: one JVM cannot show how far another's median would fall (medians 125 µs → ");
    }

    @Test
    void runsWithNoCellInCommonSaySo() {
        Comparison comparison = Comparison.of(
                TwoRuns.run("a", List.of(TwoRuns.ok("raw", "turn1", 1, TwoRuns.TURN1))),
                TwoRuns.run("b", List.of(TwoRuns.ok("noop", "turn1", 1, TwoRuns.TURN1))),
                CompareOptions.defaults());
        assertThat(comparison.anyCellInCommon()).isFalse();
        assertThat(comparison.cells()).extracting(CellComparison::verdict)
                .containsExactly(Verdict.BASE_ONLY, Verdict.NEW_ONLY);
    }

    @Test
    void thresholdsAreReadAsPercentages() {
        assertThat(CompareOptions.parseThreshold("5%")).isEqualTo(0.05);
        assertThat(CompareOptions.parseThreshold("2.5%")).isEqualTo(0.025);
        assertThat(CompareOptions.parseThreshold("0%")).isEqualTo(0.0);
        assertThat(CompareOptions.parseThreshold("99.9%")).isEqualTo(0.999);
        assertThatThrownBy(() -> CompareOptions.parseThreshold("5"))
                .hasMessage("Threshold [5] is not a percentage such as 5% or 2.5%");
        assertThatThrownBy(() -> CompareOptions.parseThreshold("abc"))
                .hasMessage("Threshold [abc] is not a percentage such as 5% or 2.5%");
        assertThatThrownBy(() -> CompareOptions.parseThreshold("-3%"))
                .hasMessage("Threshold [-3%] is not a percentage such as 5% or 2.5%; it cannot be negative");
        assertThatThrownBy(() -> CompareOptions.parseThreshold("150%")).hasMessage("Threshold [150%] must be below 100%");
        assertThatThrownBy(() -> CompareOptions.parseThreshold("100%")).hasMessage("Threshold [100%] must be below 100%");
        assertThat(CompareOptions.defaults().minSamples()).isEqualTo(8);
        assertThat(CompareOptions.MIN_FORKS).isEqualTo(2);
        assertThat(CompareOptions.percent(0.99)).isEqualTo("99%");
        assertThat(CompareOptions.percent(0.1)).isEqualTo("10%");
    }

    @Test
    void markdownIsExact() {
        assertThat(CompareMarkdown.render(comparison())).isEqualTo("""
                # agentbench compare: `20261129-101500-base` → `20261130-080000-new`

                | | |
                |---|---|
                | Base run | `20261129-101500-base`, COMPLETED, started 2026-11-29T10:15:00Z |
                | New run | `20261130-080000-new`, COMPLETED, started 2026-11-29T10:15:00Z |
                | Rule | regression: median new ÷ base above 1.050× (threshold 5%) and its 99% interval wholly above 1×; \
                improvement: below 0.950× and its interval wholly below 1×; a cell needs 2 forks a side to be judged |
                | Interval | the wider of Welch's t on the logarithms of the forks' medians (the variation between JVMs) \
                and a hierarchical percentile bootstrap of the ratio of the medians of fork medians, 5,000 rounds, each \
                resampling a run's forks, then the samples within each drawn fork (the error within each JVM); seed \
                20261129 |

                **1 regression** in 4 cells compared: `calibration/turn5` 1.200×; 1 improvement; 5 not compared.

                | Benchmark | Target | Base median | New median | New ÷ base | 99% interval | Forks | Verdict |
                |---|---|---:|---:|---:|---|---:|---|
                | turn1 | calibration | 311 µs | 311 µs | 1.000× | 0.956× – 1.046× | 2 / 2 | within threshold |
                | turn1 | raw | 1.03 ms | 1.11 ms | 1.080× | 0.515× – 2.263× | 2 / 2 | not significant |
                | turn5 | calibration | 1.51 ms | 1.81 ms | 1.200× | 1.183× – 1.217× | 2 / 2 | **REGRESSION** |
                | turn5_c8 | calibration | 2.01 ms | 1.61 ms | 0.800× | 0.789× – 0.811× | 2 / 2 | improvement |

                ## Not compared

                - `calibration/memory_footprint` too few samples: 0 samples in base, 0 in new (a fork has none); \
                a 99% interval needs at least 8 (medians 1.00 µs → 1.00 µs)
                - `raw/turn10` not enough forks to judge: 1 fork in base, 1 in new; a cell is judged with at least 2 \
                forks a side: one JVM cannot show how far another's median would fall (medians 910 µs → 1.36 ms)
                - `raw/tools` not OK: FAILED in new: turn 1, step 1: tool call [call_0_0_0] has 0 results …
                - `calibration/added` only in new: not in the base run
                - `raw/retired` only in base: not in the new run

                """);
    }

    @Test
    void markdownWithoutRegressionSaysSoAndTextFromARunCannotBreakTheTable() {
        Comparison comparison = Comparison.of(
                TwoRuns.run("a", List.of(TwoRuns.ok("x|y", "turn1", 1, TwoRuns.TURN1),
                        TwoRuns.failed("raw", "turn1", "<script>alert(1)</script> | broke"))),
                TwoRuns.run("b", List.of(TwoRuns.ok("x|y", "turn1", 1, TwoRuns.TURN1),
                        TwoRuns.ok("raw", "turn1", 1, TwoRuns.TURN1))),
                CompareOptions.defaults());
        String markdown = CompareMarkdown.render(comparison);
        assertThat(markdown).contains("**No regression** in 1 cell compared; 1 not compared.")
                .contains("| turn1 | x\\|y | 311 µs | 311 µs | 1.000× |")
                .contains("- `raw/turn1` not OK: FAILED in base: &lt;script&gt;alert(1)&lt;/script&gt; \\| broke")
                .doesNotContain("<script>");
    }

    @Test
    void jsonHasItsVersionTheMethodAndEveryCell() throws Exception {
        String json = CompareJson.render(comparison());
        assertThat(CompareJson.render(comparison())).as("the same runs render the same").isEqualTo(json);
        JsonNode root = new ObjectMapper().readTree(json);
        assertThat(root.path("format").asText()).isEqualTo("agentbench-compare");
        assertThat(root.path("formatVersion").asInt()).isEqualTo(2);
        assertThat(root.path("base").path("runId").asText()).isEqualTo("20261129-101500-base");
        assertThat(root.path("new").path("status").asText()).isEqualTo("COMPLETED");
        assertThat(root.path("method").toString()).isEqualTo("{\"statistic\":\"median of fork medians\","
                + "\"interval\":\"the wider of Welch's t on the log fork medians and a hierarchical percentile bootstrap"
                + " (forks, then samples within each fork)\","
                + "\"threshold\":0.05,\"allocationThreshold\":0.03,\"allocationFloorBytes\":64.0,\"confidence\":0.99,"
                + "\"resamples\":5000,\"seed\":20261129,\"minSamples\":8,"
                + "\"minForks\":2}");
        assertThat(root.path("regression").asBoolean()).isTrue();
        assertThat(root.path("counts").toString()).isEqualTo("{\"REGRESSION\":1,\"IMPROVEMENT\":1,"
                + "\"WITHIN_THRESHOLD\":1,\"NOT_SIGNIFICANT\":1,\"BASE_ONLY\":1,\"NEW_ONLY\":1,\"NOT_OK\":1,"
                + "\"TOO_FEW_SAMPLES\":1,\"TOO_FEW_FORKS\":1,\"DISTURBED\":0}");
        JsonNode cells = root.path("cells");
        assertThat(cells).hasSize(9);
        assertThat(cells.get(3).toString()).isEqualTo("{\"target\":\"calibration\",\"name\":\"turn5\","
                + "\"benchmark\":\"turn5\",\"concurrency\":1,\"verdict\":\"REGRESSION\","
                + "\"base\":{\"status\":\"OK\",\"error\":null,\"samples\":40,\"median\":1511000.0,\"forks\":2},"
                + "\"new\":{\"status\":\"OK\",\"error\":null,\"samples\":40,\"median\":1813200.0,\"forks\":2},"
                + "\"ratio\":1.2,\"low\":1.1833955425268332,\"high\":1.2168374379079168,\"note\":null,\"allocation\":null,"
                + "\"figures\":[]}");
        assertThat(cells.get(5).path("verdict").asText()).isEqualTo("TOO_FEW_FORKS");
        assertThat(cells.get(5).path("base").path("forks").asInt()).isEqualTo(1);
        assertThat(cells.get(5).path("base").path("median").asDouble()).isEqualTo(909_500.0);
        assertThat(cells.get(5).path("ratio").isNull()).isTrue();
        assertThat(cells.get(6).path("new").path("error").asText()).startsWith("turn 1, step 1:");
        assertThat(cells.get(6).path("new").path("median").isNull()).isTrue();
        assertThat(cells.get(6).path("ratio").isNull()).isTrue();
        assertThat(cells.get(7).path("verdict").asText()).isEqualTo("NEW_ONLY");
        assertThat(cells.get(7).path("base").isNull()).isTrue();
        assertThat(cells.get(8).path("verdict").asText()).isEqualTo("BASE_ONLY");
        assertThat(cells.get(8).path("new").isNull()).isTrue();
    }

    @Test
    void aTargetWhoseFrameworkVersionChangedIsNamedInMarkdownAndJson() throws Exception {
        RunData base = withVersions(TwoRuns.base(), "raw", "17.0.15", "llmagent", "1.8.0");
        RunData changed = withVersions(TwoRuns.base(), "raw", "17.0.15", "llmagent", "1.9.0");
        Comparison comparison = Comparison.of(base, changed, CompareOptions.defaults());

        assertThat(comparison.versionChanges()).containsExactly(new Comparison.VersionChange("llmagent", "1.8.0", "1.9.0"));
        assertThat(CompareMarkdown.render(comparison)).contains(
                "| Version change | `llmagent` `1.8.0` → `1.9.0`: its cells compare two versions of its framework |");
        JsonNode root = new ObjectMapper().readTree(CompareJson.render(comparison));
        assertThat(root.path("versionChanges").toString())
                .isEqualTo("[{\"target\":\"llmagent\",\"base\":\"1.8.0\",\"new\":\"1.9.0\"}]");
        assertThat(root.path("new").path("versions").toString()).isEqualTo("{\"raw\":\"17.0.15\",\"llmagent\":\"1.9.0\"}");

        Comparison same = Comparison.of(base, withVersions(TwoRuns.base(), "raw", "17.0.15", "llmagent", "1.8.0"),
                CompareOptions.defaults());
        assertThat(same.versionChanges()).isEmpty();
        assertThat(CompareMarkdown.render(same)).doesNotContain("Version change");
        assertThat(Comparison.of(TwoRuns.base(), changed, CompareOptions.defaults()).versionChanges())
                .as("a run that recorded no versions").isEmpty();
    }

    private static RunData withVersions(RunData run, String... namesAndVersions) {
        List<TargetInfo> targets = new java.util.ArrayList<>();
        for (int i = 0; i < namesAndVersions.length; i += 2) {
            targets.add(new TargetInfo(namesAndVersions[i], "test", namesAndVersions[i + 1], "here"));
        }
        return new RunData(run.layout(), run.info().withTargets(targets), run.cells());
    }

    /** An OK cell of benchmark {@code history} with {@code history=value}, its forks' samples scaled by {@code factor}. */
    private static dev.agentbench.api.result.CellResult history(String value, double factor) {
        dev.agentbench.api.result.CellResult cell = TwoRuns.ok("raw", "history", 1,
                TwoRuns.times(TwoRuns.TURN1, factor));
        return new dev.agentbench.api.result.CellResult(cell.format(), cell.target(), cell.benchmark(),
                cell.concurrency(), "history_history=" + value, cell.status(), cell.error(), cell.time(),
                cell.warmupIterations(), cell.steadyState(), cell.drift(), cell.samples(), cell.logTail(), cell.memory(),
                cell.throughput(), cell.turnLatency(), cell.jvm(), cell.figures(), cell.forks(), cell.cpu(),
                cell.warnings(), java.util.Map.of("history", value));
    }

    @Test
    void cellsOfAParameterAreMatchedByTheirWholeNameAndListedByValue() {
        Comparison comparison = Comparison.of(
                TwoRuns.run("a", List.of(history("256", 1.0), history("16", 1.0), history("1", 1.0))),
                TwoRuns.run("b", List.of(history("16", 1.5), history("256", 1.0), history("64", 1.0))),
                CompareOptions.defaults());

        assertThat(comparison.cells()).extracting(cell -> cell.id() + " " + cell.verdict()).containsExactly(
                "raw/history_history=1 BASE_ONLY",
                "raw/history_history=16 REGRESSION",
                "raw/history_history=64 NEW_ONLY",
                "raw/history_history=256 WITHIN_THRESHOLD");
    }
}
