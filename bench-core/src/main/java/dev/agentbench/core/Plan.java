package dev.agentbench.core;

import dev.agentbench.api.result.PlannedCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The cells of a run, in the order they run, and what the planning has to say about them.
 *
 * <p>Order: benchmark-major, then concurrency in the order given, then target-minor
 * ({@code turn1/A, turn1/B, turn1_c8/A, turn1_c8/B, turn5/A, ...}), so that machine drift over a
 * long run hits every target alike.
 *
 * @param cells the planned cells
 * @param notes one sentence per thing a user should know, for example a benchmark that was not
 *     expanded because it cannot run concurrently
 */
public record Plan(List<PlannedCell> cells, List<String> notes) {

    public Plan {
        cells = List.copyOf(cells);
        notes = List.copyOf(notes);
    }

    /**
     * Plans the cells of {@code benchmarks} × {@code concurrency} × {@code targets}. A benchmark
     * that is not {@link BenchmarkDescriptor#expandsByConcurrency() expanded by concurrency} (one that
     * does not support it, or of any kind but SESSIONS and LOAD) runs at concurrency 1 only, once, whatever the
     * list says.
     */
    public static Plan of(List<BenchmarkDescriptor> benchmarks, List<Integer> concurrency,
            List<TargetDescriptor> targets) {
        Objects.requireNonNull(concurrency, "concurrency");
        List<PlannedCell> cells = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean wantsConcurrency = concurrency.stream().anyMatch(level -> level > 1);
        for (BenchmarkDescriptor benchmark : benchmarks) {
            List<Integer> levels = concurrency;
            if (!benchmark.expandsByConcurrency()) {
                levels = List.of(1);
                if (wantsConcurrency) {
                    notes.add("Benchmark [" + benchmark.name()
                            + "] does not run concurrently; planned at concurrency 1 only");
                }
            }
            for (int level : levels) {
                for (TargetDescriptor target : targets) {
                    cells.add(new PlannedCell(target.name(), benchmark.name(), level));
                }
            }
        }
        return new Plan(cells, notes);
    }
}
