package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
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
import dev.agentbench.report.stats.Estimate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code jmh-result.json} of a run that holds every kind of cell, held to what each tool that reads
 * JMH's JSON takes from it: github-action-benchmark's JMH extractor, Bencher's {@code java_jmh}
 * adapter and JMH visualizer, one test each, and to the reports, whose median and interval it must
 * give. The cells: a plain timed cell of three forks with CPU time and allocation, its {@code _c8}
 * row, a cold start of one JVM per sample, a footprint cell of three samples (no interval), a
 * benchmark with a parameter, a cell of one fork without CPU time, and a FAILED cell.
 */
class JmhJsonReadersTest {

    /** What a time unit may be before {@code /op} or after {@code ops/} for Bencher's adapter. */
    private static final String BENCHER_TIME = "(ps|ns|us|µs|μs|ms|s)";

    private static final Figure.Definition FIRST_REPLY = new Figure.Definition("firstReplyMs", "first reply", "ms",
            Figure.Better.LOWER, Figure.Combine.MEDIAN, "Cold start", "Launch to the first reply.", true);

    private static RunData run;
    private static JsonNode root;
    private static String json;

    @BeforeAll
    static void render() throws Exception {
        run = everyKind();
        json = new JmhJsonFormat().render(run, ReportOptions.defaults());
        root = RunData.MAPPER.readTree(json);
    }

    // ---- the run ----

    /** The statistics of {@code samples} as the harness gives them (median, p95, p99 by guava, sample stddev). */
    private static TimeStats stats(long[] samples) {
        Stats stats = Stats.of(samples);
        Map<Integer, Double> ranks = Quantiles.percentiles().indexes(50, 95, 99).compute(samples);
        return new TimeStats(TimeStats.NANOS, samples.length, ranks.get(50), ranks.get(95), ranks.get(99), stats.mean(),
                samples.length > 1 ? stats.sampleStandardDeviation() : 0.0, stats.min(), stats.max());
    }

    /** A fork of {@code n} samples from {@code nanos} up, each {@code step} more, in a scrambled order. */
    private static Fork fork(int number, long nanos, long step, int n, Double cpuNanos, Memory memory,
            List<Figure> figures) {
        List<Long> samples = LongStream.range(0, n).map(i -> nanos + ((i * 7) % n) * step).boxed().toList();
        TimeStats time = stats(samples.stream().mapToLong(Long::longValue).toArray());
        Cpu cpu = cpuNanos == null ? null : new Cpu(cpuNanos, (long) (cpuNanos * n), n);
        return new Fork(number, time, samples, null, true, 1.0, cpu, memory, null, null, null, figures, List.of());
    }

    /** A cell of {@code forks}, merged as the harness merges them: the median of the forks' medians, the rest pooled. */
    private static CellResult cell(String target, String benchmark, int concurrency, Map<String, String> params,
            List<Fork> forks, Memory memory) {
        long[] pooled = forks.stream().flatMap(fork -> fork.samples().stream()).mapToLong(Long::longValue).toArray();
        TimeStats all = stats(pooled);
        double median = Quantiles.median().compute(forks.stream().mapToDouble(fork -> fork.time().median()).toArray());
        TimeStats time = new TimeStats(TimeStats.NANOS, all.n(), median, all.p95(), all.p99(), all.mean(), all.stddev(),
                all.min(), all.max());
        boolean everyCpu = forks.stream().allMatch(fork -> fork.cpu() != null);
        Cpu cpu = everyCpu ? new Cpu(Quantiles.median().compute(forks.stream().mapToDouble(fork -> fork.cpu()
                .nanosPerOp()).toArray()), forks.stream().mapToLong(fork -> fork.cpu().nanos()).sum(),
                forks.stream().mapToLong(fork -> fork.cpu().ops()).sum()) : null;
        List<Figure> figures = new ArrayList<>();
        if (!forks.get(0).figures().isEmpty()) {
            figures.add(Figure.combined(forks.stream().map(fork -> fork.figures().get(0)).toList()));
        }
        return new CellResult(RunLayout.FORMAT, target, benchmark, concurrency,
                CellResult.cellName(benchmark, params, concurrency), CellStatus.OK, null, time, 500, true, 1.0,
                List.of(), List.of(), memory, null, null, null, figures, forks, cpu, List.of(), params);
    }

    static RunData everyKind() {
        List<CellResult> cells = new ArrayList<>();
        Memory alloc = new Memory(48_213.0, true, null, null);
        // plain timed cells of three JVMs that settled apart, with CPU time and allocation
        cells.add(cell("raw", "turn1", 1, Map.of(), List.of(fork(1, 190_000, 500, 24, 520_000.0, alloc, List.of()),
                fork(2, 200_000, 400, 24, 550_000.0, alloc, List.of()),
                fork(3, 226_000, 600, 24, 580_000.0, alloc, List.of())), alloc));
        cells.add(cell("llmagent", "turn1", 1, Map.of(), List.of(fork(1, 610_000, 2_000, 24, 1.9e6, alloc, List.of()),
                fork(2, 655_000, 1_500, 24, 2.1e6, alloc, List.of()),
                fork(3, 590_000, 2_500, 24, 2.0e6, alloc, List.of())), alloc));
        // N = 8: an iteration is eight sessions
        Memory alloc8 = new Memory(8 * 50_000.0, true, null, null);
        cells.add(cell("raw", "turn1", 8, Map.of(), List.of(fork(1, 1_650_000, 5_000, 20, 1.65e6, alloc8, List.of()),
                fork(2, 1_690_000, 4_000, 20, 1.69e6, alloc8, List.of())), alloc8));
        // a cold start: each sample a JVM of its own, no warm-up, its first reply a figure over the floor's
        List<Fork> jvms = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            jvms.add(fork(i + 1, 400_000_000L + i * 7_000_000L, 0, 1, null, null, List.of(FIRST_REPLY.of(380 + i * 7))));
        }
        cells.add(cell("raw", "cold_start", 1, Map.of(), jvms, null));
        // footprint: three samples, too few for an interval; retained bytes per agent
        Memory retained = new Memory(null, false, 5_324.8, "agent");
        cells.add(cell("raw", "memory_footprint", 1, Map.of(),
                List.of(fork(1, 20_000, 1_000, 3, null, retained, List.of())), retained));
        // a benchmark with a parameter, two forks
        Map<String, String> history = new LinkedHashMap<>();
        history.put("history", "64");
        cells.add(cell("raw", "history", 1, history, List.of(fork(1, 900_000, 3_000, 12, 1.1e6, alloc, List.of()),
                fork(2, 950_000, 2_000, 12, 1.2e6, alloc, List.of())), alloc));
        // one fork, no CPU time
        cells.add(cell("raw", "turn5", 1, Map.of(), List.of(fork(1, 800_000, 1_000, 30, null, null, List.of())), null));
        // a cell that failed: no entry
        cells.add(CellResult.failed(new PlannedCell("llmagent", "turn5", 1), CellStatus.FAILED, "boom", List.of()));
        List<PlannedCell> planned = cells.stream().map(cell -> new PlannedCell(cell.target(), cell.benchmark(),
                cell.concurrency(), cell.name(), cell.params())).toList();
        RunInfo info = new RunInfo("20261202-180000-jmhr", RunStatus.COMPLETED, "2026-12-02T18:00:00Z",
                "2026-12-02T18:30:00Z", List.of("run"), Map.of("javaExecutable", "/usr/bin/java", "jvmArgs", "-Xmx1g"),
                planned, Map.of("java.version", "17.0.12"));
        return new RunData(new RunLayout(Path.of("20261202-180000-jmhr")), info, cells);
    }

    // ---- what every reader needs ----

    @Test
    void theFileHoldsEveryOkCellAndNoNumberThatIsNotOne() {
        List<String> names = new ArrayList<>();
        root.forEach(entry -> names.add(entry.get("benchmark").asText()));
        assertThat(names).as("one entry per OK cell, the FAILED one left out").hasSize(7)
                .doesNotContain("agentbench.llmagent.turn5");
        assertThat(json).as("JSON has no NaN or infinity: JMH writes them as strings, which no reader takes")
                .doesNotContain("NaN").doesNotContain("INF").doesNotContain("Infinity");
        for (JsonNode entry : root) {
            String benchmark = entry.get("benchmark").asText();
            everyValue(entry, benchmark, node -> {
                if (node.isNumber()) {
                    assertThat(Double.isFinite(node.asDouble())).as("%s: every number finite", benchmark).isTrue();
                }
            });
            for (String field : List.of("threads", "forks", "warmupIterations", "warmupBatchSize",
                    "measurementIterations", "measurementBatchSize")) {
                assertThat(entry.get(field).isInt()).as("%s: %s an integer", benchmark, field).isTrue();
            }
            metrics(entry).forEach((name, metric) -> {
                String what = benchmark + " " + name;
                assertThat(metric.get("score").isNumber()).as("%s: score a number", what).isTrue();
                assertThat(metric.get("scoreError").isNumber()).as("%s: scoreError a number", what).isTrue();
                JsonNode confidence = metric.get("scoreConfidence");
                assertThat(confidence.isArray() && confidence.size() == 2 && confidence.get(0).isNumber()
                        && confidence.get(1).isNumber()).as("%s: scoreConfidence two numbers, %s", what, confidence)
                        .isTrue();
                double score = metric.get("score").asDouble();
                assertThat(confidence.get(0).asDouble()).as("%s: low ≤ score", what).isLessThanOrEqualTo(score);
                assertThat(confidence.get(1).asDouble()).as("%s: score ≤ high", what).isGreaterThanOrEqualTo(score);
                assertThat(metric.get("scoreError").asDouble()).as("%s: score ± scoreError holds the interval", what)
                        .isGreaterThanOrEqualTo(score - confidence.get(0).asDouble())
                        .isGreaterThanOrEqualTo(confidence.get(1).asDouble() - score);
                metric.get("scorePercentiles").forEach(value -> assertThat(value.isNumber())
                        .as("%s: percentiles numbers", what).isTrue());
                metric.get("rawData").forEach(fork -> {
                    assertThat(fork.isArray()).as("%s: rawData one array per fork", what).isTrue();
                    fork.forEach(value -> assertThat(value.isNumber()).as("%s: raw data numbers", what).isTrue());
                });
                if (name.equals("primaryMetric") || name.equals(JmhJsonFormat.CPU_METRIC)) {
                    assertThat(confidence.get(0).asDouble()).as("%s: a time's interval never below 0", what)
                            .isGreaterThanOrEqualTo(0);
                }
            });
        }
    }

    @Test
    void eachCellsScoreAndIntervalAreWhatTheReportPrints() {
        Intervals intervals = new Intervals();
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        String markdown = new MarkdownFormat().render(run, ReportOptions.defaults());
        int withInterval = 0;
        for (JsonNode entry : root) {
            CellResult cell = cellOf(entry);
            JsonNode primary = entry.get("primaryMetric");
            double score = primary.get("score").asDouble();
            double low = primary.at("/scoreConfidence/0").asDouble();
            double high = primary.at("/scoreConfidence/1").asDouble();
            Optional<Estimate> interval = intervals.median(cell);
            assertThat(score).as("%s: score is the report's median", cell.name())
                    .isEqualTo(cell.time().median() / 1000);
            assertThat(List.of(low, high)).as("%s: scoreConfidence is the report's 95%% interval", cell.name())
                    .isEqualTo(interval.map(e -> List.of(e.low() / 1000, e.high() / 1000))
                            .orElse(List.of(score, score)));
            withInterval += interval.isPresent() ? 1 : 0;
            // and as report.md prints it, in the row's unit
            ComparisonTable.RowContext row = Sections.context(rows.get(cell.name()));
            Units.TimeUnitLabel unit = row.timeUnit();
            String fromJson = unit.format(score * 1000) + (high > low
                    ? " " + ForkFigures.bounds(low * 1000 / unit.nanos, high * 1000 / unit.nanos) : "");
            String printed = ForkFigures.time(intervals).text(cell, row).replace(" †", "");
            assertThat(fromJson).as("%s: what report.md prints", cell.name()).isEqualTo(printed);
            assertThat(markdown).as("%s: report.md has it", cell.name()).contains(printed);
        }
        assertThat(withInterval).as("cells with an interval, and cells without").isBetween(1, root.size() - 1);

        JsonNode cpu = find("agentbench.raw.turn1").at("/secondaryMetrics/" + JmhJsonFormat.CPU_METRIC);
        CellResult turn1 = run.cells().get(0);
        Estimate cpuInterval = intervals.cpu(turn1).orElseThrow();
        assertThat(cpu.get("score").asDouble()).as("CPU: the report's figure, the median of the forks'")
                .isEqualTo(turn1.cpu().nanosPerOp() / 1000);
        assertThat(cpu.get("scoreConfidence").toString()).as("CPU: the interval over forks")
                .isEqualTo("[" + cpuInterval.low() / 1000 + "," + cpuInterval.high() / 1000 + "]");
        JsonNode coldStart = find("agentbench.raw.cold_start").at("/secondaryMetrics/firstReplyMs");
        assertThat(coldStart.get("scoreConfidence").toString()).as("a kind's figure: the forks' range, as the report "
                + "brackets it").isEqualTo("[380.0,429.0]");
    }

    // ---- github-action-benchmark (tool: 'jmh', src/extract.ts) ----

    @Test
    void githubActionBenchmarkReadsANamePerCellAValueAndAUnit() {
        assertThat(root.isArray() && root.size() > 0).as("github-action-benchmark: a non-empty array (it fails on "
                + "a file without benchmarks)").isTrue();
        Set<String> names = new HashSet<>();
        for (JsonNode entry : root) {
            String benchmark = entry.get("benchmark").asText();
            assertThat(entry.get("benchmark").isTextual() && !benchmark.isBlank())
                    .as("github-action-benchmark: `benchmark` a name").isTrue();
            assertThat(entry.at("/primaryMetric/score").isNumber())
                    .as("%s: github-action-benchmark charts primaryMetric.score, a number", benchmark).isTrue();
            assertThat(entry.at("/primaryMetric/scoreUnit").asText())
                    .as("%s: github-action-benchmark shows scoreUnit, the same for every cell", benchmark)
                    .isEqualTo(JmhJsonFormat.TIME_UNIT);
            for (String field : List.of("measurementIterations", "forks", "threads")) {
                assertThat(entry.get(field).isInt()).as("%s: github-action-benchmark's extra shows %s", benchmark,
                        field).isTrue();
            }
            JsonNode params = entry.get("params");
            if (params != null) {
                assertThat(params.isObject()).as("%s: github-action-benchmark appends params, an object", benchmark)
                        .isTrue();
                params.forEach(value -> assertThat(value.isTextual()).as("%s: params strings", benchmark).isTrue());
            }
            String name = benchmark + (params == null ? "" : " ( " + params + " )");
            assertThat(names.add(name)).as("github-action-benchmark: the name with its params [%s] tells the cell "
                    + "apart", name).isTrue();
        }
        assertThat(find("agentbench.raw.history").get("params").toString())
                .as("github-action-benchmark: a benchmark with parameters has them in params")
                .isEqualTo("{\"history\":\"64\"}");
        assertThat(find("agentbench.raw.turn1").has("params")).as("none for a benchmark without parameters")
                .isFalse();
    }

    // ---- Bencher (adapter java_jmh, lib/bencher_adapter/src/adapters/java/jmh.rs) ----

    @Test
    void bencherReadsNumericBoundsAnOpUnitAndASecondaryMetricsObject() {
        for (JsonNode entry : root) {
            String benchmark = entry.get("benchmark").asText();
            assertThat(entry.get("benchmark").isTextual() && !benchmark.isBlank())
                    .as("Bencher: `benchmark` a benchmark name").isTrue();
            JsonNode primary = entry.get("primaryMetric");
            assertThat(primary.get("score").isNumber()).as("%s: Bencher: score a float", benchmark).isTrue();
            JsonNode confidence = primary.get("scoreConfidence");
            assertThat(confidence.isArray() && confidence.size() == 2 && confidence.get(0).isNumber()
                    && confidence.get(1).isNumber()).as("%s: Bencher: scoreConfidence a pair of floats", benchmark)
                    .isTrue();
            assertThat(primary.get("scoreError").isNumber())
                    .as("%s: Bencher (older adapter): scoreError a float, its bounds score ± scoreError", benchmark)
                    .isTrue();
            assertThat(primary.get("scoreUnit").asText()).as("%s: Bencher: scoreUnit <time>/op or ops/<time>",
                    benchmark).matches(BENCHER_TIME + "/op|ops/" + BENCHER_TIME);
            assertThat(entry.get("secondaryMetrics")).as("%s: Bencher: secondaryMetrics present", benchmark)
                    .isNotNull();
            assertThat(entry.get("secondaryMetrics").isObject()).as("%s: Bencher: secondaryMetrics an object",
                    benchmark).isTrue();
        }
        assertThat(find("agentbench.raw.turn5").at("/secondaryMetrics").isObject())
                .as("Bencher: an object even for a cell without secondary metrics").isTrue();
    }

    // ---- JMH visualizer (jzillmann/jmh-visualizer: functions/parse.js, BarDataSet.js) ----

    @Test
    void jmhVisualizerReadsClassAndMethodParamsErrorBarsAndAllocation() {
        for (JsonNode entry : root) {
            String benchmark = entry.get("benchmark").asText();
            String[] parts = benchmark.split("\\.");
            CellResult cell = cellOf(entry);
            assertThat(parts).as("JMH visualizer: `benchmark` is package.Class.method").hasSize(3);
            assertThat(parts[1]).as("JMH visualizer: the class (its chart) is the target").isEqualTo(cell.target());
            assertThat(parts[2]).as("JMH visualizer: the method (its bar) is the cell without its params")
                    .isEqualTo(CellResult.cellName(cell.benchmark(), cell.concurrency()));
            JsonNode params = entry.get("params");
            if (params != null) {
                params.fields().forEachRemaining(param -> assertThat(param.getKey() + param.getValue().asText())
                        .as("JMH visualizer splits `method key=value` at spaces and '='").doesNotContain(" ", "="));
            }
            assertThat(entry.get("mode").asText()).as("JMH visualizer: not `sample`, which it reads as "
                    + "rawDataHistogram").isIn("avgt", "ss");
            assertThat(entry.get("secondaryMetrics").isObject())
                    .as("JMH visualizer lists the keys of secondaryMetrics, an object").isTrue();
            metrics(entry).forEach((name, metric) -> {
                double score = metric.get("score").asDouble();
                assertThat(metric.get("scoreError").isNumber()).as("%s %s: JMH visualizer draws error bars only "
                        + "when scoreError is a number", benchmark, name).isTrue();
                double low = metric.at("/scoreConfidence/0").asDouble();
                double high = metric.at("/scoreConfidence/1").asDouble();
                assertThat(score - low >= 0 && high - score >= 0).as("%s %s: JMH visualizer's bars, score − low "
                        + "and high − score, are not negative", benchmark, name).isTrue();
                assertThat(metric.get("rawData").isArray()).as("%s %s: JMH visualizer's tooltip reads rawData",
                        benchmark, name).isTrue();
            });
        }
        JsonNode allocation = find("agentbench.raw.turn1").at("/secondaryMetrics/gc.alloc.rate.norm");
        assertThat(allocation.isObject()).as("JMH visualizer: gc.alloc.rate.norm in secondaryMetrics").isTrue();
        assertThat(allocation.get("scoreUnit").asText()).isEqualTo("B/op");
        assertThat(allocation.get("score").asDouble()).isEqualTo(48_213.0);
        assertThat(find("agentbench.raw.turn1_c8").at("/secondaryMetrics/gc.alloc.rate.norm/score").asDouble())
                .as("per operation, as JMH's: the iteration's bytes over N").isEqualTo(50_000.0);
    }

    // ---- helpers ----

    private static CellResult cellOf(JsonNode entry) {
        String[] parts = entry.get("benchmark").asText().split("\\.");
        Map<String, String> params = new LinkedHashMap<>();
        if (entry.has("params")) {
            entry.get("params").fields().forEachRemaining(param -> params.put(param.getKey(), param.getValue().asText()));
        }
        int threads = entry.get("mode").asText().equals("ss") ? 1 : entry.get("threads").asInt();
        return run.cells().stream().filter(cell -> cell.target().equals(parts[1])
                && CellResult.cellName(cell.benchmark(), cell.concurrency()).equals(parts[2])
                && cell.params().equals(params) && cell.concurrency() == threads).findFirst()
                .orElseThrow(() -> new AssertionError("No cell of [" + entry.get("benchmark") + "]"));
    }

    private static JsonNode find(String benchmark) {
        for (JsonNode entry : root) {
            if (entry.get("benchmark").asText().equals(benchmark)) {
                return entry;
            }
        }
        throw new AssertionError("No entry [" + benchmark + "]");
    }

    /** The primary metric and every secondary one, by name. */
    private static Map<String, JsonNode> metrics(JsonNode entry) {
        Map<String, JsonNode> metrics = new LinkedHashMap<>();
        metrics.put("primaryMetric", entry.get("primaryMetric"));
        Iterator<Map.Entry<String, JsonNode>> secondary = entry.get("secondaryMetrics").fields();
        secondary.forEachRemaining(metric -> metrics.put(metric.getKey(), metric.getValue()));
        return metrics;
    }

    private static void everyValue(JsonNode node, String where, java.util.function.Consumer<JsonNode> check) {
        check.accept(node);
        node.forEach(child -> everyValue(child, where, check));
    }
}
