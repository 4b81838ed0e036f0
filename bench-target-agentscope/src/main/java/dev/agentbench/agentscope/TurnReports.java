package dev.agentbench.agentscope;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.GenerateReason;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
import io.agentscope.core.message.ToolUseBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what a turn did from what AgentScope keeps of it: the messages the {@code ReActAgent} added
 * to the session's context (its memory, which it resends to the model) from the turn's user message
 * on, and the final message the call returned.
 *
 * <ul>
 *   <li>tool calls: the {@link ToolUseBlock}s of the assistant messages, in order, each with the id
 *       and name the model sent and its argument text;
 *   <li>tool results: the {@link ToolResultBlock} of each tool message, with the id of the call it
 *       answers and the text sent back to the model. It is an error when its state is {@link
 *       ToolResultState#ERROR}, or when its text is in the form of AgentScope 2.0.0's {@code
 *       ToolResultBlock.error} ({@code "Error: ..."}), which is what its tool executor sends for a
 *       tool that threw, an unknown tool or arguments its schema check refused, and which 2.0.0
 *       records with the state {@code SUCCESS} (fixed in 2.0.1, agentscope-java#2174);
 *   <li>completed: the final message ended the loop the normal way ({@link GenerateReason#MODEL_STOP})
 *       and asks for no tool.
 * </ul>
 */
final class TurnReports {

    /** The text {@code ToolResultBlock.error} puts before the message in AgentScope 2.0.0. */
    static final String ERROR_PREFIX = "Error: ";

    private TurnReports() {}

    /**
     * @param context the session's context after the turn
     * @param userMessage the text of the turn's user message
     * @param finalMsg what the agent's call returned, or {@code null}
     * @throws IllegalStateException when the context holds no such user message
     */
    static TurnResult read(List<Msg> context, String userMessage, Msg finalMsg) {
        int start = turnStart(context, userMessage);
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (Msg msg : context.subList(start + 1, context.size())) {
            for (ContentBlock block : msg.getContent()) {
                if (block instanceof ToolUseBlock use && msg.getRole() == MsgRole.ASSISTANT) {
                    calls.add(new ToolCall(use.getId(), use.getName(), NeutralTool.arguments(use)));
                } else if (block instanceof ToolResultBlock result) {
                    String text = text(result.getOutput());
                    results.add(new ToolResult(result.getId(), result.getName(), text == null ? "" : text,
                            isError(result, text)));
                }
            }
        }
        return new TurnResult(finalMsg == null ? null : text(finalMsg.getContent()), completed(finalMsg), calls,
                results);
    }

    static boolean isError(ToolResultBlock result, String text) {
        return result.getState() == ToolResultState.ERROR || (text != null && text.startsWith(ERROR_PREFIX));
    }

    static boolean completed(Msg finalMsg) {
        return finalMsg != null
                && finalMsg.getGenerateReason() == GenerateReason.MODEL_STOP
                && !finalMsg.hasContentBlocks(ToolUseBlock.class)
                && text(finalMsg.getContent()) != null;
    }

    /** The text blocks' text, joined as AgentScope's {@code Msg.getTextContent} does; null if none. */
    static String text(List<ContentBlock> blocks) {
        List<String> texts = new ArrayList<>();
        for (ContentBlock block : blocks) {
            if (block instanceof TextBlock text && text.getText() != null) {
                texts.add(text.getText());
            }
        }
        return texts.isEmpty() ? null : String.join("\n", texts);
    }

    private static int turnStart(List<Msg> context, String userMessage) {
        for (int i = context.size() - 1; i >= 0; i--) {
            Msg msg = context.get(i);
            if (msg.getRole() == MsgRole.USER && userMessage.equals(text(msg.getContent()))) {
                return i;
            }
        }
        throw new IllegalStateException("The session's context holds no user message [" + userMessage + "] after"
                + " the turn (" + context.size() + " messages)");
    }
}
