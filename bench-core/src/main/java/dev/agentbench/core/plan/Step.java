package dev.agentbench.core.plan;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.api.result.PlannedCell;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One child JVM's worth of a run: fork {@code fork} of the planned cell at {@code cell}, a whole
 * cold start cell (whose JVMs are its forks, started one after another by the launcher), or the
 * cell's profile fork.
 *
 * @param cell the cell's index in the plan
 * @param fork which fork, from 1; the profile fork is {@code forks + 1}
 * @param forks how many measured forks the cell has (1 for a cold start)
 * @param coldStart whether this step is a whole cold start cell
 * @param profile whether this step is the cell's profile fork, after its measured forks
 */
public record Step(int cell, int fork, int forks, boolean coldStart, boolean profile) {

    /** A step without profile: a measured fork, or a cold start. */
    public Step(int cell, int fork, int forks, boolean coldStart) {
        this(cell, fork, forks, coldStart, false);
    }

    /** The steps of a plan without profile forks. */
    public static List<Step> plan(List<PlannedCell> cells, Function<String, BenchmarkKind> kinds, int forks) {
        return plan(cells, kinds, forks, false);
    }

    /**
     * The steps of a plan. The plan's cells come benchmark-major, target-minor; the forks of each
     * group of cells that share a benchmark and a concurrency level rotate through its targets
     * ({@code A#1, B#1, A#2, B#2, ...}), so that drift of the machine lands on every target alike.
     * With {@code profile}, each group's profile forks follow its measured forks, rotating the same
     * way ({@code ..., A#2, B#2, A profile, B profile}); a cold start cell has none.
     */
    public static List<Step> plan(List<PlannedCell> cells, Function<String, BenchmarkKind> kinds, int forks,
            boolean profile) {
        List<Step> steps = new ArrayList<>();
        for (int[] group : Shards.groups(cells)) {
            int from = group[0];
            int to = group[1];
            if (CellKind.of(kinds.apply(cells.get(from).benchmark())).jvmPerSample()) {
                for (int i = from; i < to; i++) {
                    steps.add(new Step(i, 1, 1, true));
                }
            } else {
                for (int fork = 1; fork <= forks; fork++) {
                    for (int i = from; i < to; i++) {
                        steps.add(new Step(i, fork, forks, false));
                    }
                }
                for (int i = from; profile && i < to; i++) {
                    steps.add(new Step(i, forks + 1, forks, false, true));
                }
            }
        }
        return List.copyOf(steps);
    }
}
