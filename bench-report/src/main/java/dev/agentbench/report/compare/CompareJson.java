package dev.agentbench.report.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.core.results.ResultsJson;

/**
 * The comparison as JSON, for machines. The shape is documented in {@code docs/compare.md} and
 * versioned by {@link #FORMAT_VERSION}: fields are only added within a version; a rename or a
 * change of meaning makes a new version. Version 2 keeps every field of version 1 and adds the
 * forks: a side's median is the median of its fork medians and the interval resamples forks, then
 * samples; {@code forks} per side, {@code method.minForks} and the verdict {@code TOO_FEW_FORKS} are
 * new.
 */
public final class CompareJson {

    /** The value of the top-level {@code format} field. */
    public static final String FORMAT = "agentbench-compare";
    /** The value of the top-level {@code formatVersion} field. */
    public static final int FORMAT_VERSION = 2;

    private static final ObjectMapper MAPPER = ResultsJson.mapper();

    private CompareJson() {}

    public static String render(Comparison comparison) {
        CompareOptions options = comparison.options();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("formatVersion", FORMAT_VERSION);
        run(root.putObject("base"), comparison.base());
        run(root.putObject("new"), comparison.changed());
        var changes = root.putArray("versionChanges");
        for (Comparison.VersionChange change : comparison.versionChanges()) {
            changes.addObject().put("target", change.target()).put("base", change.base()).put("new", change.changed());
        }
        root.putObject("method")
                .put("statistic", "median of fork medians")
                .put("interval", "the wider of Welch's t on the log fork medians and a hierarchical percentile bootstrap"
                        + " (forks, then samples within each fork)")
                .put("threshold", options.threshold())
                .put("allocationThreshold", options.allocationThreshold())
                .put("allocationFloorBytes", AllocationChange.FLOOR_BYTES)
                .put("confidence", options.confidence())
                .put("resamples", options.resamples())
                .put("seed", options.seed())
                .put("minSamples", options.minSamples())
                .put("minForks", CompareOptions.MIN_FORKS);
        root.put("regression", comparison.hasRegression());
        ObjectNode counts = root.putObject("counts");
        for (Verdict verdict : Verdict.values()) {
            counts.put(verdict.name(), comparison.cells(verdict).size());
        }
        var cells = root.putArray("cells");
        for (CellComparison cell : comparison.cells()) {
            ObjectNode node = cells.addObject();
            node.put("target", cell.target());
            node.put("name", cell.name());
            node.put("benchmark", cell.benchmark());
            node.put("concurrency", cell.concurrency());
            node.put("verdict", cell.verdict().name());
            side(node, "base", cell.base());
            side(node, "new", cell.changed());
            estimate(node, cell.estimate());
            node.put("note", cell.note());
            allocation(node, cell.allocation());
            var figures = node.putArray("figures");
            for (FigureChange figure : cell.figures()) {
                ObjectNode one = figures.addObject().put("name", figure.name()).put("unit", figure.unit())
                        .put("better", figure.better().name()).put("base", figure.base()).put("new", figure.changed());
                if (figure.ratio() == null) {
                    one.putNull("ratio");
                } else {
                    one.put("ratio", figure.ratio());
                }
                one.put("direction", figure.direction());
            }
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot render the comparison as JSON", e);
        }
    }

    static void run(ObjectNode node, Comparison.RunRef run) {
        node.put("runId", run.runId());
        node.put("status", run.status().name());
        node.put("startedAt", run.startedAt());
        var versions = node.putObject("versions");
        run.versions().forEach(versions::put);
        node.put("column", run.column());
    }

    /** A cell's allocation: {@code null} when either side has none, else both figures and the verdict or the note. */
    private static void allocation(ObjectNode parent, AllocationChange allocation) {
        if (allocation == null) {
            parent.putNull("allocation");
            return;
        }
        ObjectNode node = parent.putObject("allocation");
        node.put("unit", "B/op");
        node.put("base", allocation.base());
        node.put("new", allocation.changed());
        node.put("verdict", allocation.verdict() == null ? null : allocation.verdict().name());
        estimate(node, allocation.estimate());
        node.put("note", allocation.note());
    }

    /** {@code ratio}, {@code low} and {@code high} of an estimate, each {@code null} when there is none. */
    private static void estimate(ObjectNode node, RatioEstimate estimate) {
        if (estimate == null) {
            node.putNull("ratio");
            node.putNull("low");
            node.putNull("high");
        } else {
            node.put("ratio", estimate.ratio());
            node.put("low", estimate.low());
            node.put("high", estimate.high());
        }
    }

    private static void side(ObjectNode parent, String field, CellSide side) {
        if (side == null) {
            parent.putNull(field);
            return;
        }
        ObjectNode node = parent.putObject(field);
        node.put("status", side.status().name());
        node.put("error", side.error());
        node.put("samples", side.samples());
        if (side.median() == null) {
            node.putNull("median");
        } else {
            node.put("median", side.median());
        }
        node.put("forks", side.forks());
    }
}
