package dev.agentbench.core;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.host.CellLauncher;
import dev.agentbench.core.host.RunGuard;
import dev.agentbench.core.kind.CellKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The forks of gate mode ({@link Gate}) in a run: which planned cells are gated, in pairs (the base
 * column's cell, then the changed one's of the same name), and, after the planned steps, the forks
 * added to each pair until its interval is narrow enough. A gated cell is finished by this class,
 * with every fork it ran, never when its planned forks end.
 */
final class GateForks {

    /** What the run lends the gate. */
    interface Run {
        /** Whether the run is being interrupted: then no fork is started and nothing more is finished. */
        boolean stopping();

        /** Whether the run's time budget is spent. */
        boolean budgetSpent();

        /** The class path entries a cell's child adds for plugin targets and benchmarks. */
        List<String> pluginEntries(PlannedCell cell);

        /** Whether cell {@code index} has its result. */
        boolean finished(int index);

        /** Cell {@code index} ended with {@code result}. */
        void finish(int index, CellResult result);

        /** One line for run.json's notes. */
        void note(String note);
    }

    private final Optional<Gate> gate;
    private final int plannedForks;
    private final List<PlannedCell> cells;
    private final List<Integer> gated;

    /**
     * The gated cells of a plan: for each cell name that both gate columns have, the base column's
     * cell then the changed one's, by index; none without a gate. Cold starts are not gated.
     */
    GateForks(Optional<Gate> gate, int plannedForks, List<PlannedCell> cells, Function<String, BenchmarkKind> kinds) {
        this.gate = gate;
        this.plannedForks = plannedForks;
        this.cells = List.copyOf(cells);
        List<Integer> pairs = new ArrayList<>();
        gate.ifPresent(columns -> {
            for (int i = 0; i < cells.size(); i++) {
                PlannedCell base = cells.get(i);
                if (!base.target().equals(columns.base()) || CellKind.of(kinds.apply(base.benchmark())).jvmPerSample()) {
                    continue;
                }
                for (int j = 0; j < cells.size(); j++) {
                    PlannedCell other = cells.get(j);
                    if (other.target().equals(columns.changed()) && other.name().equals(base.name())) {
                        pairs.add(i);
                        pairs.add(j);
                    }
                }
            }
        });
        this.gated = List.copyOf(pairs);
    }

    /** The gated cells' indexes, each pair's base then its changed cell. */
    List<Integer> cells() {
        return gated;
    }

    /** Whether cell {@code index} is gated: it is finished here, not when its planned forks end. */
    boolean gated(int index) {
        return gated.contains(index);
    }

    /** Finishes, with the forks they ran, the gated cells whose planned forks are all done (a budget stop). */
    void finishPlanned(List<List<CellResult>> forks, CellLauncher launcher, Run run) {
        for (int cell : gated) {
            if (!run.finished(cell) && forks.get(cell).size() >= plannedForks) {
                run.finish(cell, launcher.finishGated(cells.get(cell), forks.get(cell)));
            }
        }
    }

    /**
     * After the planned steps: for each pair of gated cells whose forks all ended OK, one more fork
     * of the base then one of the changed column, until the gate's interval is narrow enough, its
     * most forks are spent, or the run's time budget is; then each gated cell is finished with every
     * fork it ran. Notes what each pair got.
     *
     * @param planned how many steps the run planned, which the added forks are numbered after
     */
    void addForks(List<List<CellResult>> forks, CellLauncher launcher, RunListener listener, int planned, Run run) {
        if (gated.isEmpty()) {
            return;
        }
        Gate columns = gate.orElseThrow();
        int pairs = gated.size() / 2;
        int total = planned + pairs * 2 * Math.max(0, columns.maxForks() - plannedForks);
        int index = planned;
        for (int p = 0; p < gated.size() && !run.stopping(); p += 2) {
            int a = gated.get(p);
            int b = gated.get(p + 1);
            List<CellResult> doneA = forks.get(a);
            List<CellResult> doneB = forks.get(b);
            String why = null;
            double halfWidth = Double.NaN;
            while (why == null && !run.stopping()) {
                if (!allOk(doneA, plannedForks) || !allOk(doneB, plannedForks)) {
                    why = "a fork failed";
                    break;
                }
                halfWidth = columns.interval().halfWidth(launcher.merged(cells.get(a), doneA),
                        launcher.merged(cells.get(b), doneB));
                if (halfWidth <= columns.width()) {
                    why = "narrow enough";
                } else if (Math.min(doneA.size(), doneB.size()) >= columns.maxForks()) {
                    why = "its most forks were spent";
                } else if (run.budgetSpent()) {
                    why = "the run's time budget was spent";
                } else {
                    for (int cell : new int[] {a, b}) {
                        List<CellResult> done = forks.get(cell);
                        CellResult result = addFork(cells.get(cell), done, columns.maxForks(), index++, total,
                                launcher, listener, run);
                        if (result == null) {
                            return;
                        }
                        if (result.status() != CellStatus.OK) {
                            break;
                        }
                    }
                }
            }
            if (run.stopping()) {
                return;
            }
            for (int cell : new int[] {a, b}) {
                if (!run.finished(cell)) {
                    run.finish(cell, launcher.finishGated(cells.get(cell), forks.get(cell)));
                }
            }
            run.note(String.format(Locale.ROOT, "Gate %s vs %s, %s: %d and %d forks, interval ±%s (target ±%s): %s",
                    columns.base(), columns.changed(), cells.get(a).name(), doneA.size(), doneB.size(),
                    Double.isNaN(halfWidth) ? "–" : percent(halfWidth), percent(columns.width()), why));
        }
    }

    /**
     * Runs one fork added after the planned ones (gate mode's, or {@link PrecisionForks}'), the next
     * after {@code done}, adds it there and tells the listener, as step {@code index} of {@code total}.
     *
     * @param of the most forks the cell may get, which the progress counts against
     * @return the fork's result; {@code null} when the run was stopped meanwhile
     */
    static CellResult addFork(PlannedCell cell, List<CellResult> done, int of, int index, int total,
            CellLauncher launcher, RunListener listener, Run run) {
        int fork = done.size() + 1;
        listener.forkStarted(cell, fork, of, index, total);
        CellResult result;
        try {
            result = launcher.runFork(cell, fork, of, run.pluginEntries(cell));
        } catch (RunGuard.RunStoppedException e) {
            return null;
        }
        if (run.stopping()) {
            return null;
        }
        listener.forkFinished(result, fork, of, index, total);
        done.add(result);
        return result;
    }

    /**
     * Whether the forks of a cell so far all ended OK, {@code planned} at least: what a cell needs before
     * forks are added to it, by the gate or by {@link PrecisionForks}.
     */
    static boolean allOk(List<CellResult> done, int planned) {
        return done.size() >= planned && done.stream().allMatch(fork -> fork.status() == CellStatus.OK);
    }

    /** A fraction as run.json's notes give it, to a tenth of a percent: {@code 4.0%}. */
    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
