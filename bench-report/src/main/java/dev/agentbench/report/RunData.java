package dev.agentbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.NewerFormatException;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.results.RunResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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
 * @param fromSummary {@code target/name} of the cells read from {@code summary.json} because their
 *     result files are gone ({@link RunResults#fromSummary()}): they have forks but no samples
 */
public record RunData(RunLayout layout, RunInfo info, List<CellResult> cells, Map<String, CellProfile> profiles,
        List<String> fromSummary) {

    /** The results files' mapper, {@link ResultsJson#mapper()}, for the formats that write JSON. */
    static final ObjectMapper MAPPER = ResultsJson.mapper();

    public RunData {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(info, "info");
        cells = List.copyOf(cells);
        profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
        fromSummary = List.copyOf(fromSummary);
    }

    /** A run whose every cell was read from its own result file. */
    public RunData(RunLayout layout, RunInfo info, List<CellResult> cells, Map<String, CellProfile> profiles) {
        this(layout, info, cells, profiles, List.of());
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
     * Reads a run directory ({@link RunResults#read}) and the profiles of its planned cells.
     *
     * @throws IOException when {@code run.json} is missing or unreadable: then the directory is no run
     * @throws NewerFormatException when {@code run.json} or a planned cell's result is of a newer
     *     results format than this version reads
     */
    public static RunData read(Path runDir) throws IOException {
        RunResults run = RunResults.read(runDir);
        Map<String, CellProfile> profiles = new LinkedHashMap<>();
        for (PlannedCell planned : run.info().cells()) {
            CellProfile profile = readProfile(run.layout(), planned);
            if (profile != null) {
                profiles.put(planned.target() + "/" + planned.name(), profile);
            }
        }
        return new RunData(run.layout(), run.info(), run.cells(), profiles, run.fromSummary());
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
            ResultsJson.checkFormat(file, json);
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
            String reason = e instanceof JsonProcessingException json ? ResultsJson.reason(json) : e.getMessage();
            return new CellProfile(recording, null, "unreadable profile file " + where + ": " + reason);
        }
    }

    /**
     * What a report says of the cells read from {@code summary.json}: that they have no samples, and
     * so what their intervals are; {@code null} when every cell was read from its own file.
     */
    public String fromSummaryNote() {
        if (fromSummary.isEmpty()) {
            return null;
        }
        String which = fromSummary.size() == cells.size() ? "every cell" : fromSummary.size() + " of " + cells.size()
                + " cells";
        return "cells read from summary.json: no samples (" + which + ": their result files are gone). Their"
                + " intervals are Student's t over the forks' medians alone, without the bootstrap within forks"
                + " (a cell of one fork has none), and they have no warm-up curves.";
    }

    /**
     * The targets (columns) of the run in plan order, the baseline first when it is among them; in a
     * run on several JVMs, where no column is named {@code baseline} alone, the first column of that
     * target as built ({@code wire~java17} for {@code wire}).
     */
    public List<String> targets(String baseline) {
        List<String> targets = new ArrayList<>();
        for (PlannedCell cell : info.cells()) {
            if (!targets.contains(cell.target())) {
                targets.add(cell.target());
            }
        }
        String column = targets.contains(baseline) ? baseline : targets.stream()
                .filter(id -> isTargetAsBuilt(id, baseline)).findFirst().orElse(null);
        if (column != null && targets.remove(column)) {
            targets.add(0, column);
        }
        return targets;
    }

    /** Whether column {@code id} is target {@code name} as built, on any JVM: {@code wire~java17} for {@code wire}. */
    private static boolean isTargetAsBuilt(String id, String name) {
        try {
            dev.agentbench.api.result.TargetId parsed = dev.agentbench.api.result.TargetId.parse(id);
            return parsed.name().equals(name) && parsed.variantIfAny().isEmpty();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
