package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Script;
import java.util.List;
import java.util.Objects;

/**
 * A built-in benchmark described by its script: subclasses only say which script, which tools, how
 * the harness measures it, and whether it runs concurrently. Sessions play the script and pass its
 * checks on every turn.
 */
abstract class ScriptedBenchmark implements Benchmark {

    private final String description;
    private final Script script;
    private final List<ToolDefinition> tools;
    private final boolean concurrent;
    private final BenchmarkKind kind;

    /** A {@link BenchmarkKind#SESSIONS} benchmark. */
    ScriptedBenchmark(String description, Script script, List<ToolDefinition> tools, boolean concurrent) {
        this(description, script, tools, concurrent, BenchmarkKind.SESSIONS);
    }

    ScriptedBenchmark(String description, Script script, List<ToolDefinition> tools, boolean concurrent,
            BenchmarkKind kind) {
        this.description = Objects.requireNonNull(description, "description");
        this.script = Objects.requireNonNull(script, "script");
        this.tools = List.copyOf(tools);
        this.kind = Objects.requireNonNull(kind, "kind");
        if (concurrent && kind != BenchmarkKind.SESSIONS && kind != BenchmarkKind.LOAD) {
            throw new IllegalArgumentException("Only SESSIONS and LOAD benchmarks run concurrently, not [" + kind + "]");
        }
        this.concurrent = concurrent;
    }

    @Override
    public final String name() {
        return script.name();
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Script script() {
        return script;
    }

    @Override
    public final List<ToolDefinition> tools() {
        return tools;
    }

    @Override
    public final boolean supportsConcurrency() {
        return concurrent;
    }

    @Override
    public final BenchmarkKind kind() {
        return kind;
    }
}
