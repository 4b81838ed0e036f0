package dev.agentbench.builtin.benchmark;

import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;

/** One user turn in which the model calls a tool 1 time in sequence before it answers. */
public final class Loop1Benchmark extends ScriptedBenchmark {

    public static final String NAME = "loop1";

    public Loop1Benchmark() {
        super("One user turn in which the model calls add_numbers 1 time in sequence, then answers",
                Scripts.loop(NAME, 1), List.of(BuiltinTools.ADD_NUMBERS), true);
    }
}
