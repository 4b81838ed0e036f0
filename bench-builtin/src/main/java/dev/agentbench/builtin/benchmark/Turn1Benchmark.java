package dev.agentbench.builtin.benchmark;

import java.util.List;

/** One session of one user turn answered by a scripted text reply: the cost of a bare turn. */
public final class Turn1Benchmark extends ScriptedBenchmark {

    public static final String NAME = "turn1";

    public Turn1Benchmark() {
        super("One session of one user turn with a scripted text reply", Scripts.greeting(NAME), List.of(), true);
    }
}
