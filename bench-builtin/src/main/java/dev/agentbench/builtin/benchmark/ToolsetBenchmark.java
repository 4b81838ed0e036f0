package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.script.Script;
import dev.agentbench.builtin.workload.GeneratedTool;
import dev.agentbench.builtin.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * One turn with T tools registered, each with a realistic schema of about 1.3 KB (MCP servers' tools
 * measure 103–1,024 tokens each): the model calls the last of them once, then answers. What a
 * framework does with a large tool set (adapting it when the agent is built, rendering it into every
 * request) is what grows with T. The mock checks that every request offers all T tools.
 */
public final class ToolsetBenchmark extends WorkloadBenchmark {

    public static final String NAME = "toolset";

    /** The one parameter: tools registered. */
    public static final Parameter TOOLS = Parameter.ints("tools",
            "Tools registered with the agent, each with a realistic JSON schema of about 1.3 KB", 1, 8, 32, 128);

    /** The most tools: 1,024 tools are some 1.3 MB of schemas in every request. */
    static final int MAX_TOOLS = 1024;
    static final int SYSTEM_BYTES = 2048;
    static final int RESULT_BYTES = 1024;
    static final int REPLY_TOKENS = 48;

    /** At the first default, as {@link java.util.ServiceLoader} makes it. */
    public ToolsetBenchmark() {
        this(Integer.parseInt(TOOLS.defaults().get(0)));
    }

    private ToolsetBenchmark(int tools) {
        this(Workload.tools(tools, RESULT_BYTES), Workload.systemPrompt(SYSTEM_BYTES));
    }

    private ToolsetBenchmark(List<GeneratedTool> tools, String instructions) {
        super(NAME, "One turn with T realistic tools registered: one tool call, then a text answer", List.of(TOOLS),
                instructions, Workload.definitions(tools), script(tools, instructions), 0);
    }

    @Override
    public Benchmark with(Map<String, String> values) {
        Params params = Params.of(NAME, parameters(), values);
        return new ToolsetBenchmark(params.whole(TOOLS.name(), 1, MAX_TOOLS));
    }

    private static Script script(List<GeneratedTool> tools, String instructions) {
        Script script = new Script(NAME + ".tools-" + tools.size(),
                List.of(Turns.turn(0, tools, tools.size() - 1, 1, REPLY_TOKENS)));
        return Workload.expecting(script, instructions, Workload.definitions(tools));
    }
}
