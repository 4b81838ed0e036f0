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
import java.util.Map;
import java.util.Objects;

/**
 * One run directory as read back: its {@code run.json} and one result per planned cell, in plan
 * order. Only the cells {@code run.json} planned are read, so a file left by an earlier run never
 * enters.
 *
 * <p>A planned cell whose result file is gone (a published, archived or copied run keeps only
 * {@code run.json} and {@code summary.json}) is read from the run's {@code summary.json} when that
 * has an entry of the same target and name ({@link SummaryCells}): its figures and forks, without
 * samples. Such cells are listed in {@code fromSummary}, and the reports say so.
 *
 * @param layout where the run lives
 * @param info what {@code run.json} says
 * @param cells one result per planned cell; {@code MISSING} where the cell left no result file and
 *     {@code summary.json} has no entry for it, and also where the file cannot be read (truncated
 *     by a process killed while writing it, not JSON), with an error that names the file and what
 *     is wrong; {@code FAILED} where the file holds another cell
 * @param fromSummary {@code target/name} of the cells read from {@code summary.json}, in plan order;
 *     empty when every cell was read from its own file
 */
public record RunResults(RunLayout layout, RunInfo info, List<CellResult> cells, List<String> fromSummary) {

    public RunResults {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(info, "info");
        cells = List.copyOf(cells);
        fromSummary = List.copyOf(fromSummary);
    }

    /** A run whose every cell was read from its own result file. */
    public RunResults(RunLayout layout, RunInfo info, List<CellResult> cells) {
        this(layout, info, cells, List.of());
    }

    /**
     * Reads a run directory.
     *
     * @throws IOException when {@code run.json} is missing or unreadable: then the directory is no run
     * @throws NewerFormatException when {@code run.json}, a planned cell's result or the
     *     {@code summary.json} its missing cells are read from is of a newer results format than this
     *     version reads
     * @throws IOException naming {@code summary.json} when a cell is read from it and it cannot be read
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
        List<String> fromSummary = new ArrayList<>();
        Map<String, CellResult> summary = null;
        for (PlannedCell planned : info.cells()) {
            String key = planned.target() + "/" + planned.name();
            if (!Files.exists(layout.cellResult(planned)) && Files.isRegularFile(layout.summaryJson())) {
                if (summary == null) {
                    summary = SummaryCells.read(layout.summaryJson());
                }
                CellResult entry = summary.get(key);
                if (entry != null) {
                    cells.add(entry);
                    fromSummary.add(key);
                    continue;
                }
            }
            cells.add(readCell(layout, planned));
        }
        return new RunResults(layout, info, cells, fromSummary);
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
            return CellResult.failed(planned, CellStatus.MISSING, "unreadable result file ["
                    + layout.runDir().relativize(file) + "]: " + reason, List.of());
        }
    }
}
