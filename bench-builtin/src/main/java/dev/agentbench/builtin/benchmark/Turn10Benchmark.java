package dev.agentbench.builtin.benchmark;

import java.util.List;

/** One session of 10 user turns, each answered with text: what a growing conversation costs. */
public final class Turn10Benchmark extends ScriptedBenchmark {

    public static final String NAME = "turn10";

    public Turn10Benchmark() {
        super("One session of 10 user turns, each with a scripted text reply",
                Scripts.conversation(NAME, 10), List.of(), true);
    }
}
