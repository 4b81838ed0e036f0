package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.BenchmarkKind;
import java.util.List;

/** Building one agent with no tools: what a framework costs before it answers anything. */
public final class InstantiationBenchmark extends ScriptedBenchmark {

    public static final String NAME = "instantiation";

    public InstantiationBenchmark() {
        super("Builds one agent with no tools (time and allocation per agent)",
                Scripts.greeting(NAME), List.of(), false, BenchmarkKind.CONSTRUCTION);
    }
}
