package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.builtin.workload.GeneratedTool;
import dev.agentbench.builtin.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * One more turn in a session that already holds H turns: what a turn costs at history H. The H
 * earlier turns, each a tool call with a 1 KiB result and a short reply, are played untimed by
 * {@link #prepareSession}; the timed turn has the same shape. The mock checks that every request
 * carries the whole history, so a framework that drops or truncates it fails.
 */
public final class HistoryBenchmark extends WorkloadBenchmark {

    public static final String NAME = "history";

    /** The one parameter: earlier turns. */
    public static final Parameter HISTORY = Parameter.ints("history",
            "Earlier turns in the session before the timed one, each a tool call with a 1 KiB result", 1, 16, 64, 256);

    /** The most earlier turns: about 1.8 KB each, so the last request stays well inside the mock's 4 MiB. */
    static final int MAX_HISTORY = 1024;
    static final int SYSTEM_BYTES = 2048;
    static final int TOOLS = 4;
    static final int RESULT_BYTES = 1024;

    /** At the first default, as {@link java.util.ServiceLoader} makes it. */
    public HistoryBenchmark() {
        this(Integer.parseInt(HISTORY.defaults().get(0)));
    }

    private HistoryBenchmark(int history) {
        this(history, Workload.tools(TOOLS, RESULT_BYTES), Workload.systemPrompt(SYSTEM_BYTES));
    }

    private HistoryBenchmark(int history, List<GeneratedTool> tools, String instructions) {
        super(NAME, "One turn (a tool call, then text) in a session that already holds H such turns, played untimed",
                List.of(HISTORY), instructions, Workload.definitions(tools),
                script(history, tools, instructions), history);
    }

    @Override
    public Benchmark with(Map<String, String> values) {
        Params params = Params.of(NAME, parameters(), values);
        return new HistoryBenchmark(params.whole(HISTORY.name(), 1, MAX_HISTORY));
    }

    private static Script script(int history, List<GeneratedTool> tools, String instructions) {
        List<ScriptTurn> turns = new java.util.ArrayList<>(Turns.history(history, tools));
        turns.add(Turns.turn(history, tools, history, 1, Turns.HISTORY_REPLY_TOKENS));
        return Workload.expecting(new Script(NAME + ".history-" + history, turns), instructions,
                Workload.definitions(tools));
    }
}
