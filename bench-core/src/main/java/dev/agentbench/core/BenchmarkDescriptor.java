package dev.agentbench.core;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.api.script.Script;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A benchmark a run can see.
 *
 * @param name what users type after {@code --benchmarks}
 * @param description the benchmark's one line
 * @param supportsConcurrency whether the benchmark says it may run concurrently
 * @param location where it was found: the plugin path, or the jar or folder of a built-in
 * @param classpath what a cell's child JVM adds to the harness class path for it: empty for a
 *     built-in, {@code <folder>/*} or the jar for a plugin
 * @param kind how the harness measures it
 * @param script the script the mock plays for it, which the mock is warmed with before the first
 *     cell; {@code null} when not known (a descriptor made by hand). For a benchmark with parameters,
 *     its script at its first default values; each variant has its own
 * @param parameters the parameters it declares, with their defaults; empty when none
 * @param variants what a run plans of it: one per combination of its parameters' values (the user's,
 *     else the defaults), in report order; one without values for a benchmark without parameters
 * @param refused why it cannot run with the values the user gave, in one line naming the parameter and
 *     the value; {@code null} when it can. A run that selects it is refused before anything starts
 */
public record BenchmarkDescriptor(
        String name, String description, boolean supportsConcurrency, String location, List<String> classpath,
        BenchmarkKind kind, Script script, List<Parameter> parameters, List<Variant> variants, String refused) {

    /**
     * The benchmark with one value of each of its parameters.
     *
     * @param params every parameter's value, in declaration order; empty when it has none
     * @param named those of {@code params} its cells' names carry ({@link Parameters#named})
     * @param script its script with these values, named {@link #scriptName()}; {@code null} when not
     *     known
     * @param preparedTurns how many of the script's turns, from its first, the benchmark plays untimed
     *     ({@link dev.agentbench.api.Benchmark#preparedTurns()})
     */
    public record Variant(Map<String, String> params, Map<String, String> named, Script script, int preparedTurns) {

        /** A variant that prepares no turns. */
        public Variant(Map<String, String> params, Map<String, String> named, Script script) {
            this(params, named, script, 0);
        }

        public Variant {
            params = params.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(
                    new java.util.LinkedHashMap<>(params));
            named = named.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(
                    new java.util.LinkedHashMap<>(named));
        }

        /** The name of its cells at {@code concurrency}: {@code history_history=64_c8}. */
        public String cellName(String benchmark, int concurrency) {
            return CellResult.cellName(benchmark, named, concurrency);
        }

        /**
         * The name its script is registered with the mock under, unique in the run: the benchmark's
         * name, then {@code -NAME-VALUE} for each parameter ({@code history-history-64}).
         */
        public static String scriptName(String benchmark, Map<String, String> params) {
            StringBuilder name = new StringBuilder(benchmark);
            params.forEach((parameter, value) -> name.append('-').append(parameter).append('-').append(value));
            return name.toString();
        }
    }

    public BenchmarkDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(location, "location");
        classpath = List.copyOf(classpath);
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        variants = variants == null || variants.isEmpty() ? List.of(new Variant(Map.of(), Map.of(), script))
                : List.copyOf(variants);
    }

    /** A benchmark without parameters. */
    public BenchmarkDescriptor(String name, String description, boolean supportsConcurrency, String location,
            List<String> classpath, BenchmarkKind kind, Script script) {
        this(name, description, supportsConcurrency, location, classpath, kind, script, List.of(), List.of(), null);
    }

    /** A benchmark whose script is not known. */
    public BenchmarkDescriptor(String name, String description, boolean supportsConcurrency, String location,
            List<String> classpath, BenchmarkKind kind) {
        this(name, description, supportsConcurrency, location, classpath, kind, null);
    }

    /** A {@link BenchmarkKind#SESSIONS} benchmark. */
    public BenchmarkDescriptor(String name, String description, boolean supportsConcurrency, String location,
            List<String> classpath) {
        this(name, description, supportsConcurrency, location, classpath, BenchmarkKind.SESSIONS);
    }

    /**
     * Whether {@code --concurrency} expands it into {@code _cN} cells: only a SESSIONS or LOAD
     * benchmark that supports concurrency.
     */
    public boolean expandsByConcurrency() {
        return CellKind.of(kind).expandsConcurrency() && supportsConcurrency;
    }

    /** Its variant with these parameter values, as {@link PlannedCell#params()} holds them. */
    public Variant variant(Map<String, String> params) {
        return variants.stream().filter(variant -> variant.params().equals(params)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Benchmark [" + name + "] has no planned variant "
                        + params));
    }

    /** Whether it sits on the harness class path rather than in a plugin. */
    public boolean builtIn() {
        return classpath.isEmpty();
    }
}
