package dev.agentbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.report.stats.Estimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jmh-result.json}: the OK cells in the shape of JMH's own JSON output ({@code -rf json}), so
 * that tools made for JMH results read a run as they are, and draw what the reports say.
 *
 * <p>The tools read little of the file, but strictly. github-action-benchmark names an entry
 * {@code benchmark} plus its {@code params} and charts {@code primaryMetric.score} in {@code
 * scoreUnit}. Bencher's JMH adapter parses the whole file or nothing: {@code score} and both bounds
 * of {@code scoreConfidence} as numbers (its older versions: {@code score ± scoreError}), {@code
 * scoreUnit} as {@code <time>/op} or {@code ops/<time>}, {@code secondaryMetrics} an object. JMH
 * visualizer groups entries by {@code benchmark} up to its last dot (the class) and names a bar by
 * the rest (the method) and the {@code params}; it draws {@code score} with error bars from {@code
 * scoreConfidence}, unless {@code scoreError} is not a number, and lists each key of {@code
 * secondaryMetrics}. So no number here is ever {@code NaN} or infinite: JMH writes those as strings
 * ({@code "NaN"} for the error of two values or fewer), which Bencher rejects and the others draw as
 * nothing. {@code JmhJsonReadersTest} holds the file to each tool's rules.
 *
 * <p>The mapping, one entry per OK cell with a time, in report order:
 * <ul>
 *   <li>{@code benchmark} is {@code agentbench.<target>.<cell>}, e.g. {@code agentbench.raw.turn1_c8}:
 *       the three parts of JMH's {@code package.Class.method}, so that the visualizer charts each
 *       target as a class of its cells. It is without the cell's parameters: as JMH writes a benchmark
 *       with {@code @Param} fields, their values are in {@code params}, an object of strings in
 *       declaration order, present only when the benchmark has parameters ({@code
 *       agentbench.raw.history} with {@code "params": {"history": "64"}}). Tools that tell entries
 *       apart by benchmark and params, as JMH's own do, keep the cells apart.
 *   <li>{@code primaryMetric} says what the reports say: {@code score} is the cell's headline, the
 *       median of its forks' medians ({@link CellResult#time()}), not JMH's mean; {@code
 *       scoreConfidence} is the 95% interval the reports print beside it ({@link Intervals#median}:
 *       it sees the spread between JVMs, which JMH's 99.9% interval over the pooled iterations does
 *       not); {@code scoreError} is the distance from the score to the farther bound, so that a tool
 *       that draws {@code score ± scoreError} draws a band that holds the whole interval. A cell the
 *       reports give no interval (fewer than six samples) has {@code [score, score]} and an error of
 *       0: a bar of no width, where the reports print the median alone. {@code scorePercentiles} and
 *       {@code rawData} stay the samples: one list per fork (a fresh JVM, as JMH's forks are), the
 *       percentiles over them pooled, as JMH pools its forks' iterations; a cell read without its
 *       samples (from {@code summary.json}) has the percentiles its statistics know (0, 50, 95, 99
 *       and 100) and no raw data.
 *   <li>{@code mode} is {@code avgt}: each timed iteration of a cell is one operation timed on its
 *       own, i.e. a JMH iteration of batch size 1 whose score is that operation's time, and {@code
 *       forks} is their number. JMH's {@code sample} mode would fit the samples as well, but JMH writes
 *       it as {@code rawDataHistogram}, which the visualizer then reads instead of {@code rawData}.
 *       Cold start is {@code ss} (single shot) with one fork per sample, since each sample is a fresh
 *       JVM.
 *   <li>{@code measurementIterations} is the most samples of one fork: forks of a time-boxed pass
 *       differ in their counts, which JMH's own never do.
 *   <li>{@code threads} is the concurrency: at N, each iteration runs N sessions at once and its time
 *       is how long the last of them took.
 *   <li>Times are in {@code us/op} throughout, so a benchmark's unit never changes between runs.
 *   <li>{@code secondaryMetrics}, an object in every entry (empty when the cell has none):
 *       {@code gc.alloc.rate.norm} (B/op, per session: the iteration's bytes over N), named as JMH
 *       1.37 names it, and {@code retained.bytes} (B/agent or B/session) for footprint cells, each one
 *       figure, the cell's median as the reports print it, so with an error of 0 and {@code [v, v]};
 *       {@code cpu.time.norm} (us/op, per session: the process's CPU time over the timed pass ÷
 *       iterations ÷ N), a name of ours after JMH's {@code .norm} metrics, one figure per fork in
 *       {@code rawData}, its score the median of the forks' as the reports print it and its interval
 *       {@link Intervals#cpu}, Student's t on the logarithms of the forks' figures, which cannot go
 *       below 0 (the reports give a cell's CPU time no interval; with one fork it is {@code [v, v]});
 *       and each of the kind's own figures under its name, its score the cell's figure and its
 *       confidence the lowest and highest of the forks' values, as the reports bracket them.
 * </ul>
 * Cells that did not end OK have no entry: JMH's format has no place for a failure. The other
 * reports show them.
 */
public final class JmhJsonFormat implements ReportFormat {

    /** The format's name on the command line. */
    public static final String ID = "jmh";

    /** The time unit of every score. */
    static final String TIME_UNIT = "us/op";

    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    /** The secondary metric of CPU time per operation. */
    static final String CPU_METRIC = "cpu.time.norm";

    /** How JMH writes the length of an iteration that is one invocation. */
    private static final String SINGLE_SHOT = "single-shot";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String fileName() {
        return "jmh-result.json";
    }

    @Override
    public String render(RunData run, ReportOptions options) {
        ArrayNode root = RunData.MAPPER.createArrayNode();
        Intervals intervals = new Intervals();
        List<String> targets = run.targets(options.baseline());
        for (Map<String, CellResult> row : Sections.rows(run).values()) {
            for (String target : targets) {
                CellResult cell = row.get(target);
                if (cell != null && cell.status() == CellStatus.OK && cell.time() != null
                        && Double.isFinite(cell.time().median())) {
                    entry(root.addObject(), cell, run.info(), intervals);
                }
            }
        }
        try {
            return RunData.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot render " + fileName(), e);
        }
    }

    private static void entry(ObjectNode node, CellResult cell, RunInfo info, Intervals intervals) {
        boolean coldStart = Sections.jvmPerSample(cell);
        Map<String, String> env = info.environment();
        Map<String, String> settings = info.settings();
        // one list per fork; a cold start's every sample is a JVM of its own, however the result kept them
        List<double[]> forks = new ArrayList<>();
        for (Fork fork : cell.forksOrSelf()) {
            double[] micros = fork.samples().stream().mapToDouble(nanos -> nanos / 1000.0).toArray();
            if (coldStart) {
                Arrays.stream(micros).forEach(sample -> forks.add(new double[] {sample}));
            } else if (micros.length > 0) {
                forks.add(micros);
            }
        }
        double[] pooled = forks.stream().flatMapToDouble(Arrays::stream).toArray();
        // as JMH names a benchmark with @Param fields: its parameters' values go in "params", not the name
        node.put("benchmark", "agentbench." + cell.target() + "." + CellResult.cellName(cell.benchmark(),
                cell.concurrency()));
        node.put("mode", coldStart ? "ss" : "avgt");
        node.put("threads", coldStart ? 1 : cell.concurrency());
        node.put("forks", Math.max(1, coldStart ? forks.size() : cell.forksOrSelf().size()));
        node.put("jvm", settings.getOrDefault("javaExecutable", "unknown"));
        ArrayNode jvmArgs = node.putArray("jvmArgs");
        for (String arg : settings.getOrDefault("jvmArgs", "").split("\\s+")) {
            if (!arg.isEmpty()) {
                jvmArgs.add(arg);
            }
        }
        node.put("jdkVersion", env.getOrDefault("java.version", "unknown"));
        node.put("vmName", env.getOrDefault("java.vm.name", "unknown"));
        node.put("vmVersion", env.getOrDefault("java.vm.version", "unknown"));
        node.put("warmupIterations", coldStart ? 0 : cell.warmupIterations());
        node.put("warmupTime", SINGLE_SHOT);
        node.put("warmupBatchSize", 1);
        node.put("measurementIterations", forks.stream().mapToInt(fork -> fork.length).max().orElse(0));
        node.put("measurementTime", SINGLE_SHOT);
        node.put("measurementBatchSize", 1);
        if (!cell.params().isEmpty()) {
            ObjectNode params = node.putObject("params");
            cell.params().forEach(params::put);
        }
        Estimate time = nonNegative(scaled(primary(cell, intervals), 1000.0));
        metric(node.putObject("primaryMetric"), time,
                pooled.length > 0 ? percentiles(pooled) : percentiles(cell.time()), TIME_UNIT, forks);
        ObjectNode secondary = node.putObject("secondaryMetrics");
        if (cell.memory() != null && cell.memory().allocatedBytesPerOp() != null) {
            single(secondary, "gc.alloc.rate.norm", cell.memory().allocatedBytesPerOp() / cell.concurrency(), "B/op");
        }
        if (cell.memory() != null && cell.memory().retainedBytesPerUnit() != null) {
            single(secondary, "retained.bytes", cell.memory().retainedBytesPerUnit(),
                    "B/" + (cell.memory().retainedUnit() == null ? "op" : cell.memory().retainedUnit()));
        }
        cpu(secondary, cell, intervals);
        figures(secondary, cell);
    }

    /**
     * The cell's median and its interval as the reports print them, in nanoseconds: {@code [median,
     * median]} when the reports give none.
     */
    private static Estimate primary(CellResult cell, Intervals intervals) {
        double median = cell.time().median();
        return intervals.median(cell).orElseGet(() -> new Estimate(median, median, median));
    }

    /**
     * Each of the kind's own figures as a secondary metric of its name, its unit as JMH writes units
     * (empty as {@code #}): the cell's figure, between the lowest and highest of the forks' values as
     * the reports bracket it, one value per fork that measured it; a figure that is not a finite number
     * has no metric, since no reader could take it.
     */
    private static void figures(ObjectNode secondary, CellResult cell) {
        for (Figure figure : cell.figures()) {
            double value = figure.value();
            if (!Double.isFinite(value)) {
                continue;
            }
            List<double[]> forks = cell.forksOrSelf().stream().map(fork -> fork.figure(figure.name()))
                    .filter(java.util.Objects::nonNull).map(Figure::value).filter(Double::isFinite)
                    .map(mine -> new double[] {mine}).toList();
            boolean range = figure.low() != null && Double.isFinite(figure.low()) && Double.isFinite(figure.high());
            Estimate estimate = range ? new Estimate(value, Math.min(value, figure.low()),
                    Math.max(value, figure.high())) : new Estimate(value, value, value);
            String unit = figure.unit().isEmpty() ? "#" : figure.unit();
            if (forks.isEmpty()) {
                single(secondary, figure.name(), value, unit);
            } else {
                metric(secondary.putObject(figure.name()), estimate,
                        percentiles(forks.stream().flatMapToDouble(Arrays::stream).toArray()), unit, forks);
            }
        }
    }

    /**
     * {@code cpu.time.norm}: process CPU time per operation (per session at concurrency N), in µs, one
     * figure per fork that measured it, with {@link Intervals#cpu}; or the cell's one figure when no
     * fork has its own.
     */
    private static void cpu(ObjectNode secondary, CellResult cell, Intervals intervals) {
        if (cell.cpu() == null || !Double.isFinite(cell.cpu().nanosPerOp())) {
            return;
        }
        double perOp = 1000.0 * cell.concurrency();
        List<double[]> forks = cell.forksOrSelf().stream()
                .filter(fork -> fork.cpu() != null && Double.isFinite(fork.cpu().nanosPerOp()))
                .map(fork -> new double[] {fork.cpu().nanosPerOp() / perOp}).toList();
        double shown = cell.cpu().nanosPerOp();
        Estimate estimate = nonNegative(scaled(intervals.cpu(cell).orElseGet(() -> new Estimate(shown, shown, shown)),
                perOp));
        if (forks.isEmpty()) {
            single(secondary, CPU_METRIC, estimate.value(), TIME_UNIT);
        } else {
            metric(secondary.putObject(CPU_METRIC), estimate,
                    percentiles(forks.stream().flatMapToDouble(Arrays::stream).toArray()), TIME_UNIT, forks);
        }
    }

    /** A metric of one figure: its score, a confidence of {@code [v, v]} and an error of 0. */
    private static void single(ObjectNode secondary, String name, double value, String unit) {
        if (!Double.isFinite(value)) {
            return;
        }
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (double rank : PERCENTILES) {
            percentiles.put(String.valueOf(rank), value);
        }
        metric(secondary.putObject(name), new Estimate(value, value, value), percentiles, unit,
                List.of(new double[] {value}));
    }

    /**
     * score, scoreError, scoreConfidence, scorePercentiles, scoreUnit and rawData, in JMH's order:
     * the score and confidence are {@code estimate}'s, the error the distance from the score to the
     * farther bound.
     */
    private static void metric(ObjectNode node, Estimate estimate, Map<String, Double> percentiles, String unit,
            List<double[]> forks) {
        number(node, "score", estimate.value());
        number(node, "scoreError", Math.max(estimate.value() - estimate.low(), estimate.high() - estimate.value()));
        ArrayNode interval = node.putArray("scoreConfidence");
        number(interval, estimate.low());
        number(interval, estimate.high());
        ObjectNode ranks = node.putObject("scorePercentiles");
        percentiles.forEach((rank, value) -> number(ranks, rank, value));
        node.put("scoreUnit", unit);
        ArrayNode rawData = node.putArray("rawData");
        for (double[] fork : forks) {
            ArrayNode values = rawData.addArray();
            for (double value : fork) {
                number(values, value);
            }
        }
    }

    /** Every rank of JMH's over {@code values} (at least one), by JMH's estimator. */
    private static Map<String, Double> percentiles(double[] values) {
        JmhStatistics stats = new JmhStatistics(values);
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (double rank : PERCENTILES) {
            percentiles.put(String.valueOf(rank), stats.percentile(rank));
        }
        return percentiles;
    }

    /** The ranks a cell's statistics know, in µs, for a cell whose samples were not kept. */
    private static Map<String, Double> percentiles(TimeStats time) {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        percentiles.put("0.0", time.min() / 1000);
        percentiles.put("50.0", time.median() / 1000);
        percentiles.put("95.0", time.p95() / 1000);
        percentiles.put("99.0", time.p99() / 1000);
        percentiles.put("100.0", time.max() / 1000);
        percentiles.values().removeIf(value -> !Double.isFinite(value));
        return percentiles;
    }

    private static Estimate scaled(Estimate estimate, double divisor) {
        return new Estimate(estimate.value() / divisor, estimate.low() / divisor, estimate.high() / divisor);
    }

    /** A time or CPU time never below 0, whatever an interval's arithmetic gave. */
    private static Estimate nonNegative(Estimate estimate) {
        return estimate.low() >= 0 ? estimate : new Estimate(estimate.value(),
                Math.max(Math.min(0, estimate.value()), estimate.low()), estimate.high());
    }

    /** A finite number; anything else is a bug here, since JSON and the tools that read this file have none. */
    private static void number(ObjectNode node, String name, double value) {
        node.put(name, finite(value));
    }

    private static void number(ArrayNode node, double value) {
        node.add(finite(value));
    }

    private static double finite(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalStateException("jmh-result.json takes finite numbers only, got [" + value + "]");
        }
        return value;
    }
}
