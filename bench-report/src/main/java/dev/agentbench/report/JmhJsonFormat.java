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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code jmh-result.json}: the OK cells in the shape of JMH's own JSON output ({@code -rf json}), so
 * that tools made for JMH results (visualizers, CI benchmark actions) read a run as they are.
 *
 * <p>The mapping, one entry per OK cell in report order:
 * <ul>
 *   <li>{@code benchmark} is {@code agentbench.<target>.<cell>}, e.g. {@code agentbench.raw.turn1_c8},
 *       without the cell's parameters: as JMH writes a benchmark with {@code @Param} fields, their values
 *       are in {@code params}, an object of strings in declaration order, present only when the
 *       benchmark has parameters ({@code agentbench.raw.history} with {@code "params": {"history":
 *       "64"}}). Tools that tell entries apart by benchmark and params, as JMH's own do, keep the
 *       cells apart.
 *   <li>{@code mode} is {@code avgt}: each timed iteration of a cell is one operation timed on its
 *       own, i.e. a JMH iteration of batch size 1 whose score is that operation's time; so
 *       {@code rawData} is one list per fork (a fresh JVM, as JMH's forks are) of its samples,
 *       {@code forks} their number, {@code score} the mean over every fork's samples and the
 *       percentiles are over them pooled, as JMH pools its forks' iterations. JMH's {@code sample}
 *       mode would fit the samples as well, but JMH writes it as {@code rawDataHistogram}, which tools
 *       read differently. Cold start is {@code ss} (single shot) with one fork per sample, since each
 *       sample is a fresh JVM.
 *   <li>{@code measurementIterations} is the most samples of one fork: forks of a time-boxed pass
 *       differ in their counts, which JMH's own never do.
 *   <li>{@code threads} is the concurrency: at N, each iteration runs N sessions at once and its time
 *       is how long the last of them took.
 *   <li>Times are in {@code us/op} throughout, so a benchmark's unit never changes between runs.
 *   <li>{@code secondaryMetrics}: {@code gc.alloc.rate.norm} (B/op, per session: the iteration's
 *       bytes over N), named as JMH 1.37 names it; {@code retained.bytes} (B/agent or B/session) for
 *       footprint cells; both hold one figure, the cell's median, so their error is {@code NaN} as JMH
 *       writes it for a single value. And {@code cpu.time.norm} (us/op, per session: the process's CPU
 *       time over the timed pass ÷ iterations ÷ N), one figure per fork, a name of ours after JMH's
 *       {@code .norm} metrics, since JMH has no such metric.
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
        List<String> targets = run.targets(options.baseline());
        for (Map<String, CellResult> row : Sections.rows(run).values()) {
            for (String target : targets) {
                CellResult cell = row.get(target);
                if (cell != null && cell.status() == CellStatus.OK && cell.time() != null) {
                    entry(root.addObject(), cell, run.info());
                }
            }
        }
        try {
            return RunData.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot render " + fileName(), e);
        }
    }

    private static void entry(ObjectNode node, CellResult cell, RunInfo info) {
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
        ObjectNode primary = node.putObject("primaryMetric");
        if (pooled.length > 0) {
            metric(primary, new JmhStatistics(pooled), TIME_UNIT);
            rawData(primary, forks);
        } else {
            fromStats(primary, cell.time());
        }
        ObjectNode secondary = node.putObject("secondaryMetrics");
        if (cell.memory() != null && cell.memory().allocatedBytesPerOp() != null) {
            single(secondary.putObject("gc.alloc.rate.norm"),
                    cell.memory().allocatedBytesPerOp() / cell.concurrency(), "B/op");
        }
        if (cell.memory() != null && cell.memory().retainedBytesPerUnit() != null) {
            single(secondary.putObject("retained.bytes"), cell.memory().retainedBytesPerUnit(),
                    "B/" + (cell.memory().retainedUnit() == null ? "op" : cell.memory().retainedUnit()));
        }
        cpu(secondary, cell);
        figures(secondary, cell);
    }

    /**
     * Each of the kind's own figures as a secondary metric of its name, its unit as JMH writes units
     * (empty as {@code #}), one value per fork that measured it.
     */
    private static void figures(ObjectNode secondary, CellResult cell) {
        for (Figure figure : cell.figures()) {
            List<double[]> forks = cell.forksOrSelf().stream().map(fork -> fork.figure(figure.name()))
                    .filter(java.util.Objects::nonNull).map(mine -> new double[] {mine.value()}).toList();
            String unit = figure.unit().isEmpty() ? "#" : figure.unit();
            ObjectNode node = secondary.putObject(figure.name());
            if (forks.isEmpty()) {
                single(node, figure.value(), unit);
            } else {
                metric(node, new JmhStatistics(forks.stream().flatMapToDouble(Arrays::stream).toArray()), unit);
                rawData(node, forks);
            }
        }
    }

    /**
     * {@code cpu.time.norm}: process CPU time per operation (per session at concurrency N), in µs,
     * one figure per fork that measured it; or the cell's one figure when no fork has its own.
     */
    private static void cpu(ObjectNode secondary, CellResult cell) {
        double perOp = 1000.0 * cell.concurrency();
        List<double[]> forks = cell.forksOrSelf().stream().filter(fork -> fork.cpu() != null)
                .map(fork -> new double[] {fork.cpu().nanosPerOp() / perOp}).toList();
        if (!forks.isEmpty()) {
            ObjectNode node = secondary.putObject(CPU_METRIC);
            metric(node, new JmhStatistics(forks.stream().flatMapToDouble(Arrays::stream).toArray()), TIME_UNIT);
            rawData(node, forks);
        } else if (cell.cpu() != null) {
            single(secondary.putObject(CPU_METRIC), cell.cpu().nanosPerOp() / perOp, TIME_UNIT);
        }
    }

    private static void rawData(ObjectNode metric, List<double[]> forks) {
        ArrayNode rawData = metric.putArray("rawData");
        for (double[] fork : forks) {
            ArrayNode values = rawData.addArray();
            for (double value : fork) {
                values.add(value);
            }
        }
    }

    /** score, scoreError, scoreConfidence, scorePercentiles and scoreUnit, in JMH's order. */
    private static void metric(ObjectNode node, JmhStatistics stats, String unit) {
        number(node, "score", stats.mean());
        number(node, "scoreError", stats.meanError());
        double[] confidence = stats.confidence();
        ArrayNode interval = node.putArray("scoreConfidence");
        number(interval, confidence[0]);
        number(interval, confidence[1]);
        ObjectNode percentiles = node.putObject("scorePercentiles");
        for (double rank : PERCENTILES) {
            number(percentiles, String.valueOf(rank), stats.percentile(rank));
        }
        node.put("scoreUnit", unit);
    }

    /** A metric of one figure: as JMH writes a result of a single value. */
    private static void single(ObjectNode node, double value, String unit) {
        metric(node, new JmhStatistics(new double[] {value}), unit);
        node.putArray("rawData").addArray().add(value);
    }

    /** A cell whose samples were not kept: what its statistics tell, {@code NaN} for the rest. */
    private static void fromStats(ObjectNode node, TimeStats time) {
        number(node, "score", time.mean() / 1000);
        number(node, "scoreError", Double.NaN);
        ArrayNode interval = node.putArray("scoreConfidence");
        number(interval, Double.NaN);
        number(interval, Double.NaN);
        ObjectNode percentiles = node.putObject("scorePercentiles");
        for (double rank : PERCENTILES) {
            double nanos = rank == 0 ? time.min() : rank == 50 ? time.median() : rank == 95 ? time.p95()
                    : rank == 99 ? time.p99() : rank == 100 ? time.max() : Double.NaN;
            number(percentiles, String.valueOf(rank), nanos / 1000);
        }
        node.put("scoreUnit", TIME_UNIT);
        node.putArray("rawData").addArray();
    }

    /** JMH writes NaN and infinities as the strings {@code "NaN"}, {@code "+INF"}, {@code "-INF"}. */
    private static void number(ObjectNode node, String name, double value) {
        if (Double.isFinite(value)) {
            node.put(name, value);
        } else {
            node.put(name, nonFinite(value));
        }
    }

    private static void number(ArrayNode node, double value) {
        if (Double.isFinite(value)) {
            node.add(value);
        } else {
            node.add(nonFinite(value));
        }
    }

    private static String nonFinite(double value) {
        return Double.isNaN(value) ? "NaN" : value > 0 ? "+INF" : "-INF";
    }
}
