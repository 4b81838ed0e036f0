package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.builtin.tool.BuiltinTools;

/** Heap retained per live agent with the three built-in tools, over many agents held at once. */
public final class MemoryFootprintBenchmark extends ScriptedBenchmark {

    public static final String NAME = "memory_footprint";

    public MemoryFootprintBenchmark() {
        super("Retained heap per live agent with 3 tools, many agents held at once",
                Scripts.greeting(NAME), BuiltinTools.ALL, false, BenchmarkKind.FOOTPRINT);
    }
}
