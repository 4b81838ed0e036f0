package dev.agentbench.core;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.host.CellLauncher;
import dev.agentbench.core.kind.CellKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The forks of {@link Precision} in a run: which planned cells it holds (every cell but cold starts),
 * and, after the planned steps, the forks added in rounds to the cells still wider than asked. A held
 * cell is finished by this class, with every fork it ran, never when its planned forks end; a cell that
 * did not reach the precision says so in a warning, and run.json's notes say how many did.
 */
final class PrecisionForks {

    /** Why a cell got no more forks. */
    private static final String REACHED = "reached";

    private final Optional<Precision> precision;
    private final int plannedForks;
    private final List<PlannedCell> cells;
    /** The held cells' indexes by row (cell name), rows and cells in plan order. */
    private final Map<String, List<Integer>> rows = new LinkedHashMap<>();

    PrecisionForks(Optional<Precision> precision, int plannedForks, List<PlannedCell> cells,
            Function<String, BenchmarkKind> kinds) {
        this.precision = precision;
        this.plannedForks = plannedForks;
        this.cells = List.copyOf(cells);
        if (precision.isPresent()) {
            for (int i = 0; i < cells.size(); i++) {
                PlannedCell cell = cells.get(i);
                if (!CellKind.of(kinds.apply(cell.benchmark())).jvmPerSample()) {
                    rows.computeIfAbsent(cell.name(), name -> new ArrayList<>()).add(i);
                }
            }
        }
    }

    /** Whether cell {@code index} is held: it is finished here, not when its planned forks end. */
    boolean held(int index) {
        return rows.values().stream().anyMatch(row -> row.contains(index));
    }

    /** Finishes, with the forks they ran, the held cells whose planned forks are all done (a budget stop). */
    void finishPlanned(List<List<CellResult>> forks, CellLauncher launcher, GateForks.Run run) {
        for (List<Integer> row : rows.values()) {
            for (int cell : row) {
                if (!run.finished(cell) && forks.get(cell).size() >= plannedForks) {
                    run.finish(cell, launcher.finishGated(cells.get(cell), forks.get(cell)));
                }
            }
        }
    }

    /**
     * After the planned steps: in rounds, one more fork of each cell of a row whose forks all ended OK
     * and whose interval is still wider than asked, row after row, until no cell is, or each such cell
     * has its most forks, or the run's time budget is spent; then every held cell is finished with the
     * forks it ran, a cell that did not reach the precision with a warning that says how far it got.
     *
     * @param planned how many steps the run planned, which the added forks are numbered after
     */
    void addForks(List<List<CellResult>> forks, CellLauncher launcher, RunListener listener, int planned,
            GateForks.Run run) {
        if (rows.isEmpty()) {
            return;
        }
        Precision asked = precision.orElseThrow();
        int held = rows.values().stream().mapToInt(List::size).sum();
        int total = planned + held * Math.max(0, asked.maxForks() - plannedForks);
        int index = planned;
        Map<Integer, String> why = new LinkedHashMap<>();
        Map<Integer, Double> widths = new LinkedHashMap<>();
        boolean added = true;
        while (added && !run.stopping()) {
            added = false;
            for (List<Integer> row : rows.values()) {
                for (int cell : row) {
                    if (why.containsKey(cell) || run.stopping()) {
                        continue;
                    }
                    List<CellResult> done = forks.get(cell);
                    if (!GateForks.allOk(done, plannedForks)) {
                        why.put(cell, "a fork failed");
                        continue;
                    }
                    double halfWidth = asked.interval().halfWidth(launcher.merged(cells.get(cell), done));
                    widths.put(cell, halfWidth);
                    if (halfWidth <= asked.width()) {
                        why.put(cell, REACHED);
                    } else if (done.size() >= asked.maxForks()) {
                        why.put(cell, "its most forks were spent");
                    } else if (run.budgetSpent()) {
                        why.put(cell, "the run's time budget was spent");
                    } else {
                        if (GateForks.addFork(cells.get(cell), done, asked.maxForks(), index++, total, launcher,
                                listener, run) == null) {
                            return;
                        }
                        added = true;
                    }
                }
            }
        }
        if (run.stopping()) {
            return;
        }
        int reached = 0;
        List<String> notReached = new ArrayList<>();
        for (List<Integer> row : rows.values()) {
            for (int cell : row) {
                if (run.finished(cell)) {
                    continue;
                }
                String reason = why.getOrDefault(cell, "a fork failed");
                String warning = null;
                if (REACHED.equals(reason)) {
                    reached++;
                } else if (GateForks.allOk(forks.get(cell), plannedForks)) {
                    warning = String.format(Locale.ROOT, "Precision ±%s not reached: ±%s after %d forks (%s)",
                            GateForks.percent(asked.width()), width(widths.get(cell)), forks.get(cell).size(), reason);
                    notReached.add(cells.get(cell).target() + "/" + cells.get(cell).name() + " ±"
                            + width(widths.get(cell)));
                }
                CellResult result = launcher.finishGated(cells.get(cell), forks.get(cell), warning);
                run.finish(cell, result);
            }
        }
        run.note(String.format(Locale.ROOT, "Precision ±%s (at most %d forks a cell): %d of %d cells reached it%s",
                GateForks.percent(asked.width()), asked.maxForks(), reached, held,
                notReached.isEmpty() ? "" : "; not reached: " + String.join(", ", notReached)));
    }

    private static String width(Double halfWidth) {
        return halfWidth == null || Double.isNaN(halfWidth) ? "–" : GateForks.percent(halfWidth);
    }
}
