package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The report's section per target with variants or JVMs: each benchmark across the columns, the
 * ratio to the first with compare's verdict, a significant change marked, and the ratio to the
 * baseline on each column's own JVM.
 */
class TrendsTest {

    /** Forks of 300 samples around the given medians, 3% apart within a fork. */
    private static long[][] forks(long seed, double factor) {
        Random random = new Random(seed);
        double[] medians = {100_000, 100_500, 99_600};
        long[][] forks = new long[medians.length][300];
        for (int f = 0; f < medians.length; f++) {
            for (int i = 0; i < 300; i++) {
                forks[f][i] = Math.round(medians[f] * factor * Math.exp(random.nextGaussian() * 0.03));
            }
        }
        return forks;
    }

    private static CellResult cell(String target, String benchmark, long[][] samples) {
        List<Fork> all = new ArrayList<>();
        double[] medians = new double[samples.length];
        for (int i = 0; i < samples.length; i++) {
            long[] sorted = samples[i].clone();
            Arrays.sort(sorted);
            double median = (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2.0;
            medians[i] = median;
            all.add(new Fork(i + 1, new TimeStats("ns", sorted.length, median, median, median, median, 0, sorted[0],
                    sorted[sorted.length - 1]), Arrays.stream(samples[i]).boxed().toList(), null, true, 1.0, null, null,
                    null, null, null, List.of(), List.of()));
        }
        Arrays.sort(medians);
        double median = medians[1];
        return new CellResult(target, benchmark, 1, benchmark, CellStatus.OK, null,
                new TimeStats("ns", 900, median, median, median, median, 0, median, median), 0, true, 1.0,
                List.of(), null, null, null, null, List.of(), all, null, List.of());
    }

    /** langchain4j at two releases on two JVMs, raw on Java 17 only; 1.19.0 is 10% slower on turn1. */
    private static RunData run() {
        List<CellResult> cells = List.of(
                cell("raw~java17", "turn1", forks(1, 0.5)),
                cell("langchain4j@1.16.1~java17", "turn1", forks(2, 1.0)),
                cell("langchain4j@1.19.0~java17", "turn1", forks(3, 1.1)),
                cell("langchain4j@1.16.1~java25", "turn1", forks(4, 1.0)),
                cell("raw~java17", "turn5", forks(5, 2.5)),
                cell("langchain4j@1.16.1~java17", "turn5", forks(6, 5.0)),
                cell("langchain4j@1.19.0~java17", "turn5", forks(7, 5.0)),
                CellResult.failed(new PlannedCell("langchain4j@1.16.1~java25", "turn5", 1), CellStatus.FAILED,
                        "NoSuchMethodError: dev.langchain4j.Foo.bar()", List.of()));
        return run(cells);
    }

    private static RunData run(List<CellResult> cells) {
        List<PlannedCell> planned = cells.stream()
                .map(cell -> new PlannedCell(cell.target(), cell.benchmark(), 1, cell.name())).toList();
        RunInfo info = new RunInfo("20261202-003000-trnd", RunStatus.COMPLETED, "2026-12-02T00:30:00Z",
                "2026-12-02T00:40:00Z", List.of("run"), Map.of(), planned, Map.of());
        return new RunData(new RunLayout(Path.of("unused")), info, cells);
    }

    @Test
    void aTargetAcrossReleasesAndJvmsShowsEachChangeAsCompareJudgesIt() {
        List<Trends.Trend> trends = Trends.of(run(), "raw", new Intervals());
        assertThat(trends).hasSize(1);
        Trends.Trend trend = trends.get(0);
        assertThat(trend.target()).isEqualTo("langchain4j");
        assertThat(trend.what()).isEqualTo("versions and JVMs");
        assertThat(trend.columns()).containsExactly("langchain4j@1.16.1~java17", "langchain4j@1.19.0~java17",
                "langchain4j@1.16.1~java25");
        // the baseline on each column's own JVM: Java 25 has none
        assertThat(trend.baselines()).containsExactly("raw~java17", "raw~java17", null);

        Trends.Row turn1 = trend.rows().get(0);
        assertThat(turn1.name()).isEqualTo("turn1");
        assertThat(turn1.entries().get(1).significant()).isTrue();
        assertThat(Trends.change(turn1.entries().get(1))).startsWith("1.1").endsWith("regression");
        assertThat(turn1.entries().get(0).baselineRatio()).isBetween(1.9, 2.1);
        assertThat(turn1.entries().get(2).baselineRatio()).isNaN();

        Trends.Row turn5 = trend.rows().get(1);
        assertThat(turn5.entries().get(1).significant()).as("the same figures: no change").isFalse();
        assertThat(Trends.change(turn5.entries().get(1))).endsWith("within threshold");
        assertThat(Trends.median(turn5.entries().get(2))).isEqualTo("FAILED");
        assertThat(Trends.change(turn5.entries().get(2))).isEqualTo("not OK");
    }

    @Test
    void markdownMarksTheSignificantChangeAndSaysWhereNoBaselineRanOnTheJvm() {
        String markdown = new MarkdownFormat().render(run(), new ReportOptions("raw"));
        assertThat(markdown).contains("## Across versions and JVMs\n\n### `langchain4j` across versions and JVMs\n");
        String section = markdown.substring(markdown.indexOf("## Across versions and JVMs"));
        assertThat(section).contains("| Benchmark | `langchain4j@1.16.1~java17` | `langchain4j@1.19.0~java17` | "
                + "`langchain4j@1.19.0~java17` ÷ `langchain4j@1.16.1~java17` |");
        assertThat(section).containsPattern("\\| turn1 \\| [^|]+ \\| [^|]+ \\| \\*\\*1\\.1\\d+× \\([^)]+\\) regression\\*\\* \\|");
        assertThat(section).containsPattern("\\| turn5 \\| [^|]+ \\| [^|]+ \\| [^*|]+ within threshold \\|");
        assertThat(section).contains("| Benchmark | langchain4j@1.16.1~java17 ÷ raw~java17 | "
                + "langchain4j@1.19.0~java17 ÷ raw~java17 | langchain4j@1.16.1~java25 ÷ – |");
        assertThat(section).contains("`langchain4j@1.16.1~java25` has no baseline: the run has no `raw~java25` column "
                + "on its JVM.");
        assertThat(new HtmlFormat().render(run(), new ReportOptions("raw")))
                .contains("<h2><code>langchain4j</code> across versions and JVMs</h2>")
                .containsPattern("<strong>1\\.1\\d+× \\([^)]+\\) regression</strong>");
    }

    @Test
    void summaryJsonHoldsTheTrends() throws Exception {
        JsonNode root = new ObjectMapper().readTree(new SummaryJsonFormat().render(run(), new ReportOptions("raw")));
        JsonNode trend = root.path("trends").get(0);
        assertThat(trend.path("target").asText()).isEqualTo("langchain4j");
        assertThat(trend.path("baselines").get(2).isNull()).isTrue();
        JsonNode slower = trend.path("rows").get(0).path("columns").get(1);
        assertThat(slower.path("column").asText()).isEqualTo("langchain4j@1.19.0~java17");
        assertThat(slower.path("change").path("verdict").asText()).isEqualTo("REGRESSION");
        assertThat(slower.path("change").path("low").asDouble()).isGreaterThan(1.0);
        assertThat(trend.path("rows").get(0).path("columns").get(0).path("change").isNull()).isTrue();
    }

    @Test
    void aRunWithOneColumnPerTargetHasNoSuchSection() {
        RunData one = run(run().cells().subList(0, 2));
        assertThat(Trends.of(one, "raw", new Intervals())).isEmpty();
        assertThat(new MarkdownFormat().render(one, new ReportOptions("raw"))).doesNotContain("Across versions");
    }

    @Test
    void onSeveralJvmsTheBaselineNamedAloneIsItsFirstColumnAsBuilt() {
        RunData run = run(List.of(cell("langchain4j@1.16.1~java17", "turn1", forks(1, 1.0)),
                cell("raw@other~java17", "turn1", forks(2, 0.5)), cell("raw~java25", "turn1", forks(3, 0.5)),
                cell("raw~java17", "turn1", forks(4, 0.5))));

        assertThat(run.targets("raw")).containsExactly("raw~java25", "langchain4j@1.16.1~java17",
                "raw@other~java17", "raw~java17");
        assertThat(run.targets("raw~java17")).first().isEqualTo("raw~java17");
        assertThat(run.targets("wire")).first().isEqualTo("langchain4j@1.16.1~java17");
    }
}
