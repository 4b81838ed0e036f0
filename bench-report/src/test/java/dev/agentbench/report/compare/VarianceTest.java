package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.report.RunData;
import dev.agentbench.report.compare.Variance.CellVariance;
import dev.agentbench.report.compare.Variance.Figure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * {@link Variance} over runs built here: forks whose samples are all one value (nothing within a
 * fork), at medians chosen so that each level's part is known.
 */
class VarianceTest {

    /** A fork of 11 samples of {@code median} ns, its CPU 0.8 of it, its allocation 1,000 B in every iteration. */
    private static Fork fork(int number, double median) {
        long value = Math.round(median);
        List<Long> samples = LongStream.range(0, 11).map(i -> value).boxed().toList();
        TimeStats stats = new TimeStats("ns", samples.size(), value, value, value, value, 0, value, value);
        return new Fork(number, stats, samples, null, true, 1.0, new Cpu(median * 0.8, 0, 0),
                new Memory(1000.0, true, null, null, List.of(1000L, 1000L, 1000L)), null, null, null, List.of(),
                List.of());
    }

    /** An OK cell with one fork at each of {@code medians}. */
    private static CellResult cell(String target, String benchmark, double... medians) {
        List<Fork> forks = new ArrayList<>();
        for (double median : medians) {
            forks.add(fork(forks.size() + 1, median));
        }
        double median = medians[medians.length / 2];
        return new CellResult(target, benchmark, 1, benchmark, CellStatus.OK, null,
                new TimeStats("ns", 11L * medians.length, median, median, median, median, 0, median, median), 0, true,
                1.0, List.of(), new Memory(1000.0, true, null, null), null, null, null, List.of(), forks,
                new Cpu(median * 0.8, 0, 0), List.of());
    }

    private static CellResult failed(String target, String benchmark) {
        return new CellResult(target, benchmark, 1, benchmark, CellStatus.FAILED, "boom", null, 0, null, null,
                List.of(), null, null, null, null, List.of(), List.of(), null, List.of());
    }

    private static RunData run(String id, List<CellResult> cells) {
        List<PlannedCell> planned = new ArrayList<>();
        cells.forEach(cell -> planned.add(new PlannedCell(cell.target(), cell.benchmark(), 1, cell.name())));
        RunInfo info = new RunInfo(id, RunStatus.COMPLETED, "2026-12-07T08:00:00Z", "2026-12-07T08:30:00Z",
                List.of("run"), Map.of(), planned, Map.of());
        return new RunData(new RunLayout(Path.of(id)), info, cells);
    }

    private static final double E = Math.exp(0.1);

    /** Forks at ±0.1 in the log about their run's mean, of 100 ms so that rounding to whole nanoseconds is lost. */
    private final RunData a = run("20261207-080000-aaaa", List.of(cell("wire", "turn1", 5e7, 5e7 * E, 5e7 / E),
            cell("raw", "tools", 1e8, 1e8 * E, 1e8 / E), cell("raw", "turn1", 8e7, 8e7, 8e7), cell("wire", "loop5", 1e7),
            failed("raw", "loop5")));
    /** As {@link #a}, but the forks of {@code raw/tools} sit 0.3 higher in the log. */
    private final RunData b = run("20261207-083000-bbbb", List.of(cell("wire", "turn1", 5e7, 5e7 * E, 5e7 / E),
            cell("raw", "tools", 1e8 * E * E * E, 1e8 * E * E * E * E, 1e8 * E * E), cell("raw", "turn1", 8e7, 8e7, 8e7),
            cell("wire", "loop5", 1e7), failed("raw", "loop5")));

    private static CellVariance only(Variance variance, String target, String name, Figure figure) {
        return variance.cells().stream().filter(cell -> cell.target().equals(target) && cell.name().equals(name)
                && cell.figure() == figure).findFirst().orElseThrow();
    }

    @Test
    void eachFigureOfEachCellIsSplitByLevelInTheReportsRowOrder() {
        Variance variance = Variance.of(List.of(a, b), 0.05);

        assertThat(variance.cells(Figure.TIME)).extracting(cell -> cell.target() + "/" + cell.name())
                .containsExactly("wire/turn1", "raw/turn1", "raw/tools");
        // forks ±0.1 about their run's mean (0.04 / 4), the runs' means 0.3 apart (0.045, less 0.01 / 3)
        CellVariance tools = only(variance, "raw", "tools", Figure.TIME);
        assertThat(tools.components().within()).as("every sample alike").isZero();
        assertThat(tools.components().betweenForks()).isCloseTo(0.01, offset(1e-6));
        assertThat(tools.components().betweenRuns()).isCloseTo(0.045 - 0.01 / 3, offset(1e-6));
        assertThat(tools.forksFor(0.05)).isNull();
        CellVariance turn1 = only(variance, "wire", "turn1", Figure.TIME);
        assertThat(turn1.components().betweenRuns()).as("both runs alike").isZero();
        assertThat(turn1.forksFor(0.05)).isEqualTo(31);
        // CPU is 0.8 of the time in every fork: the same parts, with nothing measured within a fork
        CellVariance cpu = only(variance, "raw", "tools", Figure.CPU);
        assertThat(cpu.components().within()).isNull();
        assertThat(cpu.components().betweenForks()).isCloseTo(0.01, offset(1e-6));
        assertThat(only(variance, "raw", "tools", Figure.ALLOCATION).components().total()).isZero();
        assertThat(variance.cells(Figure.RETAINED)).as("no fork retained anything").isEmpty();
        assertThat(variance.left()).containsExactly("`wire/loop5`: no run with two forks of it ([1, 1] forks)",
                "`raw/loop5`: not OK in any run");
    }

    @Test
    void theMarkdownHasATableAFigureAndSaysWhichCellsGaveNone() {
        String markdown = VarianceMarkdown.render(Variance.of(List.of(a, b), 0.05));

        assertThat(markdown).startsWith("# agentbench variance: 2 runs\n")
                .contains("| Run 1 | `20261207-080000-aaaa`, COMPLETED, started 2026-12-07T08:00:00Z |")
                .contains("\n## Time per operation\n", "\n## CPU per operation\n", "\n## Allocation per operation\n")
                .doesNotContain("## Retained heap")
                .contains("| `tools` | `raw` | 2 | 6 | 11 | 0.0% (0%) | 10.0% (19%) | 20.4% (81%) | ±11.3% | ±58.8% | none |")
                .contains("| `turn1` | `wire` | 2 | 6 | 11 | 0.0% (0%) | 10.0% (100%) | 0.0% (0%) | ±11.3% | ±16.0% | 31 |")
                .contains("| `turn1` | `raw` | 2 | 6 | 11 | 0.0% (0%) | 0.0% (0%) | 0.0% (0%) | ±0.0% | ±0.0% | 1 |")
                // the three cells' estimates averaged: forks (0.01 + 0 + 0.01) / 3, runs (-0.0033 + 0 + 0.0417) / 3
                .contains("Pooled over 3 cells (each level's estimates averaged): within a fork 0.0% (0%), between "
                        + "forks 8.2% (34%), between runs 11.3% (66%); one run ±9.2%, two runs ±33.9% with 3.0 forks a "
                        + "run; forks for ±5%: none. Cell by cell, forks for ±5%: median 31; 1 of 3 cells none (between "
                        + "runs alone wider).")
                .contains("## Cells without components\n\n- `wire/loop5`: no run with two forks of it ([1, 1] forks)\n"
                        + "- `raw/loop5`: not OK in any run\n");
        // the CPU table has no within-fork column's figures
        assertThat(markdown.substring(markdown.indexOf("## CPU per operation")))
                .contains("Pooled over 3 cells (each level's estimates averaged): within a fork not measured, between "
                        + "forks 8.2% (34%)")
                .contains("| `tools` | `raw` | 2 | 6 | — | — | 10.0% (19%) | 20.4% (81%) |");
    }

    @Test
    void oneRunHasNoColumnBetweenRunsAndTheJsonSaysTheSame() throws Exception {
        Variance variance = Variance.of(List.of(a), 0.05);
        String markdown = VarianceMarkdown.render(variance);
        assertThat(markdown).contains("with one run, nothing between runs is seen")
                .contains("| `tools` | `raw` | 1 | 3 | 11 | 0.0% (0%) | 10.0% (100%) | — | ±11.3% | — | 31 |");

        JsonNode json = new ObjectMapper().readTree(VarianceJson.render(variance));
        assertThat(json.path("format").asText()).isEqualTo(VarianceJson.FORMAT);
        assertThat(json.path("runs")).hasSize(1);
        JsonNode tools = null;
        for (JsonNode cell : json.path("cells")) {
            if (cell.path("name").asText().equals("tools") && cell.path("figure").asText().equals("time")) {
                tools = cell;
            }
        }
        assertThat(tools).as("raw/tools' time").isNotNull();
        assertThat(tools.path("target").asText()).isEqualTo("raw");
        assertThat(tools.path("betweenForks").path("sd").asDouble()).isCloseTo(0.1, offset(1e-6));
        assertThat(tools.path("betweenRuns").isNull()).isTrue();
        assertThat(tools.path("twoRuns").isNull()).isTrue();
        assertThat(tools.path("forksForPrecision").asInt()).isEqualTo(31);
    }
}
