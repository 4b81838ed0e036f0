package dev.agentbench.core.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One run directory as read back: its {@code run.json} and one result per planned cell, in plan
 * order. Only the cells {@code run.json} planned are read, so a file left by an earlier run never
 * enters.
 *
 * @param layout where the run lives
 * @param info what {@code run.json} says
 * @param cells one result per planned cell; {@code MISSING} where the cell left no result file,
 *     {@code FAILED} where the file could not be read or holds another cell
 */
public record RunResults(RunLayout layout, RunInfo info, List<CellResult> cells) {

    public RunResults {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(info, "info");
        cells = List.copyOf(cells);
    }

    /**
     * Reads a run directory.
     *
     * @throws IOException when {@code run.json} is missing or unreadable: then the directory is no run
     * @throws NewerFormatException when {@code run.json} or a planned cell's result is of a newer
     *     results format than this version reads
     */
    public static RunResults read(Path runDir) throws IOException {
        RunLayout layout = new RunLayout(runDir);
        RunInfo info;
        try {
            byte[] json = Files.readAllBytes(layout.runJson());
            ResultsJson.checkFormat(layout.runJson(), json);
            info = ResultsJson.mapper().readValue(json, RunInfo.class);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IOException("No run.json in [" + runDir + "]: not a run directory", e);
        } catch (JsonProcessingException e) {
            throw new IOException("[" + layout.runJson() + "] is not a run's run.json: " + ResultsJson.reason(e), e);
        }
        List<CellResult> cells = new ArrayList<>();
        for (PlannedCell planned : info.cells()) {
            cells.add(readCell(layout, planned));
        }
        return new RunResults(layout, info, cells);
    }

    private static CellResult readCell(RunLayout layout, PlannedCell planned) throws NewerFormatException {
        Path file = layout.cellResult(planned);
        if (!Files.exists(file)) {
            return CellResult.failed(planned, CellStatus.MISSING, "no result: the cell did not run", List.of());
        }
        try {
            byte[] json = Files.readAllBytes(file);
            ResultsJson.checkFormat(file, json);
            CellResult result = ResultsJson.readCell(json);
            if (!result.target().equals(planned.target()) || !result.name().equals(planned.name())) {
                return CellResult.failed(planned, CellStatus.FAILED, "result file ["
                        + layout.runDir().relativize(file) + "] holds cell ["
                        + result.target() + "/" + result.name() + "]", List.of());
            }
            return result;
        } catch (NewerFormatException e) {
            throw e;
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            String reason = e instanceof JsonProcessingException json ? ResultsJson.reason(json) : e.getMessage();
            return CellResult.failed(planned, CellStatus.FAILED, "unreadable result file ["
                    + layout.runDir().relativize(file) + "]: " + reason, List.of());
        }
    }
}
