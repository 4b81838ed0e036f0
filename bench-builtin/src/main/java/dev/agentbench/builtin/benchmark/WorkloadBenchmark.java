package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.StreamTag;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import java.util.List;
import java.util.Objects;

/**
 * A benchmark of generated traffic ({@link dev.agentbench.builtin.workload.Workload}): its script,
 * tools and system prompt follow from its parameters, and the mock checks that every request
 * carries the whole history and every tool. A session's first {@code earlierTurns} turns are played
 * by {@link #prepareSession}, untimed; {@link #runSession} plays the rest, timed. Every turn is
 * checked against the script, and tagged for the stream when the benchmark observes it.
 */
abstract class WorkloadBenchmark implements Benchmark {

    private final String name;
    private final String description;
    private final List<Parameter> parameters;
    private final String instructions;
    private final List<ToolDefinition> tools;
    private final Script script;
    private final int earlierTurns;

    WorkloadBenchmark(String name, String description, List<Parameter> parameters, String instructions,
            List<ToolDefinition> tools, Script script, int earlierTurns) {
        this.name = Objects.requireNonNull(name, "name");
        this.description = Objects.requireNonNull(description, "description");
        this.parameters = List.copyOf(parameters);
        this.instructions = Objects.requireNonNull(instructions, "instructions");
        this.tools = List.copyOf(tools);
        this.script = Objects.requireNonNull(script, "script");
        if (earlierTurns < 0 || earlierTurns >= script.turns().size()) {
            throw new IllegalArgumentException("Earlier turns [" + earlierTurns + "] must leave a timed turn of the "
                    + script.turns().size());
        }
        this.earlierTurns = earlierTurns;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final List<Parameter> parameters() {
        return parameters;
    }

    @Override
    public final Script script() {
        return script;
    }

    @Override
    public final List<ToolDefinition> tools() {
        return tools;
    }

    @Override
    public final String instructions() {
        return instructions;
    }

    @Override
    public final boolean supportsConcurrency() {
        return true;
    }

    @Override
    public final BenchmarkKind kind() {
        return BenchmarkKind.SESSIONS;
    }

    /** How many turns {@link #prepareSession} plays before the timed ones. */
    @Override
    public final int preparedTurns() {
        return earlierTurns;
    }

    /** Only with earlier turns: {@code toolset} and {@code reply} have none, so nothing is read around them. */
    @Override
    public final boolean preparesSessions() {
        return earlierTurns > 0;
    }

    @Override
    public final void prepareSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        play(handle, userId, sessionId, 0, earlierTurns);
    }

    @Override
    public final void runSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        play(handle, userId, sessionId, earlierTurns, script.turns().size());
    }

    /**
     * Plays turns {@code from} to {@code to}. When the benchmark observes the stream ({@link #streamed()}
     * is {@code true}), each user message ends with the session's {@link StreamTag}, by which the mock
     * files its chunk write times for the harness to pair with what the target delivered; the tag's
     * few dozen bytes are inside the mock's tolerance on the request's size.
     */
    private void play(TargetHandle handle, String userId, String sessionId, int from, int to) throws Exception {
        boolean tagged = streamed().orElse(false);
        for (int turn = from; turn < to; turn++) {
            String user = script.turns().get(turn).user();
            TurnResult result = handle.runTurn(userId, sessionId, tagged ? StreamTag.tagged(user, sessionId) : user);
            ScriptChecks.verifyTurn(script, turn, result);
        }
    }
}
