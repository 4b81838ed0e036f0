package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.builtin.workload.GeneratedTool;
import dev.agentbench.builtin.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One realistic agent step, sized from public traces (docs/benchmarks.md gives the sources): an
 * 8 KiB system prompt, 25 tools, a session already 50 turns long (each a tool call with a 2 KiB
 * result and a short reply, played untimed), then the timed turn: the model asks for 2 tool calls at
 * once and, given their results, answers with 500 tokens. Every parameter has one default, so a run
 * makes one cell; {@code --param} sets any of them.
 */
public final class AgentStepBenchmark extends WorkloadBenchmark {

    public static final String NAME = "agent_step";

    public static final Parameter SYSTEM = Parameter.ints("system", "Bytes of the system prompt", 8192);
    public static final Parameter TOOLS = Parameter.ints("tools",
            "Tools registered, each with a realistic JSON schema of about 1.3 KB", 25);
    public static final Parameter HISTORY = Parameter.ints("history",
            "Earlier turns in the session, each a tool call and a short reply, played untimed", 50);
    public static final Parameter RESULT = Parameter.ints("result", "Bytes of every tool result", 2048);
    public static final Parameter CALLS = Parameter.ints("calls",
            "Tool calls the model makes at once in the timed step", 2);
    public static final Parameter TOKENS = Parameter.ints("tokens", "Tokens (words) of the step's final reply", 500);

    /** At the defaults, as {@link java.util.ServiceLoader} makes it. */
    public AgentStepBenchmark() {
        this(first(SYSTEM), first(TOOLS), first(HISTORY), first(RESULT), first(CALLS), first(TOKENS));
    }

    private AgentStepBenchmark(int system, int tools, int history, int result, int calls, int tokens) {
        this(Workload.systemPrompt(system), Workload.tools(tools, result), history, calls, tokens);
    }

    private AgentStepBenchmark(String instructions, List<GeneratedTool> tools, int history, int calls, int tokens) {
        super(NAME, "One realistic agent step: 8 KiB system prompt, 25 tools, 50 earlier turns with 2 KiB tool "
                        + "results, 2 tool calls and a 500-token reply",
                List.of(SYSTEM, TOOLS, HISTORY, RESULT, CALLS, TOKENS), instructions, Workload.definitions(tools),
                script(instructions, tools, history, calls, tokens), history);
    }

    @Override
    public Benchmark with(Map<String, String> values) {
        Params params = Params.of(NAME, parameters(), values);
        return new AgentStepBenchmark(
                params.whole(SYSTEM.name(), 64, 1 << 20),
                params.whole(TOOLS.name(), 1, ToolsetBenchmark.MAX_TOOLS),
                params.whole(HISTORY.name(), 0, HistoryBenchmark.MAX_HISTORY),
                params.whole(RESULT.name(), 64, 1 << 16),
                params.whole(CALLS.name(), 0, 16),
                params.whole(TOKENS.name(), 1, ReplyBenchmark.MAX_TOKENS));
    }

    private static Script script(String instructions, List<GeneratedTool> tools, int history, int calls,
            int tokens) {
        List<ScriptTurn> turns = new ArrayList<>(Turns.history(history, tools));
        turns.add(Turns.turn(history, tools, history, calls, tokens));
        String name = NAME + ".system-" + instructions.length() + ".tools-" + tools.size() + ".history-" + history
                + ".result-" + tools.get(0).resultBytes()
                + ".calls-" + calls + ".tokens-" + tokens;
        return Workload.expecting(new Script(name, turns), instructions, Workload.definitions(tools));
    }

    private static int first(Parameter parameter) {
        return Integer.parseInt(parameter.defaults().get(0));
    }
}
