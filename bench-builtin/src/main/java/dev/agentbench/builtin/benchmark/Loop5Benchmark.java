package dev.agentbench.builtin.benchmark;

import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;

/** One user turn in which the model calls a tool 5 times in sequence before it answers. */
public final class Loop5Benchmark extends ScriptedBenchmark {

    public static final String NAME = "loop5";

    public Loop5Benchmark() {
        super("One user turn in which the model calls add_numbers 5 times in sequence, then answers",
                Scripts.loop(NAME, 5), List.of(BuiltinTools.ADD_NUMBERS), true);
    }
}
