package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.script.Script;

/** One session of one user turn answered by a scripted text reply: the cost of a bare turn. */
public final class Turn1Benchmark implements Benchmark {

    public static final String NAME = "turn1";

    static final Script SCRIPT = Script.singleText(
            NAME, "Hello, who are you?", "Hello! I am a scripted assistant. How can I help you today?");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "One session of one user turn with a scripted text reply";
    }

    @Override
    public Script script() {
        return SCRIPT;
    }

    @Override
    public boolean supportsConcurrency() {
        return true;
    }
}
