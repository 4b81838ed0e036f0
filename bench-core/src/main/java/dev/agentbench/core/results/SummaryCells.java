package dev.agentbench.core.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.Noise;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.api.result.WarmupShape;
import dev.agentbench.core.kind.Format2Figures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cells of a run's {@code summary.json}, for a run whose cell result files are gone (a published,
 * archived or copied run): each entry as a cell result with its forks, and no samples, which the
 * summary never held. A fork has its number, size, median, steadiness, warm-up (its shape, whether
 * capped, its time and iterations, no curve), CPU time per operation and, from format 3, its figures;
 * every other statistic of a fork's timed pass is unknown ({@code NaN}). A summary of format 2 or
 * before has its cells' {@code metrics} and {@code load} read into figures ({@link Format2Figures}).
 */
public final class SummaryCells {

    private static final TypeReference<List<Figure>> FIGURES = new TypeReference<>() {};

    private SummaryCells() {}

    /**
     * The cells of {@code file}, by {@code target/name}, in the file's order.
     *
     * @throws NewerFormatException when the file is of a newer results format than this version reads
     * @throws IOException in one line naming the file when it is no readable summary
     */
    public static Map<String, CellResult> read(Path file) throws IOException {
        try {
            byte[] json = Files.readAllBytes(file);
            ResultsJson.checkFormat(file, json);
            JsonNode root = ResultsJson.mapper().readTree(json);
            if (root == null || !root.isObject() || !root.path("cells").isArray()) {
                throw new IllegalArgumentException("it has no cells array");
            }
            int format = root.path(RunLayout.FORMAT_FIELD).asInt(1);
            Map<String, CellResult> cells = new LinkedHashMap<>();
            JsonNode entries = root.get("cells");
            for (int i = 0; i < entries.size(); i++) {
                CellResult cell;
                try {
                    cell = cell(entries.get(i), format);
                } catch (IllegalArgumentException | NullPointerException e) {
                    throw new IllegalArgumentException("cells[" + i + "] " + e.getMessage(), e);
                }
                cells.putIfAbsent(cell.target() + "/" + cell.name(), cell);
            }
            return cells;
        } catch (NewerFormatException e) {
            throw e;
        } catch (IOException | UncheckedIOException | IllegalArgumentException | NullPointerException e) {
            String reason = e instanceof JsonProcessingException json ? ResultsJson.reason(json) : e.getMessage();
            throw new IOException("[" + file + "] is not a readable summary.json: " + reason, e);
        }
    }

    private static CellResult cell(JsonNode entry, int format) throws IOException {
        if (!entry.isObject()) {
            throw new IllegalArgumentException("is [" + entry + "], not an object");
        }
        ObjectNode node = ((ObjectNode) entry).deepCopy();
        if (format < 3) {
            Format2Figures.upgrade(node, ResultsJson.mapper());
        }
        ObjectMapper mapper = ResultsJson.mapper();
        List<Figure> figures = node.path("figures").isArray() ? mapper.convertValue(node.get("figures"), FIGURES)
                : List.of();
        List<Fork> forks = new ArrayList<>();
        for (JsonNode fork : node.path("forks")) {
            forks.add(fork(fork, figures));
        }
        List<String> warnings = new ArrayList<>();
        node.path("warnings").forEach(warning -> warnings.add(warning.asText()));
        return new CellResult(Math.max(1, format), text(node, "target"), text(node, "benchmark"),
                node.path("concurrency").asInt(1), text(node, "name"), CellStatus.valueOf(text(node, "status")),
                node.path("error").isTextual() ? node.get("error").asText() : null,
                typed(node, "time", TimeStats.class), node.path("warmupIterations").asInt(0),
                node.path("steadyState").isBoolean() ? node.get("steadyState").asBoolean() : null,
                node.path("drift").isNumber() ? node.get("drift").asDouble() : null, List.of(), List.of(),
                typed(node, "memory", Memory.class), typed(node, "throughput", Throughput.class),
                typed(node, "turnLatency", TimeStats.class), typed(node, "jvm", JvmContext.class), figures, forks,
                typed(node, "cpu", Cpu.class), warnings, params(node));
    }

    /** A cell's {@code params}, in their order: the benchmark's parameters' values; empty when none. */
    private static Map<String, String> params(JsonNode node) {
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode values = node.path("params");
        if (values.isObject()) {
            values.fields().forEachRemaining(field -> params.put(field.getKey(), field.getValue().asText()));
        }
        return params;
    }

    /** One entry of a cell's {@code forks}: no samples, and of its timed pass only its size and median. */
    private static Fork fork(JsonNode node, List<Figure> cellFigures) throws IOException {
        double nan = Double.NaN;
        TimeStats time = new TimeStats(TimeStats.NANOS, node.path("n").asLong(0), number(node, "median"), nan, nan,
                nan, nan, nan, nan);
        Warmup warmup = null;
        if (node.path("shape").isTextual()) {
            warmup = new Warmup(node.path("warmupMillis").asLong(0) * 1_000_000L, node.path("warmupIterations").asInt(0),
                    node.path("capped").asBoolean(false), WarmupShape.valueOf(node.get("shape").asText()), List.of());
        }
        Cpu cpu = node.path("cpuNanosPerOp").isNumber() ? new Cpu(node.get("cpuNanosPerOp").asDouble(), 0, 0) : null;
        List<Figure> figures = new ArrayList<>();
        JsonNode values = node.path("figures");
        if (values.isObject()) {
            values.fields().forEachRemaining(field -> {
                Figure of = Figure.find(cellFigures, field.getKey());
                double value = field.getValue().asDouble();
                figures.add(of == null
                        ? new Figure(field.getKey(), field.getKey(), "", Figure.Better.NEITHER, Figure.Combine.MEDIAN,
                                "Other figures", "", false, value, null, null)
                        : new Figure(of.name(), of.label(), of.unit(), of.better(), of.combine(), of.section(),
                                of.description(), of.overFloor(), value, null, null));
            });
        }
        return new Fork(node.path("fork").asInt(0), time, List.of(), warmup,
                node.path("steady").isBoolean() ? node.get("steady").asBoolean() : null, null, cpu, null, null, null,
                null, figures, List.of(), typed(node, "noise", Noise.class), node.path("excluded").asBoolean(false),
                node.path("outlier").asBoolean(false));
    }

    private static String text(JsonNode node, String field) {
        if (!node.path(field).isTextual()) {
            throw new IllegalArgumentException("has no [" + field + "]");
        }
        return node.get(field).asText();
    }

    private static double number(JsonNode node, String field) {
        if (!node.path(field).isNumber()) {
            throw new IllegalArgumentException("has a fork without [" + field + "]");
        }
        return node.get(field).asDouble();
    }

    private static <T> T typed(JsonNode node, String field, Class<T> type) throws IOException {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : ResultsJson.mapper().treeToValue(value, type);
    }
}
