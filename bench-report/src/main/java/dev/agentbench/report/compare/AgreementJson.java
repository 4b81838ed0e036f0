package dev.agentbench.report.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.core.results.ResultsJson;
import java.util.List;

/**
 * Whether two runs agree, as JSON, for machines. The shape is documented in {@code docs/agree.md}
 * and versioned by {@link #FORMAT_VERSION}: fields are only added within a version. Medians, CPU and
 * allocation are in nanoseconds and bytes per iteration, retained heap in bytes per agent or session;
 * every change is {@code b ÷ a − 1}; a value that does not exist is {@code null}, never a string.
 */
public final class AgreementJson {

    /** The value of the top-level {@code format} field. */
    public static final String FORMAT = "agentbench-agree";
    /** The value of the top-level {@code formatVersion} field. */
    public static final int FORMAT_VERSION = 1;

    private static final ObjectMapper MAPPER = ResultsJson.mapper();

    private AgreementJson() {}

    public static String render(Agreement agreement) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("formatVersion", FORMAT_VERSION);
        CompareJson.run(root.putObject("a"), agreement.a());
        CompareJson.run(root.putObject("b"), agreement.b());
        root.putObject("rule")
                .put("medianWithin", agreement.options().medianWithin())
                .put("ratioWithin", agreement.options().ratioWithin())
                .put("baseline", agreement.baseline());
        root.put("agree", agreement.agree());
        root.putObject("counts")
                .put("checked", agreement.checked().size())
                .put("ratiosChecked", agreement.ratiosChecked().size())
                .put("outside", agreement.outside().size())
                .put("ratiosOutside", agreement.ratiosOutside().size())
                .put("notChecked", agreement.notChecked().size())
                .put("retainedChecked", agreement.retainedChecked().size())
                .put("retainedOutside", agreement.retainedOutside().size());
        strings(root.putArray("settingChanges"), agreement.settingChanges());
        strings(root.putArray("machineChanges"), agreement.machineChanges());
        ArrayNode versions = root.putArray("versionChanges");
        for (Comparison.VersionChange change : Comparison.versionChanges(agreement.a(), agreement.b())) {
            versions.addObject().put("target", change.target()).put("a", change.base()).put("b", change.changed());
        }
        ArrayNode cells = root.putArray("cells");
        for (CellAgreement cell : agreement.cells()) {
            ObjectNode node = cells.addObject();
            node.put("target", cell.target());
            node.put("name", cell.name());
            node.put("benchmark", cell.benchmark());
            node.put("concurrency", cell.concurrency());
            node.put("checked", cell.checked());
            node.put("ratioChecked", cell.ratioChecked());
            node.put("outside", cell.outside(agreement.options()));
            node.put("ratioOutside", cell.ratioOutside(agreement.options()));
            number(node, "a", cell.a());
            number(node, "b", cell.b());
            number(node, "change", cell.change());
            number(node, "ratioA", cell.ratioA());
            number(node, "ratioB", cell.ratioB());
            number(node, "ratioChange", cell.ratioChange());
            number(node, "cpuA", cell.cpuA());
            number(node, "cpuB", cell.cpuB());
            number(node, "allocatedA", cell.allocatedA());
            number(node, "allocatedB", cell.allocatedB());
            number(node, "retainedA", cell.retainedA());
            number(node, "retainedB", cell.retainedB());
            number(node, "retainedChange", cell.retainedChange());
            node.put("retainedUnit", cell.retainedUnit());
            node.put("retainedChecked", cell.retainedChecked());
            node.put("retainedOutside", cell.retainedOutside(agreement.options()));
            node.put("note", cell.note());
            node.put("ratioNote", cell.ratioNote());
            ArrayNode figures = node.putArray("figures");
            for (FigureChange figure : cell.figures()) {
                ObjectNode one = figures.addObject().put("name", figure.name()).put("unit", figure.unit())
                        .put("a", figure.base()).put("b", figure.changed());
                number(one, "ratio", figure.ratio());
            }
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot render the agreement as JSON", e);
        }
    }

    private static void number(ObjectNode node, String field, Double value) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
