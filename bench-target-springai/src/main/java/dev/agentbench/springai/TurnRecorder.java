package dev.agentbench.springai;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.ToolContext;

/**
 * What Spring AI did in one user turn, gathered as it happens: one per {@code runTurn}, handed to
 * the framework in the request's tool context under {@link #KEY}, where both the {@link
 * RecordingToolCallingManager} and our {@link NeutralToolCallback}s find it.
 *
 * <ul>
 *   <li>Tool calls are the model's, with its ids, names and argument text, in the order of each
 *       reply; results are the framework's {@code ToolResponse}s, with the id of the call each
 *       answers and the text sent back.
 *   <li>A result is an error when our callback for that call threw. Spring AI's responses carry no
 *       error mark and its callbacks are not told the call id, so the callbacks note each run in
 *       order and the runs of one reply are matched to its calls by position: Spring AI's {@code
 *       DefaultToolCallingManager} runs a reply's calls one after another, in order, on one thread.
 *       The match is checked (as many runs as calls, each of the call's tool); a mismatch fails the
 *       turn rather than guess.
 *   <li>The final text is the text of the last model reply (non-streaming), or of every chunk the
 *       chat client emitted after the last tool round (streaming: the tool-calling advisor emits
 *       only the final round). The turn is {@code completed} only when that reply ended with the
 *       finish reason {@code stop} and asked for no tool.
 * </ul>
 */
final class TurnRecorder {

    /** The tool-context key the turn travels under. */
    static final String KEY = "agentbench.turn";

    private final List<ToolCall> calls = new ArrayList<>();
    private final List<ToolResult> results = new ArrayList<>();
    /** Our callbacks' runs in the current round: the tool's name and whether it threw. */
    private final List<Map.Entry<String, Boolean>> runs = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private boolean hasText;
    private String finishReason;
    private boolean askedForTools;

    static TurnRecorder of(Map<String, Object> toolContext) {
        return toolContext != null && toolContext.get(KEY) instanceof TurnRecorder turn ? turn : null;
    }

    static TurnRecorder of(ToolContext toolContext) {
        return toolContext == null ? null : of(toolContext.getContext());
    }

    /** The map to give the chat client as the request's tool context. */
    Map<String, Object> toolContext() {
        return Map.of(KEY, this);
    }

    /** A model reply asked for these calls; the framework is about to run them. */
    synchronized void asked(List<AssistantMessage.ToolCall> toolCalls) {
        for (AssistantMessage.ToolCall call : toolCalls) {
            calls.add(new ToolCall(call.id(), call.name(), call.arguments()));
        }
        runs.clear();
    }

    /** One of our callbacks ran. */
    synchronized void invoked(String tool, boolean failed) {
        runs.add(Map.entry(tool, failed));
    }

    /** The framework answered the calls with these responses. */
    synchronized void answered(List<AssistantMessage.ToolCall> asked, List<ToolResponseMessage.ToolResponse> responses) {
        if (runs.size() != asked.size()) {
            throw new IllegalStateException("Spring AI ran " + runs.size() + " tool callbacks for the " + asked.size()
                    + " tool calls of one reply; the adapter cannot tell which result failed");
        }
        Set<String> failed = new HashSet<>();
        for (int i = 0; i < asked.size(); i++) {
            AssistantMessage.ToolCall call = asked.get(i);
            Map.Entry<String, Boolean> run = runs.get(i);
            if (!run.getKey().equals(call.name())) {
                throw new IllegalStateException("Spring AI ran tool [" + run.getKey() + "] in place " + (i + 1)
                        + " of a reply whose call there is to [" + call.name() + "]");
            }
            if (run.getValue()) {
                failed.add(call.id());
            }
        }
        for (ToolResponseMessage.ToolResponse response : responses) {
            results.add(new ToolResult(response.id(), response.name(), response.responseData(), failed.contains(response.id())));
        }
        runs.clear();
    }

    /** The whole final reply of a non-streaming turn. */
    synchronized void reply(ChatResponse response) {
        text.setLength(0);
        hasText = false;
        finishReason = null;
        askedForTools = false;
        chunk(response);
    }

    /** One chunk of the final reply of a streaming turn. */
    synchronized void chunk(ChatResponse response) {
        if (response == null) {
            return;
        }
        for (Generation generation : response.getResults()) {
            AssistantMessage output = generation.getOutput();
            if (output.hasToolCalls()) {
                askedForTools = true;
            }
            String fragment = output.getText();
            if (fragment != null && !fragment.isEmpty()) {
                text.append(fragment);
                hasText = true;
            }
            String reason = generation.getMetadata().getFinishReason();
            if (reason != null && !reason.isEmpty()) {
                finishReason = reason;
            }
        }
    }

    /** What the turn did, once the chat client has returned or completed. */
    synchronized TurnResult result() {
        boolean completed = !askedForTools && finishReason != null && finishReason.toLowerCase(Locale.ROOT).equals("stop");
        return new TurnResult(hasText ? text.toString() : null, completed, calls, results);
    }
}
