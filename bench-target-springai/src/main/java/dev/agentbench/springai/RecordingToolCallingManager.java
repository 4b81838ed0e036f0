package dev.agentbench.springai;

import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Spring AI's own {@link ToolCallingManager}, watched. The {@code ToolCallingAdvisor} asks its
 * manager to run the tool calls of each model reply and sends the conversation the manager returns
 * back to the model; this decorator lets the framework's manager do all of that and reads, on the
 * way through, the tool calls it was given (the model's reply, with the model's ids) and the {@link
 * ToolResponseMessage} it produced (one response per call, with the call's id), which is the
 * message the advisor sends next. Nothing is run, changed or invented here.
 *
 * <p>The turn being recorded travels in the request's tool context ({@link TurnRecorder#KEY}); a
 * request without one (none of this target's) is passed through unwatched.
 */
final class RecordingToolCallingManager implements ToolCallingManager {

    private final ToolCallingManager delegate;

    RecordingToolCallingManager(ToolCallingManager delegate) {
        this.delegate = delegate;
    }

    @Override
    public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions chatOptions) {
        return delegate.resolveToolDefinitions(chatOptions);
    }

    @Override
    public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse chatResponse) {
        TurnRecorder turn = prompt.getOptions() instanceof ToolCallingChatOptions options
                ? TurnRecorder.of(options.getToolContext()) : null;
        if (turn == null) {
            return delegate.executeToolCalls(prompt, chatResponse);
        }
        // The reply whose calls the framework runs: its first generation with tool calls.
        List<AssistantMessage.ToolCall> asked = chatResponse.getResults().stream()
                .map(Generation::getOutput)
                .filter(AssistantMessage::hasToolCalls)
                .findFirst()
                .map(AssistantMessage::getToolCalls)
                .orElse(List.of());
        turn.asked(asked);
        ToolExecutionResult result = delegate.executeToolCalls(prompt, chatResponse);
        List<Message> history = result.conversationHistory();
        Message last = history.isEmpty() ? null : history.get(history.size() - 1);
        if (!(last instanceof ToolResponseMessage answered)) {
            throw new IllegalStateException("Spring AI's tool-calling manager ended the conversation with "
                    + (last == null ? "nothing" : last.getMessageType()) + " instead of the tool responses");
        }
        turn.answered(asked, answered.getResponses());
        return result;
    }
}
