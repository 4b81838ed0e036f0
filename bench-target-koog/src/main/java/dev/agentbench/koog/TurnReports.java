package dev.agentbench.koog;

import ai.koog.prompt.message.Message;
import ai.koog.prompt.message.MessagePart;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What Koog did in one turn, read from the conversation Koog built: the messages its {@code
 * ChatMemory} feature stored for the session after the run, past those it had before the run. These
 * are the very messages Koog sent to the model and will resend in the next turn.
 *
 * <ul>
 *   <li>Tool calls are the {@code Tool.Call} parts of the assistant messages, in order: the id and
 *       name the model sent, and the argument text Koog keeps (the model's arguments, parsed and
 *       re-encoded by Koog's OpenAI client);
 *   <li>tool results are the {@code Tool.Result} parts Koog sent back in user messages: the id of the
 *       call, the text, and Koog's {@code isError} (set for a tool that threw, arguments that did
 *       not decode, an unknown tool);
 *   <li>the final text is what the run returned (the text parts of the last reply, joined by a new
 *       line, by either strategy); the turn is completed when the conversation ends with an
 *       assistant message that asks for no tool and has the finish reason {@code stop}.
 * </ul>
 */
final class TurnReports {

    private TurnReports() {}

    /**
     * @param turn the messages the turn added to the session's conversation
     * @param output what {@code AIAgent.run} returned
     */
    static TurnResult of(List<Message> turn, String output) {
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (Message message : turn) {
            for (MessagePart part : message.getParts()) {
                if (message instanceof Message.Assistant && part instanceof MessagePart.Tool.Call call) {
                    calls.add(new ToolCall(String.valueOf(call.getId()), call.getTool(), call.getArgs()));
                } else if (message instanceof Message.User && part instanceof MessagePart.Tool.Result result) {
                    results.add(new ToolResult(String.valueOf(result.getId()), result.getTool(), result.getOutput(),
                            result.isError()));
                }
            }
        }
        Message last = turn.isEmpty() ? null : turn.get(turn.size() - 1);
        boolean completed = last instanceof Message.Assistant reply
                && reply.getParts().stream().noneMatch(part -> part instanceof MessagePart.Tool.Call)
                && "stop".equals(reply.getFinishReason());
        return new TurnResult(output, completed, calls, results);
    }
}
