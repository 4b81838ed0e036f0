package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.builtin.tool.BuiltinTools;

/** Building one agent with the three built-in tools: what adapting and registering tools adds. */
public final class InstantiationToolsBenchmark extends ScriptedBenchmark {

    public static final String NAME = "instantiation_tools";

    public InstantiationToolsBenchmark() {
        super("Builds one agent with 3 tools (time and allocation per agent)",
                Scripts.greeting(NAME), BuiltinTools.ALL, false, BenchmarkKind.CONSTRUCTION);
    }
}
