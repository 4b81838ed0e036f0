package dev.agentbench.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.JvmRuntime;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.kind.Format2Figures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one JSON configuration of results files (a cell's result, run.json, a profile, summary.json,
 * jmh-result.json, a comparison), for the code that writes them and the code that reads them:
 * written indented, read tolerant of fields added by later versions.
 */
public final class ResultsJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // which JVM, and which variant, only where it is known: results of one JVM read as before
            .addMixIn(JvmContext.class, JvmContextFields.class)
            .addMixIn(TargetInfo.class, TargetInfoFields.class)
            // parameters only where a benchmark has them: results of benchmarks without read as before
            .addMixIn(CellResult.class, ParamsField.class)
            .addMixIn(PlannedCell.class, ParamsField.class)
            .addMixIn(Sharding.Group.class, GroupFields.class)
            // a fork's allocation samples where it has them: a cell's memory reads as before
            .addMixIn(Memory.class, MemoryFields.class)
            // the CPU split by thread where it was read: results without it read and write as before
            .addMixIn(Cpu.class, CpuFields.class);

    /** The split of a CPU reading by thread is written where it was read. */
    private interface CpuFields {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        Double ownNanosPerOp();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        Long compilerNanos();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        Long gcNanos();
    }

    /** {@code allocationSamples} is written where a fork measured them. */
    private interface MemoryFields {
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        List<Long> allocationSamples();
    }

    /** {@code params} is written where a benchmark has parameters. */
    private interface ParamsField {
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        Map<String, String> params();
    }

    /** A group's {@code params} and {@code name} are written where its benchmark has parameters. */
    private interface GroupFields {
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        Map<String, String> params();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        String name();
    }

    /** {@code runtime} is written where it is known; the other fields as always, null or not. */
    private interface JvmContextFields {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        JvmRuntime runtime();
    }

    /** {@code target}, {@code variant} and {@code jvm} are written where they are known. */
    private interface TargetInfoFields {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        String target();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        String variant();

        @JsonInclude(JsonInclude.Include.NON_NULL)
        JvmRuntime jvm();
    }

    private ResultsJson() {}

    /** The mapper; shared, so never reconfigure it. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Writes {@code value} as JSON to {@code file} atomically. */
    public static void write(Path file, Object value) throws IOException {
        AtomicFiles.write(file, MAPPER.writeValueAsBytes(value));
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(Files.readAllBytes(file), type);
    }

    /**
     * Refuses a results file of a newer format than {@link RunLayout#FORMAT}; a file without the
     * field is format 1. A file that is no JSON object is left to the reader that follows to refuse.
     *
     * @throws NewerFormatException naming the file and both formats
     */
    public static void checkFormat(Path file, byte[] json) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            return; // not JSON: the reader that follows says where
        }
        if (root == null || !root.isObject() || !root.has(RunLayout.FORMAT_FIELD)) {
            return;
        }
        JsonNode format = root.get(RunLayout.FORMAT_FIELD);
        if (!format.canConvertToExactIntegral() || format.asLong() < 1) {
            throw new IOException("[" + file + "] says results format [" + format + "], which is no format number");
        }
        if (format.asLong() > RunLayout.FORMAT) {
            throw new NewerFormatException(file, format.asLong());
        }
    }

    /**
     * What is wrong with a JSON file, in one line, with where: a file that ends before its JSON does
     * (a process killed while writing it) is {@code truncated at line 12, column 4 (Unexpected
     * end-of-input ...)}.
     */
    public static String reason(JsonProcessingException json) {
        String what = String.valueOf(json.getOriginalMessage()).replaceAll("\\[Source: [^;\\]]*; ", "[")
                .replaceAll("\\s*\\R\\s*", " ");
        String where = json.getLocation() == null ? ""
                : " at line " + json.getLocation().getLineNr() + ", column " + json.getLocation().getColumnNr();
        if (json instanceof com.fasterxml.jackson.core.io.JsonEOFException || what.contains("end-of-input")) {
            return "truncated" + where + " (" + what + ")";
        }
        return what + where;
    }

    /**
     * A cell result from its JSON, of this format or an older one: a result of format 2 or before has
     * its {@code metrics} and {@code load} read into figures ({@link Format2Figures}).
     */
    public static CellResult readCell(byte[] json) throws IOException {
        JsonNode tree = MAPPER.readTree(json);
        if (tree != null && tree.isObject() && tree.path(RunLayout.FORMAT_FIELD).asInt(1) < 3) {
            Format2Figures.upgrade(tree, MAPPER);
        }
        return MAPPER.treeToValue(tree, CellResult.class);
    }
}
