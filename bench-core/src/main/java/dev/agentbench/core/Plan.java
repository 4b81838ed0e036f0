package dev.agentbench.core;

import dev.agentbench.api.Spelling;
import dev.agentbench.api.result.PlannedCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The cells of a run, in the order they run, and what the planning has to say about them.
 *
 * <p>Order: benchmark-major, then the benchmark's parameter values (its {@linkplain
 * BenchmarkDescriptor#variants() variants}, in report order), then concurrency in the order given,
 * then target-minor ({@code turn1/A, turn1/B, turn1_c8/A, turn1_c8/B, turn5/A, ...},
 * {@code history_history=1/A, history_history=1/B, history_history=16/A, ...}), so that machine
 * drift over a long run hits every target alike.
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
     * Plans the cells of {@code benchmarks} × their variants × {@code concurrency} × {@code targets}. A benchmark
     * that is not {@link BenchmarkDescriptor#expandsByConcurrency() expanded by concurrency} (one that
     * does not support it, or of any kind but SESSIONS and LOAD) runs at concurrency 1 only, once, whatever the
     * list says.
     */
    public static Plan of(List<BenchmarkDescriptor> benchmarks, List<Integer> concurrency,
            List<TargetDescriptor> targets) {
        Objects.requireNonNull(concurrency, "concurrency");
        for (BenchmarkDescriptor benchmark : benchmarks) {
            if (benchmark.refused() != null) {
                throw new IllegalArgumentException(benchmark.refused());
            }
        }
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
            for (BenchmarkDescriptor.Variant variant : benchmark.variants()) {
                for (int level : levels) {
                    for (TargetDescriptor target : targets) {
                        cells.add(new PlannedCell(target.name(), benchmark.name(), level,
                                variant.cellName(benchmark.name(), level), variant.params()));
                    }
                }
            }
        }
        return new Plan(cells, notes);
    }

    /**
     * Refuses a parameter the user set that none of {@code benchmarks} declares: {@code Parameter
     * [histroy] is declared by none of the selected benchmarks [history]; did you mean [history]? they
     * declare [history]}.
     */
    public static void checkParams(java.util.Set<String> given, List<BenchmarkDescriptor> benchmarks) {
        java.util.Set<String> declared = new java.util.TreeSet<>();
        benchmarks.forEach(benchmark -> benchmark.parameters().forEach(parameter -> declared.add(parameter.name())));
        for (String name : given) {
            if (!declared.contains(name)) {
                throw new IllegalArgumentException("Parameter [" + name + "] is declared by none of the selected"
                        + " benchmarks " + benchmarks.stream().map(BenchmarkDescriptor::name).toList()
                        + (declared.isEmpty() ? ", which take no parameters"
                                : "; " + Spelling.didYouMean(name, declared) + "they declare " + declared));
            }
        }
    }
}
