package dev.agentbench.api;

import java.util.List;

/**
 * What a framework did in one user turn, as a target reports it.
 *
 * @param finalText the text of the framework's final reply for the turn, or {@code null} if there
 *     was none
 * @param completed {@code true} when the framework produced a final, non-partial reply and the turn
 *     is over; a target must never report a turn as completed on a partial or streamed fragment
 * @param toolCalls every tool call the model asked for in the turn, in the order they were received
 * @param toolResults every tool result the framework sent back to the model in the turn
 */
public record TurnResult(
        String finalText, boolean completed, List<ToolCall> toolCalls, List<ToolResult> toolResults) {

    public TurnResult {
        toolCalls = List.copyOf(toolCalls);
        toolResults = List.copyOf(toolResults);
    }

    /** A completed turn whose reply was text alone, with no tool involved. */
    public static TurnResult text(String finalText) {
        return new TurnResult(finalText, true, List.of(), List.of());
    }
}
