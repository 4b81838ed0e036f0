package dev.agentbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.report.compare.CompareOptions;
import dev.agentbench.report.stats.Estimate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code summary.json}: the run and one entry per planned cell, in plan order, without the raw
 * samples (those stay in each cell's own file). Field names are kept across versions; new ones are
 * only added. {@code format} is the results format ({@link RunLayout#FORMAT}): it says which version
 * of this shape the file has. Format 2 added the mock's warm-up, and per cell the 95% interval of
 * its median, its CPU time and one entry per fork (a result of format 1 reads as one fork); later, per
 * cell, its {@code warnings} (always there, empty for a result written before they existed) and its
 * {@code profile} ({@code null} unless the cell was profiled); later still, per cell, its {@code load}
 * ({@code null} unless a LOAD cell that ended OK). Format 3 has, per cell, its {@code figures} (each with
 * its name, label, unit, which way is better, how forks combine, section, description, value and the
 * forks' range), {@code metrics} as each figure's name and value (which held the kind's figures by name
 * before), and per fork its {@code figures} by name and value; a LOAD cell's figures are among them,
 * and {@code load} is gone; later, per cell, {@code disturbed} (a fork in its statistics was disturbed
 * by the machine and no clean rerun replaced it) and per fork its {@code noise} (what the machine did
 * over its timed pass, {@code null} where not read), {@code disturbed}, {@code excluded} (kept, out of the
 * statistics: a rerun replaced it) and {@code outlier} (of its own JVM); {@code forks} lists every fork,
 * the excluded too; and, for the run, {@code fromSummary} (the {@code target/name} of the cells
 * read from an earlier {@code summary.json} because their result files were gone: no samples, and
 * intervals from the forks' medians alone) with its {@code note}, both only when there are such cells;
 * later, the run's {@code mockServe} (the mock's own time per request) and, per cell, its {@code overhead} over the baseline in nanoseconds (time and CPU per operation,
 * each with its interval; {@code null} for the baseline's own cells); later, the run's {@code curves}: per
 * sweep of a benchmark's numeric parameter, per target and cost figure, its points and its growth
 * exponent with its interval (empty when the run has no sweep).
 */
public final class SummaryJsonFormat implements ReportFormat {

    /** The methods a cell's {@code profile} lists. */
    static final int PROFILE_METHODS = 5;

    /** The format's name on the command line. */
    public static final String ID = "json";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String fileName() {
        return "summary.json";
    }

    @Override
    public String render(RunData run, ReportOptions options) {
        RunInfo info = run.info();
        ObjectNode root = RunData.MAPPER.createObjectNode();
        root.put(RunLayout.FORMAT_FIELD, RunLayout.FORMAT);
        root.put("runId", info.runId());
        root.put("status", info.status().name());
        root.put("startedAt", info.startedAt());
        root.put("endedAt", info.endedAt());
        root.put("baseline", run.targets(options.baseline()).isEmpty() ? null : run.targets(options.baseline()).get(0));
        root.set("targets", RunData.MAPPER.valueToTree(info.targets()));
        ObjectNode environment = root.putObject("environment");
        for (Map.Entry<String, String> entry : new TreeMap<>(info.environment()).entrySet()) {
            environment.put(entry.getKey(), entry.getValue());
        }
        root.set("mockWarmup", RunData.MAPPER.valueToTree(info.mockWarmup()));
        root.set("sharding", RunData.MAPPER.valueToTree(info.sharding()));
        root.set("mockServe", RunData.MAPPER.valueToTree(info.mockServe()));
        if (!run.fromSummary().isEmpty()) {
            root.put("note", run.fromSummaryNote());
            root.set("fromSummary", RunData.MAPPER.valueToTree(run.fromSummary()));
        }
        Intervals intervals = new Intervals();
        String baseline = run.targets(options.baseline()).isEmpty() ? null : run.targets(options.baseline()).get(0);
        Map<String, CellResult> baseCells = new java.util.HashMap<>();
        for (CellResult cell : run.cells()) {
            if (cell.target().equals(baseline)) {
                baseCells.put(cell.name(), cell);
            }
        }
        ArrayNode cells = root.putArray("cells");
        for (CellResult cell : run.cells()) {
            ObjectNode node = cells.addObject();
            node.put("target", cell.target());
            node.put("benchmark", cell.benchmark());
            node.put("concurrency", cell.concurrency());
            node.put("name", cell.name());
            if (!cell.params().isEmpty()) {
                ObjectNode params = node.putObject("params");
                cell.params().forEach(params::put);
            }
            node.put("status", cell.status().name());
            if (info.sharding() == null) {
                node.putNull("shard");
            } else {
                node.put("shard", info.sharding().shardOf(cell.name()));
            }
            node.put("error", cell.error());
            ArrayNode warnings = node.putArray("warnings");
            cell.warnings().forEach(warnings::add);
            TimeStats time = cell.time();
            if (time == null) {
                node.putNull("time");
            } else {
                node.putObject("time")
                        .put("unit", time.unit())
                        .put("n", time.n())
                        .put("median", time.median())
                        .put("p95", time.p95())
                        .put("p99", time.p99())
                        .put("mean", time.mean())
                        .put("stddev", time.stddev())
                        .put("min", time.min())
                        .put("max", time.max());
            }
            node.put("warmupIterations", cell.warmupIterations());
            if (cell.steadyState() == null) {
                node.putNull("steadyState");
            } else {
                node.put("steadyState", cell.steadyState());
            }
            if (cell.drift() == null) {
                node.putNull("drift");
            } else {
                node.put("drift", cell.drift());
            }
            node.set("memory", RunData.MAPPER.valueToTree(cell.memory()));
            node.set("throughput", RunData.MAPPER.valueToTree(cell.throughput()));
            node.set("turnLatency", RunData.MAPPER.valueToTree(cell.turnLatency()));
            node.set("jvm", RunData.MAPPER.valueToTree(cell.jvm()));
            ObjectNode metrics = node.putObject("metrics");
            cell.figures().forEach(figure -> metrics.put(figure.name(), figure.value()));
            node.set("figures", RunData.MAPPER.valueToTree(cell.figures()));
            Optional<Estimate> interval = intervals.median(cell);
            if (interval.isEmpty()) {
                node.putNull("interval");
            } else {
                node.putObject("interval").put("low", interval.get().low()).put("high", interval.get().high())
                        .put("confidence", Intervals.CONFIDENCE);
            }
            node.set("cpu", RunData.MAPPER.valueToTree(cell.cpu()));
            overhead(node, cell, baseCells.get(cell.name()), intervals);
            ArrayNode forks = node.putArray("forks");
            // every fork, those out of the statistics too (marked excluded)
            for (Fork fork : cell.forks().isEmpty() ? cell.forksOrSelf() : cell.forks()) {
                fork(forks.addObject(), fork);
            }
            node.put("disturbed", cell.disturbed());
            CellProfile profile = run.profile(cell);
            if (profile == null) {
                node.putNull("profile");
            } else {
                profile(node.putObject("profile"), profile);
            }
        }
        trends(root.putArray("trends"), Trends.of(run, options.baseline(), intervals));
        curves(root.putArray("curves"), CostCurves.of(run, run.targets(options.baseline())));
        try {
            return RunData.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot render summary.json", e);
        }
    }

    /**
     * The cell's {@code overhead} over the baseline's cell of the same name: {@code null} for the
     * baseline's own cells and where either is not OK; else the baseline's name, the unit ({@code ns})
     * and confidence, and {@code time} and {@code cpu} each as {@code {value, low, high}} (target less
     * baseline, negative when the target is the faster; {@code low} and {@code high} equal to {@code
     * value} where there is no interval) or {@code null} when a side has no such figure.
     */
    private static void overhead(ObjectNode node, CellResult cell, CellResult base, Intervals intervals) {
        if (base == null || base == cell || base.status() != dev.agentbench.api.result.CellStatus.OK
                || cell.status() != dev.agentbench.api.result.CellStatus.OK) {
            node.putNull("overhead");
            return;
        }
        ObjectNode overhead = node.putObject("overhead");
        overhead.put("baseline", base.target()).put("unit", "ns").put("confidence", Intervals.CONFIDENCE);
        estimate(overhead, "time", intervals.timeOverhead(cell, base));
        estimate(overhead, "cpu", intervals.cpuOverhead(cell, base));
    }

    private static void estimate(ObjectNode node, String field, Optional<Estimate> estimate) {
        if (estimate.isEmpty()) {
            node.putNull(field);
        } else {
            node.putObject(field).put("value", estimate.get().value()).put("low", estimate.get().low())
                    .put("high", estimate.get().high());
        }
    }

    /**
     * A profiled cell's profile in short: where its recording is, how many samples, the share of
     * each group and the {@link #PROFILE_METHODS} methods with the most self samples; or, when its
     * file could not be read, why.
     */
    private static void profile(ObjectNode node, CellProfile cell) {
        node.put("recording", cell.recording());
        node.put("error", cell.problem());
        Profile profile = cell.profile();
        if (profile == null) {
            node.putNull("cpuSamples");
        } else {
            node.put("cpuSamples", profile.cpuSamples());
        }
        ArrayNode groups = node.putArray("groups");
        ArrayNode methods = node.putArray("methods");
        if (profile == null) {
            return;
        }
        for (String group : Profile.GROUPS) {
            groups.addObject().put("group", group).put("share", ProfileSection.share(profile, group));
        }
        ProfileSection.topBySelf(profile, PROFILE_METHODS)
                .forEach(method -> methods.addObject().put("method", method.method()).put("group", method.group())
                        .put("self", method.self()).put("total", method.total()));
    }

    /**
     * The targets that ran in several columns: for each, its columns, the baseline on each one's JVM,
     * and per cell name each column's median with its interval, its change from the first column as
     * {@code compare --between} judges it, and its ratio to the baseline on its JVM.
     */
    private static void trends(ArrayNode array, List<Trends.Trend> trends) {
        for (Trends.Trend trend : trends) {
            ObjectNode node = array.addObject();
            node.put("target", trend.target());
            node.put("across", trend.what());
            node.set("columns", RunData.MAPPER.valueToTree(trend.columns()));
            node.set("baselines", RunData.MAPPER.valueToTree(trend.baselines()));
            ArrayNode rows = node.putArray("rows");
            for (Trends.Row row : trend.rows()) {
                ObjectNode rowNode = rows.addObject();
                rowNode.put("name", row.name());
                ArrayNode entries = rowNode.putArray("columns");
                for (int i = 0; i < row.entries().size(); i++) {
                    Trends.Entry entry = row.entries().get(i);
                    ObjectNode one = entries.addObject();
                    one.put("column", trend.columns().get(i));
                    one.put("status", entry.cell() == null ? null : entry.cell().status().name());
                    if (entry.cell() == null || entry.cell().time() == null || entry.cell().status() != CellStatus.OK) {
                        one.putNull("median");
                    } else {
                        one.put("median", entry.cell().time().median());
                    }
                    if (entry.median().isEmpty()) {
                        one.putNull("interval");
                    } else {
                        one.putObject("interval").put("low", entry.median().get().low())
                                .put("high", entry.median().get().high()).put("confidence", Intervals.CONFIDENCE);
                    }
                    if (entry.change() == null) {
                        one.putNull("change");
                    } else {
                        ObjectNode change = one.putObject("change");
                        change.put("verdict", entry.change().verdict().name());
                        var estimate = entry.change().estimate();
                        if (estimate == null) {
                            change.putNull("ratio").putNull("low").putNull("high");
                        } else {
                            change.put("ratio", estimate.ratio()).put("low", estimate.low()).put("high", estimate.high());
                        }
                        change.put("confidence", CompareOptions.DEFAULT_CONFIDENCE);
                    }
                    if (Double.isNaN(entry.baselineRatio())) {
                        one.putNull("baselineRatio");
                    } else {
                        one.put("baselineRatio", entry.baselineRatio());
                    }
                }
            }
        }
    }

    /**
     * The cost curves ({@link CostCurves}): per sweep its benchmark, concurrency, parameter, the other
     * parameters' values and the parameter's values; per target and figure its points (value, the value
     * as a number, the cell's status, the median over forks and each fork's value) and its exponent with
     * its interval ({@code null} with {@code why} when it has none), whether flat, whether determined and
     * whether superlinear.
     */
    private static void curves(ArrayNode array, List<CostCurves.Sweep> sweeps) {
        for (CostCurves.Sweep sweep : sweeps) {
            ObjectNode node = array.addObject();
            node.put("benchmark", sweep.benchmark());
            node.put("concurrency", sweep.concurrency());
            node.put("parameter", sweep.parameter());
            node.set("fixed", RunData.MAPPER.valueToTree(sweep.fixed()));
            node.set("values", RunData.MAPPER.valueToTree(sweep.values()));
            ArrayNode curves = node.putArray("curves");
            for (CostCurves.Curve curve : sweep.curves()) {
                ObjectNode one = curves.addObject();
                one.put("target", curve.target());
                one.put("figure", curve.figure().name());
                one.put("label", curve.figure().label());
                one.put("unit", curve.figure().unit());
                ArrayNode points = one.putArray("points");
                for (CostCurves.Point point : curve.points()) {
                    ObjectNode p = points.addObject();
                    p.put("value", point.value());
                    p.put("x", point.x());
                    p.put("status", point.cell() == null ? null : point.cell().status().name());
                    if (Double.isNaN(point.median())) {
                        p.putNull("median");
                    } else {
                        p.put("median", point.median());
                    }
                    ArrayNode forks = p.putArray("forks");
                    for (double value : point.forks()) {
                        forks.add(value);
                    }
                }
                if (curve.exponent() == null) {
                    one.putNull("exponent");
                } else {
                    one.putObject("exponent").put("value", curve.exponent().value()).put("low", curve.exponent().low())
                            .put("high", curve.exponent().high()).put("confidence", Intervals.CONFIDENCE);
                }
                one.put("flat", curve.flat());
                one.put("determined", curve.determined());
                one.put("superlinear", curve.superlinear());
                one.put("why", curve.why());
            }
        }
    }

    /** One fork, without its samples and curve: its size, median, whether steady and why not, its CPU. */
    private static void fork(ObjectNode node, Fork fork) {
        Warmup warmup = fork.warmup();
        node.put("fork", fork.fork());
        node.put("n", fork.time().n());
        node.put("median", fork.time().median());
        if (fork.steadyState() == null) {
            node.putNull("steady");
        } else {
            node.put("steady", fork.steadyState());
        }
        node.put("shape", warmup == null ? null : warmup.shape().name());
        if (warmup == null) {
            node.putNull("capped");
            node.putNull("warmupMillis");
            node.putNull("warmupIterations");
        } else {
            node.put("capped", warmup.capped());
            node.put("warmupMillis", Math.round(warmup.nanos() / 1e6));
            node.put("warmupIterations", warmup.iterations());
        }
        if (fork.cpu() == null) {
            node.putNull("cpuNanosPerOp");
        } else {
            node.put("cpuNanosPerOp", fork.cpu().nanosPerOp());
            if (fork.cpu().ownNanosPerOp() != null) {
                node.put("ownCpuNanosPerOp", fork.cpu().ownNanosPerOp());
            }
        }
        ObjectNode figures = node.putObject("figures");
        fork.figures().forEach(figure -> figures.put(figure.name(), figure.value()));
        node.set("noise", RunData.MAPPER.valueToTree(fork.noise()));
        node.put("disturbed", fork.disturbed());
        node.put("excluded", fork.excluded());
        node.put("outlier", fork.outlier());
    }
}
