package dev.agentbench.core.kind;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Results of format 2 and before kept a kind's own figures as a {@code metrics} map (name → value)
 * and a LOAD cell's as a {@code load} record; this turns them into {@link Figure figures} with the
 * meaning the kinds declare today, so that old runs read, report and compare as new ones do. A name no
 * kind declares any more becomes a figure of its own name, unit and section unknown.
 */
public final class Format2Figures {

    /** The section of a figure of an old result that no kind declares. */
    static final String OTHER = "Other figures";

    /**
     * Metrics of format 2 that were no figure: what the child of a LOAD cell told the parent (the
     * model calls of a turn, which the parent now reads off the script).
     */
    static final java.util.Set<String> DROPPED = java.util.Set.of("modelCallsPerTurn");

    private Format2Figures() {}

    /**
     * A cell result of format 2 or before, as JSON, with its and each fork's {@code metrics} and
     * {@code load} turned into {@code figures}; {@code cell} itself, changed in place.
     */
    public static JsonNode upgrade(JsonNode cell, ObjectMapper mapper) {
        if (cell instanceof ObjectNode object) {
            upgradeOne(object, mapper);
            JsonNode forks = object.get("forks");
            if (forks != null && forks.isArray()) {
                forks.forEach(fork -> {
                    if (fork instanceof ObjectNode forkObject) {
                        upgradeOne(forkObject, mapper);
                    }
                });
            }
        }
        return cell;
    }

    private static void upgradeOne(ObjectNode node, ObjectMapper mapper) {
        if (node.has("figures")) {
            return;
        }
        Map<String, Double> metrics = numbers(node.remove("metrics"));
        Map<String, Double> load = numbers(node.remove("load"));
        node.set("figures", mapper.valueToTree(of(metrics, load)));
    }

    private static Map<String, Double> numbers(JsonNode node) {
        Map<String, Double> numbers = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            node.fields().forEachRemaining(field -> {
                if (field.getValue().isNumber()) {
                    numbers.put(field.getKey(), field.getValue().asDouble());
                }
            });
        }
        return numbers;
    }

    /**
     * The figures of a result of format 2: its metrics, then its load record's fields (the record's
     * {@code sessions} left out: it is the cell's concurrency), each in the order the kinds declare.
     *
     * @param metrics name → value; empty when none
     * @param load field → value of the load record; empty when the result has none
     */
    public static List<Figure> of(Map<String, Double> metrics, Map<String, Double> load) {
        Map<String, Double> values = new LinkedHashMap<>(metrics);
        DROPPED.forEach(values::remove);
        load.forEach((name, value) -> {
            if (!name.equals("sessions") && value != null) {
                values.put(name, value);
            }
        });
        List<Figure> figures = new ArrayList<>();
        for (CellKind kind : CellKind.all()) {
            for (Figure.Definition definition : kind.figures()) {
                Double value = values.remove(definition.name());
                if (value != null && !value.isNaN()) {
                    figures.add(definition.of(value));
                }
            }
        }
        values.forEach((name, value) -> {
            if (value != null && !value.isNaN()) {
                figures.add(new Figure(name, name, "", Figure.Better.NEITHER, Figure.Combine.MEDIAN, OTHER, "", false,
                        value, null, null));
            }
        });
        return List.copyOf(figures);
    }
}
