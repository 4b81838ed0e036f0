package dev.agentbench.builtin.benchmark;

import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;

/** One user turn in which the model calls a tool 10 times in sequence before it answers. */
public final class Loop10Benchmark extends ScriptedBenchmark {

    public static final String NAME = "loop10";

    public Loop10Benchmark() {
        super("One user turn in which the model calls add_numbers 10 times in sequence, then answers",
                Scripts.loop(NAME, 10), List.of(BuiltinTools.ADD_NUMBERS), true);
    }
}
