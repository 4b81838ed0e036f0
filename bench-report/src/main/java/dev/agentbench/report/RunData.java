package dev.agentbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run as a report sees it: its {@code run.json}, one result per planned cell, in plan order, and
 * the profiles of the cells that were profiled.
 *
 * @param layout where the run lives
 * @param info what {@code run.json} says
 * @param cells one result per planned cell; {@code MISSING} where the cell left no result file,
 *     {@code FAILED} where the file could not be read
 * @param profiles {@code target/cell} → the cell's profile, for the planned cells that have a
 *     {@code <target>/<cell>.profile.json} ({@link RunLayout#cellProfile}), in plan order; a file
 *     that cannot be read is a {@link CellProfile} with its problem, never a failure of the run
 */
public record RunData(RunLayout layout, RunInfo info, List<CellResult> cells, Map<String, CellProfile> profiles) {

    /** Reads JSON the way results are written: unknown fields from newer versions are skipped. */
    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public RunData {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(info, "info");
        cells = List.copyOf(cells);
        profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
    }

    /** A run without profiles. */
    public RunData(RunLayout layout, RunInfo info, List<CellResult> cells) {
        this(layout, info, cells, Map.of());
    }

    /** The profile of {@code cell}; {@code null} when it was not profiled. */
    public CellProfile profile(CellResult cell) {
        return profiles.get(cell.target() + "/" + cell.name());
    }

    /**
     * Reads a run directory.
     *
     * @throws IOException when {@code run.json} is missing or unreadable: then the directory is no run
     * @throws NewerFormatException when {@code run.json} or a planned cell's result is of a newer
     *     results format than this version reads
     */
    public static RunData read(Path runDir) throws IOException {
        RunLayout layout = new RunLayout(runDir);
        RunInfo info;
        try {
            byte[] json = Files.readAllBytes(layout.runJson());
            checkFormat(layout.runJson(), json);
            info = MAPPER.readValue(json, RunInfo.class);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IOException("No run.json in [" + runDir + "]: not a run directory", e);
        } catch (JsonProcessingException e) {
            throw new IOException("[" + layout.runJson() + "] is not a run's run.json: " + reason(e), e);
        }
        List<CellResult> cells = new ArrayList<>();
        Map<String, CellProfile> profiles = new LinkedHashMap<>();
        for (PlannedCell planned : info.cells()) {
            cells.add(readCell(layout, planned));
            CellProfile profile = readProfile(layout, planned);
            if (profile != null) {
                profiles.put(planned.target() + "/" + planned.name(), profile);
            }
        }
        return new RunData(layout, info, cells, profiles);
    }

    /**
     * The profile of a planned cell: {@code null} when it has no profile file (it was not profiled);
     * a problem in one line when the file cannot be read, is of a newer format or belongs to
     * another cell.
     */
    private static CellProfile readProfile(RunLayout layout, PlannedCell planned) {
        Path file = layout.cellProfile(planned);
        String recording = planned.target() + "/" + layout.cellRecording(planned).getFileName();
        if (!Files.exists(file)) {
            return null;
        }
        String where = "[" + layout.runDir().relativize(file).toString().replace('\\', '/') + "]";
        try {
            byte[] json = Files.readAllBytes(file);
            checkFormat(file, json);
            Profile profile = MAPPER.readValue(json, Profile.class);
            if (!profile.target().equals(planned.target()) || !profile.name().equals(planned.name())) {
                return new CellProfile(recording, null, "profile file " + where + " holds cell ["
                        + profile.target() + "/" + profile.name() + "]");
            }
            if (profile.recording() != null && !profile.recording().isBlank()) {
                recording = planned.target() + "/" + profile.recording();
            }
            return new CellProfile(recording, profile, null);
        } catch (NewerFormatException e) {
            return new CellProfile(recording, null, "profile file " + where + " is results format " + e.format()
                    + "; this agentbench reads format " + RunLayout.FORMAT);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            String reason = e instanceof JsonProcessingException json ? reason(json) : e.getMessage();
            return new CellProfile(recording, null, "unreadable profile file " + where + ": " + reason);
        }
    }

    private static CellResult readCell(RunLayout layout, PlannedCell planned) throws NewerFormatException {
        Path file = layout.cellResult(planned);
        if (!Files.exists(file)) {
            return CellResult.failed(planned, CellStatus.MISSING, "no result: the cell did not run", List.of());
        }
        try {
            byte[] json = Files.readAllBytes(file);
            checkFormat(file, json);
            CellResult result = MAPPER.readValue(json, CellResult.class);
            if (!result.target().equals(planned.target()) || !result.name().equals(planned.name())) {
                return CellResult.failed(planned, CellStatus.FAILED, "result file ["
                    + layout.runDir().relativize(file) + "] holds cell ["
                        + result.target() + "/" + result.name() + "]", List.of());
            }
            return result;
        } catch (NewerFormatException e) {
            throw e;
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            String reason = e instanceof JsonProcessingException json ? reason(json) : e.getMessage();
            return CellResult.failed(planned, CellStatus.FAILED, "unreadable result file ["
                    + layout.runDir().relativize(file) + "]: " + reason, List.of());
        }
    }

    /** What is wrong with a JSON file, in one line, with where. */
    private static String reason(JsonProcessingException json) {
        return json.getOriginalMessage().replaceAll("\\[Source: [^;\\]]*; ", "[").replaceAll("\\s*\\R\\s*", " ")
                + (json.getLocation() == null ? ""
                        : " at line " + json.getLocation().getLineNr() + ", column " + json.getLocation().getColumnNr());
    }

    /**
     * Refuses a results file of a newer format than {@link RunLayout#FORMAT}; a file without the
     * field is format 1. A file that is no JSON object is left to the reader that follows to refuse.
     *
     * @throws NewerFormatException naming the file and both formats
     */
    static void checkFormat(Path file, byte[] json) throws IOException {
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

    /** The targets of the run in plan order, the baseline first when it is among them. */
    public List<String> targets(String baseline) {
        List<String> targets = new ArrayList<>();
        for (PlannedCell cell : info.cells()) {
            if (!targets.contains(cell.target())) {
                targets.add(cell.target());
            }
        }
        if (targets.remove(baseline)) {
            targets.add(0, baseline);
        }
        return targets;
    }
}
