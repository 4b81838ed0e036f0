package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of every planned cell of one run, filled in as cells end. The running thread fills it
 * and the shutdown hook reads it, so every access holds its lock. A cell that has none when the run
 * stops early is MISSING, saying why, in its result file too.
 */
final class CellSlots {

    private final List<PlannedCell> cells;
    private final CellResult[] results;
    private final RunLayout layout;
    private final RunListener listener;

    CellSlots(List<PlannedCell> cells, RunLayout layout, RunListener listener) {
        this.cells = cells;
        this.results = new CellResult[cells.size()];
        this.layout = layout;
        this.listener = listener;
    }

    /** How many cells the run planned. */
    int size() {
        return results.length;
    }

    /** Cell {@code index} ended with {@code result}: kept, and the listener told. */
    void finished(int index, CellResult result) {
        synchronized (results) {
            results[index] = result;
        }
        listener.cellFinished(result, index, results.length);
    }

    /** Every cell FAILED with {@code why} (nothing of the run could start), the listener told of each. */
    void failEvery(String why) {
        for (int i = 0; i < results.length; i++) {
            finished(i, CellResult.failed(cells.get(i), CellStatus.FAILED, why, List.of()));
        }
    }

    /** The result of cell {@code index} replaced (its profile added), the listener not told again. */
    void replace(int index, CellResult result) {
        synchronized (results) {
            results[index] = result;
        }
    }

    /** The result of cell {@code index}, or {@code null} while it has none. */
    CellResult get(int index) {
        synchronized (results) {
            return results[index];
        }
    }

    /** How many cells have no result yet. */
    int unfinished() {
        synchronized (results) {
            int left = 0;
            for (CellResult result : results) {
                if (result == null) {
                    left++;
                }
            }
            return left;
        }
    }

    /**
     * Every cell that has no result is MISSING with {@code why}, in its result file where that can be
     * written (a reader of the run takes a cell without a file as MISSING anyway).
     */
    void missing(String why) {
        for (int i = 0; i < results.length; i++) {
            if (get(i) != null) {
                continue;
            }
            PlannedCell cell = cells.get(i);
            CellResult missing = CellResult.failed(cell, CellStatus.MISSING, why, List.of());
            try {
                ResultsJson.write(layout.cellResult(cell), missing);
            } catch (IOException e) {
                System.err.println("agentbench: " + e.getMessage());
            }
            replace(i, missing);
        }
    }

    /** Every planned cell's result, MISSING with {@code why} where there is none; changes nothing. */
    List<CellResult> snapshot(String why) {
        List<CellResult> all = new ArrayList<>(results.length);
        synchronized (results) {
            for (int i = 0; i < results.length; i++) {
                all.add(results[i] != null ? results[i]
                        : CellResult.failed(cells.get(i), CellStatus.MISSING, why, List.of()));
            }
        }
        return all;
    }
}
