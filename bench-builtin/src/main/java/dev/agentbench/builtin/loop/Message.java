package dev.agentbench.builtin.loop;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import java.util.List;

/**
 * One message of a session as the model is sent it.
 *
 * @param role {@code system}, {@code user}, {@code assistant} or {@code tool}
 * @param content the text; {@code null} for an assistant message that calls tools
 * @param toolCallId the call a {@code tool} message answers; {@code null} otherwise
 * @param toolCalls the calls of an {@code assistant} message; empty otherwise
 */
public record Message(String role, String content, String toolCallId, List<ToolCall> toolCalls) {

    public Message {
        toolCalls = List.copyOf(toolCalls);
    }

    public static Message system(String content) {
        return new Message("system", content, null, List.of());
    }

    public static Message user(String content) {
        return new Message("user", content, null, List.of());
    }

    /** The model's reply as the next request repeats it: its text, or its tool calls with no text. */
    public static Message assistant(Reply reply) {
        return reply.toolCalls().isEmpty()
                ? new Message("assistant", reply.content(), null, List.of())
                : new Message("assistant", null, null, reply.toolCalls());
    }

    public static Message tool(ToolResult result) {
        return new Message("tool", result.content(), result.callId(), List.of());
    }
}
