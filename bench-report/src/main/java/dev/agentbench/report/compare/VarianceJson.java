package dev.agentbench.report.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.report.compare.Variance.CellVariance;
import dev.agentbench.report.stats.VarianceComponents;
import java.io.UncheckedIOException;

/**
 * Where the spread lies, as JSON, for machines. The shape is documented in {@code docs/variance.md} and
 * versioned by {@link #FORMAT_VERSION}: fields are only added within a version. Every spread is a
 * relative standard deviation (the square root of the level's variance of the figure's logarithm:
 * {@code 0.041} is about 4.1%), every share a fraction of the cell's whole variance; a level that is
 * not measured is {@code null}.
 */
public final class VarianceJson {

    /** The value of the top-level {@code format} field. */
    public static final String FORMAT = "agentbench-variance";
    /** The value of the top-level {@code formatVersion} field. */
    public static final int FORMAT_VERSION = 1;

    private static final ObjectMapper MAPPER = ResultsJson.mapper();

    private VarianceJson() {}

    public static String render(Variance variance) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("formatVersion", FORMAT_VERSION);
        ArrayNode runs = root.putArray("runs");
        variance.runs().forEach(run -> CompareJson.run(runs.addObject(), run));
        root.put("precision", variance.precision());
        ArrayNode cells = root.putArray("cells");
        for (CellVariance cell : variance.cells()) {
            VarianceComponents c = cell.components();
            ObjectNode node = cells.addObject()
                    .put("target", cell.target())
                    .put("name", cell.name())
                    .put("figure", cell.figure().key())
                    .put("runs", c.runs())
                    .put("forks", c.forks())
                    .put("forksPerRun", c.forksPerRun())
                    .put("samplesPerFork", c.samplesPerFork())
                    .put("unsteadyForks", cell.unsteadyForks());
            level(node, "within", c, c.within());
            level(node, "betweenForks", c, c.betweenForks());
            level(node, "betweenRuns", c, c.betweenRuns());
            node.put("oneRun", c.halfWidth(c.forksPerRun()));
            if (c.runs() >= 2) {
                node.put("twoRuns", c.runToRun(c.forksPerRun()));
            } else {
                node.putNull("twoRuns");
            }
            Integer forks = cell.forksFor(variance.precision());
            if (forks == null) {
                node.putNull("forksForPrecision");
            } else {
                node.put("forksForPrecision", forks);
            }
        }
        ArrayNode left = root.putArray("left");
        variance.left().forEach(left::add);
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A level as {@code {"sd": …, "share": …}}, or {@code null} when it is not measured. */
    private static void level(ObjectNode cell, String name, VarianceComponents components, Double variance) {
        if (variance == null) {
            cell.putNull(name);
        } else {
            cell.putObject(name).put("sd", Math.sqrt(variance)).put("share", components.share(variance));
        }
    }
}
