package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.builtin.tool.BuiltinTools;

/** One user turn with one tool call: the cost of the tool round trip. */
public final class ToolsBenchmark extends ScriptedBenchmark {

    public static final String NAME = "tools";

    public ToolsBenchmark() {
        super("One user turn with one tool call (get_weather), then a text answer",
                Scripts.parallel(NAME, "What is the weather in Oslo?", "It is cloudy in Oslo.",
                        new ScriptedToolCall("get_weather", "{\"city\":\"Oslo\"}")),
                BuiltinTools.ALL, true);
    }
}
