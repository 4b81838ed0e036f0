package dev.agentbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.TimeStats;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code summary.json}: the run and one entry per planned cell, in plan order, without the raw
 * samples (those stay in each cell's own file). Field names are kept across versions; new ones are
 * only added. {@code format} is the results format ({@link RunLayout#FORMAT}): it says which version
 * of this shape the file has.
 */
public final class SummaryJsonFormat implements ReportFormat {

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
        ObjectNode environment = root.putObject("environment");
        for (Map.Entry<String, String> entry : new TreeMap<>(info.environment()).entrySet()) {
            environment.put(entry.getKey(), entry.getValue());
        }
        ArrayNode cells = root.putArray("cells");
        for (CellResult cell : run.cells()) {
            ObjectNode node = cells.addObject();
            node.put("target", cell.target());
            node.put("benchmark", cell.benchmark());
            node.put("concurrency", cell.concurrency());
            node.put("name", cell.name());
            node.put("status", cell.status().name());
            node.put("error", cell.error());
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
            node.set("metrics", RunData.MAPPER.valueToTree(cell.metrics()));
        }
        try {
            return RunData.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot render summary.json", e);
        }
    }
}
