package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The cost curves of a run with a {@code history} sweep (H = 1, 16, 64, 256) of three forks a cell: the
 * {@code wire} floor, whose turn costs 60 µs plus 0.4 µs a turn of history; {@code quadratic}, 20 µs plus
 * 20 ns × H²; {@code linear}, 30 µs plus 30 µs × H, whose cell at H = 64 failed; and a {@code reply}
 * benchmark swept over {@code tokens} at {@code stream=false} and {@code stream=true}, on {@code wire}
 * (50 µs plus 0.1 µs a token) and {@code barely} (its medians 265 to 290 µs, its forks up to 25% apart).
 */
class CostCurvesTest {

    private static final List<Integer> HISTORY = List.of(1, 16, 64, 256);

    /** A cell of three forks, each fork's costs {@code cost(x)} with 2% noise; retained bytes ∝ x. */
    private static CellResult cell(String target, String benchmark, String name, double x, DoubleUnaryOperator cost,
            Random random) {
        return cell(target, benchmark, name, x, cost, random, 0.02);
    }

    /** A cell of three forks, each fork's time {@code cost(x)} with {@code noise}; retained bytes ∝ x. */
    private static CellResult cell(String target, String benchmark, String name, double x, DoubleUnaryOperator cost,
            Random random, double noise) {
        double[] nanos = new double[3];
        for (int f = 0; f < nanos.length; f++) {
            nanos[f] = cost.applyAsDouble(x) * Math.exp(noise * random.nextGaussian());
        }
        return cell(target, benchmark, name, x, nanos, random);
    }

    /** A cell of one fork per value of {@code forkNanos}, each fork's time that value; retained bytes ∝ x. */
    private static CellResult cell(String target, String benchmark, String name, double x, double[] forkNanos,
            Random random) {
        List<Fork> forks = new ArrayList<>();
        for (int f = 1; f <= forkNanos.length; f++) {
            double nanos = forkNanos[f - 1];
            TimeStats time = new TimeStats(TimeStats.NANOS, 100, nanos, nanos * 1.1, nanos * 1.2, nanos, nanos / 50,
                    nanos * 0.9, nanos * 1.3);
            Figure retained = new Figure.Definition("retainedPerSession", "retained per session", "B",
                    Figure.Better.LOWER, Figure.Combine.MEDIAN, "Retained heap per session", "held sessions")
                    .of(4096 * x * Math.exp(0.02 * random.nextGaussian()));
            Figure neither = new Figure.Definition("mockRequestsPerIteration", "requests", "", Figure.Better.NEITHER,
                    Figure.Combine.MEDIAN, "The mock's own time", "requests").of(1);
            // better lower, but a yes or no: no curve
            Figure flag = new Figure.Definition("buffered", "buffered", Figure.FLAG, Figure.Better.LOWER,
                    Figure.Combine.MAX, "Streaming", "whether the target held the stream back").of(0);
            forks.add(new Fork(f, time, List.of(), null, true, 1.0, new Cpu(nanos * 0.9, 0, 0),
                    new Memory(2000 + 100 * x, true, null, null), null, null, null, List.of(retained, neither, flag),
                    List.of()));
        }
        TimeStats time = forks.get(1).time();
        return new CellResult(target, benchmark, 1, name, CellStatus.OK, null, time, 100, true, 1.0, List.of(),
                new Memory(2000 + 100 * x, true, null, null), null, null, null,
                List.copyOf(forks.get(0).figures()), forks,
                new Cpu(time.median() * 0.9, 0, 0), List.of());
    }

    static RunData run() {
        Random random = new Random(42);
        List<CellResult> cells = new ArrayList<>();
        List<PlannedCell> planned = new ArrayList<>();
        Map<String, DoubleUnaryOperator> costs = new java.util.LinkedHashMap<>();
        costs.put("wire", h -> 60_000 + 400 * h);
        costs.put("quadratic", h -> 20_000 + 20 * h * h);
        costs.put("linear", h -> 30_000 + 30_000 * h);
        for (int h : HISTORY) {
            for (Map.Entry<String, DoubleUnaryOperator> target : costs.entrySet()) {
                String name = "history_history=" + h;
                planned.add(new PlannedCell(target.getKey(), "history", 1, name));
                if (target.getKey().equals("linear") && h == 64) {
                    cells.add(CellResult.failed(planned.get(planned.size() - 1), CellStatus.FAILED,
                            "turn 65 failed", List.of()));
                } else {
                    cells.add(cell(target.getKey(), "history", name, h, target.getValue(), random));
                }
            }
        }
        // a target that barely notices the reply's length (its medians rise 10% from 16 to 2,048 tokens)
        // on a noisy machine, its forks up to 25% apart
        Map<Integer, double[]> barely = Map.of(16, new double[] {265_000, 230_000, 300_000},
                256, new double[] {263_000, 300_000, 240_000}, 2048, new double[] {339_000, 270_000, 290_000});
        for (String stream : List.of("false", "true")) {
            for (int tokens : List.of(16, 256, 2048)) {
                String name = "reply_tokens=" + tokens + "_stream=" + stream;
                planned.add(new PlannedCell("wire", "reply", 1, name));
                cells.add(cell("wire", "reply", name, tokens, t -> 50_000 + 100 * t, random));
                planned.add(new PlannedCell("barely", "reply", 1, name));
                cells.add(cell("barely", "reply", name, tokens, barely.get(tokens), random));
                // a target that makes no model call: not applicable at every value
                planned.add(new PlannedCell("mute", "reply", 1, name));
                cells.add(CellResult.failed(planned.get(planned.size() - 1), CellStatus.NOT_APPLICABLE,
                        "mute makes no model call", List.of()));
            }
        }
        planned.add(new PlannedCell("wire", "turn1", 1));
        cells.add(cell("wire", "turn1", "turn1", 1, t -> 50_000, random));
        RunInfo info = new RunInfo("20261202-060000-curve", RunStatus.COMPLETED, "2026-12-02T06:00:00Z",
                "2026-12-02T06:10:00Z", List.of("run"), Map.of(), planned, Map.of());
        return new RunData(new RunLayout(Path.of("run")), info, cells);
    }

    @Test
    void cellNamesGiveTheirParametersInOrderAndOtherNamesNone() {
        assertThat(CostCurves.params(cell("wire", "reply", "reply_tokens=256_stream=true", 1, x -> 1, new Random())))
                .containsExactly(Map.entry("tokens", "256"), Map.entry("stream", "true"));
        CellResult concurrent = CellResult.failed(new PlannedCell("wire", "reply", 8, "reply_tokens=16_c8"),
                CellStatus.MISSING, "no result", List.of());
        assertThat(CostCurves.params(concurrent)).containsExactly(Map.entry("tokens", "16"));
        assertThat(CostCurves.params(cell("wire", "turn5", "turn5", 1, x -> 1, new Random()))).isEmpty();
        assertThat(CostCurves.params(cell("wire", "history", "history_history=", 1, x -> 1, new Random()))).isEmpty();
    }

    @Test
    void aSweepPerNumericParameterAndFixedValuesNoneOfTheBooleanOne() {
        List<CostCurves.Sweep> sweeps = CostCurves.of(run(), List.of("wire", "quadratic", "linear"));

        assertThat(sweeps).extracting(CostCurves.Sweep::title)
                .containsExactly("history", "reply, stream=false", "reply, stream=true");
        assertThat(sweeps.get(0).values()).containsExactly("1", "16", "64", "256");
        assertThat(sweeps.get(0).figures()).extracting(CostCurves.CostFigure::name)
                .as("the core figures, then the kind's figures that are better lower, but for flags")
                .containsExactly("time", "cpu", "allocated", "retainedPerSession");

        List<CostCurves.Sweep> reply = CostCurves.of(run(), List.of("wire", "barely", "mute"));
        assertThat(reply.get(1).curves(CostCurves.TIME)).extracting(CostCurves.Curve::target)
                .as("no curve for a target none of whose cells is applicable").containsExactly("wire", "barely");
    }

    @Test
    void eachTargetsExponentReadsItsGrowthAndTheQuadraticIsFlaggedSuperlinear() {
        CostCurves.Sweep history = CostCurves.of(run(), List.of("wire", "quadratic", "linear")).get(0);
        Map<String, CostCurves.Curve> time = new java.util.HashMap<>();
        history.curves(CostCurves.TIME).forEach(curve -> time.put(curve.target(), curve));

        assertThat(time.get("quadratic").exponent().value()).isCloseTo(2.0, within(0.2));
        assertThat(time.get("quadratic").superlinear()).isTrue();
        assertThat(time.get("wire").exponent().value()).isCloseTo(1.0, within(0.2));
        assertThat(time.get("wire").superlinear()).isFalse();
        // three OK values of four still make an exponent
        assertThat(time.get("linear").exponent().value()).isCloseTo(1.0, within(0.1));
        assertThat(time.get("linear").points().get(2).cell().status()).isEqualTo(CellStatus.FAILED);
        CostCurves.Curve retained = history.curves(history.figures().get(3)).get(1);
        assertThat(retained.exponent().value()).as("retained bytes ∝ H").isCloseTo(1.0, within(0.1));
    }

    @Test
    void reportMdHasATableOfMediansAndExponentsPerSweepAndFigure() {
        String md = new MarkdownFormat().render(run(), ReportOptions.defaults());

        assertThat(md).contains("## Cost curves\n\n")
                .contains("### history against `history`\n\n**time per iteration**\n\n"
                        + "| Target | history=1 | history=16 | history=64 | history=256 | Exponent | |\n"
                        + "|---|---:|---:|---:|---:|---:|---|\n")
                .contains("### reply, stream=true against `tokens`")
                .containsPattern("\\| `quadratic` \\|( [^|]+ \\|){4} [12]\\.\\d\\d \\[[\\d.]+–[\\d.]+\\] \\| \\*\\*superlinear\\*\\* \\|")
                .containsPattern("\\| `linear` \\| [^|]+ \\| [^|]+ \\| FAILED \\| [^|]+ \\| (1\\.0\\d|0\\.9\\d)")
                .containsPattern("\\| `barely` \\|( [^|]+ \\|){3} undetermined \\[[\\d.]+–[\\d.]+\\] \\|  \\|")
                .contains("\"undetermined\" replaces an exponent whose interval is wider than 2.00");
    }

    @Test
    void summaryJsonCarriesEveryCurveWithItsPointsAndExponent() throws Exception {
        JsonNode summary = RunData.MAPPER.readTree(new SummaryJsonFormat().render(run(), ReportOptions.defaults()));

        JsonNode history = summary.path("curves").get(0);
        assertThat(history.path("benchmark").asText()).isEqualTo("history");
        assertThat(history.path("parameter").asText()).isEqualTo("history");
        JsonNode quadratic = null;
        for (JsonNode curve : history.path("curves")) {
            if (curve.path("target").asText().equals("quadratic") && curve.path("figure").asText().equals("cpu")) {
                quadratic = curve;
            }
        }
        assertThat(quadratic).isNotNull();
        assertThat(quadratic.path("points")).hasSize(4);
        assertThat(quadratic.path("points").get(3).path("forks")).hasSize(3);
        assertThat(quadratic.path("exponent").path("value").asDouble()).isCloseTo(2.0, within(0.2));
        assertThat(quadratic.path("exponent").path("low").asDouble()).isGreaterThan(1.0);
        assertThat(quadratic.path("superlinear").asBoolean()).isTrue();
        assertThat(quadratic.path("determined").asBoolean()).isTrue();
        JsonNode barely = null;
        for (JsonNode curve : summary.path("curves").get(1).path("curves")) {
            if (curve.path("target").asText().equals("barely") && curve.path("figure").asText().equals("time")) {
                barely = curve;
            }
        }
        assertThat(barely).as("reply's first sweep has the barely-growing target").isNotNull();
        assertThat(barely.path("determined").asBoolean()).isFalse();
        assertThat(barely.path("exponent").path("high").asDouble() - barely.path("exponent").path("low").asDouble())
                .isGreaterThan(2.0);
        assertThat(summary.path("curves")).hasSize(3);
    }

    @Test
    void reportHtmlDrawsALogLogChartWithALinePerTargetAndTheFloor() {
        String html = new HtmlFormat().render(run(), ReportOptions.defaults());

        int start = html.indexOf("<section class=\"card\" id=\"cost-curves\">");
        assertThat(start).isPositive();
        String section = html.substring(start, html.indexOf("</section>", start));
        String chart = section.substring(section.indexOf("<svg"), section.indexOf("</svg>"));
        assertThat(chart).contains("logarithmic scales");
        // linear's line breaks at its failed cell: two pieces, wire and quadratic one each
        assertThat(chart.split("<polyline", -1)).hasSize(1 + 4);
        assertThat(chart).contains("wire at history=256").contains("quadratic at history=1");
        assertThat(section).doesNotContain("http://").doesNotContain("https://");
        assertThat(section).contains("<strong>superlinear</strong>");
    }

    @Test
    void aRunWithoutParametersHasNoSectionAndNoCurves() throws Exception {
        RunData run = run();
        List<CellResult> plain = run.cells().stream().filter(cell -> cell.benchmark().equals("turn1")).toList();
        RunData without = new RunData(run.layout(), run.info(), plain);

        assertThat(new MarkdownFormat().render(without, ReportOptions.defaults())).doesNotContain("Cost curves");
        assertThat(RunData.MAPPER.readTree(new SummaryJsonFormat().render(without, ReportOptions.defaults()))
                .path("curves").isEmpty()).isTrue();
    }
}
