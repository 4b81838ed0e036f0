package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;

/**
 * Many sessions of two turns (one with a tool call), each deleted after it ends; then the heap still
 * retained per session, which should be about zero. It catches frameworks that keep sessions,
 * connections or caches alive after they were deleted.
 */
public final class SessionGrowthBenchmark extends ScriptedBenchmark {

    public static final String NAME = "session_growth";

    public SessionGrowthBenchmark() {
        super("Many two-turn sessions, each deleted; heap retained per session afterwards (about 0)",
                new Script(NAME, List.of(
                        new ScriptTurn("Hello, who are you?", List.of(Step.text("I am a scripted assistant."))),
                        new ScriptTurn("What is the weather in Oslo?", List.of(
                                Step.toolCalls(new ScriptedToolCall("get_weather", "{\"city\":\"Oslo\"}")),
                                Step.text("It is cloudy in Oslo."))))),
                BuiltinTools.ALL, false, BenchmarkKind.SESSION_GROWTH);
    }
}
