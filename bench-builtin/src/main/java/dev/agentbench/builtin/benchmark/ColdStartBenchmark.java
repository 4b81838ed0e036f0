package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.BenchmarkKind;
import java.util.List;

/** A fresh JVM loads the target, builds one agent and answers one turn; repeated in separate JVMs. */
public final class ColdStartBenchmark extends ScriptedBenchmark {

    public static final String NAME = "cold_start";

    public ColdStartBenchmark() {
        super("Fresh JVMs: launch to agent built and to first reply, and classes loaded",
                Scripts.greeting(NAME), List.of(), false, BenchmarkKind.COLD_START);
    }
}
