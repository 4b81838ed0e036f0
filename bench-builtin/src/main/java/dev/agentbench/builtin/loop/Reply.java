package dev.agentbench.builtin.loop;

import dev.agentbench.api.ToolCall;
import java.util.List;

/**
 * What the model answered in one reply.
 *
 * @param content the text, {@code null} when there was none
 * @param toolCalls the tools it asked for, in order
 * @param finishReason {@code stop}, {@code tool_calls}, or whatever the model said
 */
public record Reply(String content, List<ToolCall> toolCalls, String finishReason) {

    public Reply {
        toolCalls = List.copyOf(toolCalls);
    }
}
