package dev.agentbench.api.result;

import java.util.Objects;

/**
 * A cell a run planned to measure.
 *
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name {@link CellResult#cellName} of benchmark and concurrency
 */
public record PlannedCell(String target, String benchmark, int concurrency, String name) {

    public PlannedCell {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        if (concurrency < 1) {
            throw new IllegalArgumentException("Concurrency [" + concurrency + "] must be at least 1");
        }
        if (name == null) {
            name = CellResult.cellName(benchmark, concurrency);
        }
    }

    public PlannedCell(String target, String benchmark, int concurrency) {
        this(target, benchmark, concurrency, CellResult.cellName(benchmark, concurrency));
    }
}
