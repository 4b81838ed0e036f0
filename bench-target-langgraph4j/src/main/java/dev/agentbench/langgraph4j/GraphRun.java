package dev.agentbench.langgraph4j;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.response.ChatResponseMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bsc.langgraph4j.NodeOutput;
import org.bsc.langgraph4j.agentexecutor.AgentExecutor;
import org.bsc.langgraph4j.streaming.StreamingOutput;

/**
 * One run of the agent executor's graph for one turn, read from the outputs the graph gives, and
 * reported as a {@link TurnResult}.
 *
 * <ul>
 *   <li>The turn's messages are those of the last state after the turn's user message (the last user
 *       message: tool results are not user messages): the model's replies ({@code AiMessage}s) and the
 *       tool results the {@code action} node added ({@code ToolExecutionResultMessage}s).
 *   <li>Tool calls are the tool execution requests of the replies, in order, with the id, name and
 *       argument text the model sent; tool results are the result messages, with the id of the call
 *       they answer and LangChain4j's error flag.
 *   <li>The final text is the last reply's text. The turn is completed when the graph reached its end,
 *       the last message is a reply without tool calls, and the executor wrote its final answer ({@code
 *       agent_response}); streaming, also when the stream's end carried a finish reason (a stream that
 *       ended before its final chunk has none, and the executor takes it as a final answer).
 *   <li>Streaming, the text fragments of each model call are handed to the {@link StreamObserver} as
 *       the graph gives them (the graph's output is read on the turn's thread as it comes), and
 *       collected; those of the last call must add up to the final text, or the turn fails. The graph
 *       streams text only: LangGraph4j's streaming generator passes no tool-call pieces on.
 * </ul>
 */
final class GraphRun {

    private final boolean stream;
    private final StreamObserver observer;
    private final StringBuilder fragments = new StringBuilder();
    private boolean inFragments;
    private ChatResponseMetadata lastEnd;
    private NodeOutput<AgentExecutor.State> last;

    GraphRun(boolean stream, StreamObserver observer) {
        this.stream = stream;
        this.observer = observer;
    }

    /** One output of the graph: a node's, or a streamed fragment or end of a model call. */
    void accept(NodeOutput<AgentExecutor.State> output) {
        if (output instanceof StreamingOutput<AgentExecutor.State> streamed) {
            if (streamed.isStreamingEnd()) {
                lastEnd = streamed.metadata("chatResponseMetadata")
                        .filter(ChatResponseMetadata.class::isInstance)
                        .map(ChatResponseMetadata.class::cast)
                        .orElse(null);
                inFragments = false;
                return;
            }
            if (!inFragments) {
                fragments.setLength(0);
                inFragments = true;
            }
            String chunk = streamed.chunk();
            if (chunk != null && !chunk.isEmpty()) {
                observer.text(chunk);
                fragments.append(chunk);
            }
            return;
        }
        inFragments = false;
        last = output;
    }

    TurnResult result() {
        if (last == null) {
            throw new IllegalStateException("LangGraph4j's graph gave no output");
        }
        List<ChatMessage> messages = last.state().messages();
        int start = messages.size();
        while (start > 0 && !(messages.get(start - 1) instanceof UserMessage)) {
            start--;
        }
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (ChatMessage message : messages.subList(start, messages.size())) {
            if (message instanceof AiMessage reply && reply.hasToolExecutionRequests()) {
                for (ToolExecutionRequest request : reply.toolExecutionRequests()) {
                    calls.add(new ToolCall(String.valueOf(request.id()), String.valueOf(request.name()),
                            request.arguments() == null ? "" : request.arguments()));
                }
            } else if (message instanceof ToolExecutionResultMessage result) {
                results.add(new ToolResult(String.valueOf(result.id()), String.valueOf(result.toolName()),
                        String.valueOf(result.text()), Boolean.TRUE.equals(result.isError())));
            }
        }
        ChatMessage lastMessage = messages.isEmpty() ? null : messages.get(messages.size() - 1);
        AiMessage finalReply = lastMessage instanceof AiMessage reply && !reply.hasToolExecutionRequests() ? reply : null;
        String text = finalReply == null ? null : finalReply.text();
        boolean completed = last.isEND() && finalReply != null && last.state().finalResponse().isPresent();
        if (stream && completed) {
            if (!Objects.equals(fragments.toString(), text == null ? "" : text)) {
                throw new IllegalStateException("LangGraph4j streamed the fragments [" + fragments
                        + "] but gave the final text [" + text + "]");
            }
            completed = lastEnd != null && lastEnd.finishReason() != null;
        }
        return new TurnResult(text, completed, calls, results);
    }
}
