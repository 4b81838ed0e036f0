package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.builtin.tool.BuiltinTools;

/**
 * Throughput under a model's latency: N sessions ({@code --concurrency}) each run this one turn — a
 * tool call, then a text answer, so two model calls — again and again, each in a fresh session, while
 * the mock holds every reply for {@code --model-latency}. What limits turns per second then is how
 * many model calls the framework lets be in flight at once.
 */
public final class LoadBenchmark extends ScriptedBenchmark {

    public static final String NAME = "load";

    public LoadBenchmark() {
        super("Sessions run turns back to back (one tool call, then text) while the mock holds each reply for the"
                        + " model latency: turns/s against the ideal",
                Scripts.parallel(NAME, "Is it warm in Lisbon today?", "Yes, it is warm in Lisbon today.",
                        new ScriptedToolCall("get_weather", "{\"city\":\"Lisbon\"}")),
                BuiltinTools.ALL, true, BenchmarkKind.LOAD);
    }
}
