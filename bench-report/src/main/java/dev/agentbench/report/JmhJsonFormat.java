package dev.agentbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.TimeStats;
import java.util.List;
import java.util.Map;

/**
 * {@code jmh-result.json}: the OK cells in the shape of JMH's own JSON output ({@code -rf json}), so
 * that tools made for JMH results (visualizers, CI benchmark actions) read a run as they are.
 *
 * <p>The mapping, one entry per OK cell in report order:
 * <ul>
 *   <li>{@code benchmark} is {@code agentbench.<target>.<cell>}, e.g. {@code agentbench.raw.turn1_c8}.
 *   <li>{@code mode} is {@code avgt}: each timed iteration of a cell is one operation timed on its
 *       own, i.e. a JMH iteration of batch size 1 whose score is that operation's time; so
 *       {@code rawData} is {@code [[every sample]]} (one fork: the cell's JVM), {@code score} their
 *       mean and the percentiles are over the samples. JMH's {@code sample} mode would fit the
 *       samples as well, but JMH writes it as {@code rawDataHistogram}, which tools read differently.
 *       Cold start is {@code ss} (single shot) with one fork per sample, since each sample is a
 *       fresh JVM.
 *   <li>{@code threads} is the concurrency: at N, each iteration runs N sessions at once and its time
 *       is how long the last of them took.
 *   <li>Times are in {@code us/op} throughout, so a benchmark's unit never changes between runs.
 *   <li>{@code secondaryMetrics}: {@code gc.alloc.rate.norm} (B/op, per session: the iteration's
 *       bytes over N), named as JMH 1.37 names it; and {@code retained.bytes} (B/agent or
 *       B/session) for footprint cells. Both hold one figure, the cell's median, so their error is
 *       {@code NaN} as JMH writes it for a single value.
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
        boolean coldStart = Sections.isColdStart(cell);
        Map<String, String> env = info.environment();
        Map<String, String> settings = info.settings();
        double[] micros = cell.samples().stream().mapToDouble(nanos -> nanos / 1000.0).toArray();
        node.put("benchmark", "agentbench." + cell.target() + "." + cell.name());
        node.put("mode", coldStart ? "ss" : "avgt");
        node.put("threads", coldStart ? 1 : cell.concurrency());
        node.put("forks", coldStart ? Math.max(1, micros.length) : 1);
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
        node.put("measurementIterations", coldStart ? 1 : micros.length);
        node.put("measurementTime", SINGLE_SHOT);
        node.put("measurementBatchSize", 1);
        ObjectNode primary = node.putObject("primaryMetric");
        if (micros.length > 0) {
            metric(primary, new JmhStatistics(micros), TIME_UNIT);
            ArrayNode rawData = primary.putArray("rawData");
            if (coldStart) {
                for (double sample : micros) {
                    rawData.addArray().add(sample);
                }
            } else {
                ArrayNode fork = rawData.addArray();
                for (double sample : micros) {
                    fork.add(sample);
                }
            }
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
