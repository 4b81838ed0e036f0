package dev.agentbench.core;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.api.script.Script;
import java.util.List;
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
 *     cell; {@code null} when not known (a descriptor made by hand)
 */
public record BenchmarkDescriptor(
        String name, String description, boolean supportsConcurrency, String location, List<String> classpath,
        BenchmarkKind kind, Script script) {

    public BenchmarkDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(location, "location");
        classpath = List.copyOf(classpath);
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

    /** Whether it sits on the harness class path rather than in a plugin. */
    public boolean builtIn() {
        return classpath.isEmpty();
    }
}
