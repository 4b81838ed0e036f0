package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Script;
import java.util.List;
import java.util.Objects;

/**
 * A benchmark whose iteration is one session that plays its script and passes the script's checks
 * on every turn; subclasses only say which script, which tools, and whether it runs concurrently.
 */
abstract class ScriptedBenchmark implements Benchmark {

    private final String description;
    private final Script script;
    private final List<ToolDefinition> tools;
    private final boolean concurrent;

    ScriptedBenchmark(String description, Script script, List<ToolDefinition> tools, boolean concurrent) {
        this.description = Objects.requireNonNull(description, "description");
        this.script = Objects.requireNonNull(script, "script");
        this.tools = List.copyOf(tools);
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
}
