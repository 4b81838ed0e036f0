package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.builtin.tool.BuiltinTools;

/** One user turn whose model reply asks for three tool calls at once. */
public final class ToolsParallelBenchmark extends ScriptedBenchmark {

    public static final String NAME = "tools_parallel";

    public ToolsParallelBenchmark() {
        super("One user turn with 3 parallel tool calls in one reply, then a text answer",
                Scripts.parallel(NAME, "Compare the weather in Oslo and Rome, and add 2 and 3.",
                        "Oslo is cloudy, Rome is sunny, and 2 + 3 = 5.",
                        new ScriptedToolCall("get_weather", "{\"city\":\"Oslo\"}"),
                        new ScriptedToolCall("get_weather", "{\"city\":\"Rome\"}"),
                        new ScriptedToolCall("add_numbers", "{\"a\":2,\"b\":3}")),
                BuiltinTools.ALL, true);
    }
}
