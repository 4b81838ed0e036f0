package dev.agentbench.api.result;

import java.util.Map;
import java.util.Objects;

/**
 * A cell a run planned to measure.
 *
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name {@link CellResult#cellName(String, Map, int)} of benchmark, the parameters that belong in
 *     the name, and concurrency; {@link CellResult#cellName(String, int)} for a benchmark without
 *     parameters
 * @param params the value of each of the benchmark's parameters, in the order the benchmark declares
 *     them, as {@link CellResult#params()}; empty for a benchmark without parameters, and in run.json
 *     files written before the field existed
 */
public record PlannedCell(String target, String benchmark, int concurrency, String name, Map<String, String> params) {

    public PlannedCell {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        if (concurrency < 1) {
            throw new IllegalArgumentException("Concurrency [" + concurrency + "] must be at least 1");
        }
        params = CellResult.copyParams(params);
        if (name == null) {
            name = CellResult.cellName(benchmark, params, concurrency);
        }
    }

    /** A cell of a benchmark without parameters. */
    public PlannedCell(String target, String benchmark, int concurrency, String name) {
        this(target, benchmark, concurrency, name, Map.of());
    }

    /** A cell of a benchmark without parameters, named by {@link CellResult#cellName(String, int)}. */
    public PlannedCell(String target, String benchmark, int concurrency) {
        this(target, benchmark, concurrency, CellResult.cellName(benchmark, concurrency));
    }
}
