package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.tool.BuiltinTools;
import java.util.List;

/**
 * One user turn in which the model calls a tool, then answers with a streamed text of {@code tokens}
 * tokens: whether a framework still streams the answer that comes after a tool call, or collects it
 * and hands it over at the end (LangChain4j issue #3298).
 */
public final class StreamAfterToolBenchmark extends StreamingBenchmark {

    public static final String NAME = "stream_after_tool";

    /** The defaults' first values: 256 tokens, no chunk delay. */
    public StreamAfterToolBenchmark() {
        this(Integer.parseInt(TOKENS.defaults().get(0)), Integer.parseInt(DELAY.defaults().get(0)));
    }

    StreamAfterToolBenchmark(int tokens, int delay) {
        super(tokens, delay);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "One turn with a tool call (get_weather), then a streamed answer: does the answer after a tool"
                + " still stream";
    }

    @Override
    public List<ToolDefinition> tools() {
        return BuiltinTools.ALL;
    }

    @Override
    StreamingBenchmark create(int tokens, int delay) {
        return new StreamAfterToolBenchmark(tokens, delay);
    }

    @Override
    List<ScriptTurn> turns() {
        return List.of(new ScriptTurn("What is the weather in Bergen? Then tell me a long story, word by word.",
                List.of(Step.toolCalls(new ScriptedToolCall("get_weather", "{\"city\":\"Bergen\"}")), answer())));
    }
}
