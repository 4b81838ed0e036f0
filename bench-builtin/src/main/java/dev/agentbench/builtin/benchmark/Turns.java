package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.workload.GeneratedTool;
import dev.agentbench.builtin.workload.Workload;
import java.util.ArrayList;
import java.util.List;

/** The turns of the generated benchmarks, each distinct by its number. */
final class Turns {

    /** Bytes of every user message. */
    static final int USER_BYTES = 200;
    /** Bytes of every tool call's arguments. */
    static final int ARGUMENT_BYTES = 256;
    /** Words of the text that ends a turn of the history. */
    static final int HISTORY_REPLY_TOKENS = 48;

    private Turns() {}

    /**
     * Turn {@code turn} (from 0): the user's request, one reply with {@code calls} tool calls at once
     * (none for 0), the first to tool {@code first} of the set and the rest to the tools after it,
     * then a text reply of {@code replyTokens} words.
     */
    static ScriptTurn turn(int turn, List<GeneratedTool> tools, int first, int calls, int replyTokens) {
        List<Step> steps = new ArrayList<>();
        if (calls > 0) {
            ScriptedToolCall[] made = new ScriptedToolCall[calls];
            for (int i = 0; i < calls; i++) {
                GeneratedTool tool = tools.get((first + i) % tools.size());
                made[i] = Workload.call(tool, (long) turn * 64 + i, ARGUMENT_BYTES);
            }
            steps.add(Step.toolCalls(made));
        }
        steps.add(Step.text(Workload.reply(turn, replyTokens)).withChunks(replyTokens));
        return new ScriptTurn(Workload.userMessage(turn, USER_BYTES), steps);
    }

    /** Turns 0 to {@code count} − 1 of a history: each one tool call, to the tools in turn, and a short reply. */
    static List<ScriptTurn> history(int count, List<GeneratedTool> tools) {
        List<ScriptTurn> turns = new ArrayList<>(count + 1);
        for (int turn = 0; turn < count; turn++) {
            turns.add(turn(turn, tools, turn, 1, HISTORY_REPLY_TOKENS));
        }
        return turns;
    }
}
