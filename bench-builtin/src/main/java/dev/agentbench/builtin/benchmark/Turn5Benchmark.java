package dev.agentbench.builtin.benchmark;

import java.util.List;

/** One session of 5 user turns, each answered with text: what a growing conversation costs. */
public final class Turn5Benchmark extends ScriptedBenchmark {

    public static final String NAME = "turn5";

    public Turn5Benchmark() {
        super("One session of 5 user turns, each with a scripted text reply",
                Scripts.conversation(NAME, 5), List.of(), true);
    }
}
