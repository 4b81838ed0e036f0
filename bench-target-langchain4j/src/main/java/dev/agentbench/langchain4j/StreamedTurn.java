package dev.agentbench.langchain4j;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.TokenStream;
import dev.langchain4j.service.tool.ToolExecution;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * One streamed turn: subscribes to a {@link TokenStream}'s callbacks, starts it and waits for its
 * end. The callbacks come on LangChain4j's threads (the HTTP client's, and the tool executor's when
 * tools run concurrently), so what they record is guarded.
 *
 * <ul>
 *   <li>{@code onIntermediateResponse}: a reply with tool calls; its calls are reported.
 *   <li>{@code onToolExecuted}: a tool's execution, reported as its result.
 *   <li>{@code onPartialResponse}: text fragments, as a streaming user reads them; the fragments of
 *       the final reply must add up to its text, or the turn fails.
 *   <li>{@code onCompleteResponse} ends the turn, {@code onError} fails it with the error.
 * </ul>
 */
final class StreamedTurn {

    private final List<ToolCall> calls = new ArrayList<>();
    private final List<ToolResult> results = new ArrayList<>();
    private final StringBuilder fragments = new StringBuilder();
    private final CompletableFuture<ChatResponse> end = new CompletableFuture<>();

    TurnResult run(TokenStream stream) throws Exception {
        stream.onPartialResponse(this::partial)
                .onIntermediateResponse(this::intermediate)
                .onToolExecuted(this::executed)
                .onCompleteResponse(end::complete)
                .onError(end::completeExceptionally)
                .start();
        ChatResponse last;
        try {
            last = end.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
        synchronized (this) {
            String text = last.aiMessage().text();
            if (!Objects.equals(fragments.toString(), text == null ? "" : text)) {
                throw new IllegalStateException("LangChain4j streamed the fragments [" + fragments
                        + "] but gave the final text [" + text + "]");
            }
            return new TurnResult(text, TurnReports.completed(last), calls, results);
        }
    }

    private synchronized void partial(String fragment) {
        fragments.append(fragment);
    }

    private synchronized void intermediate(ChatResponse response) {
        TurnReports.addCalls(response, calls);
        fragments.setLength(0);
    }

    private synchronized void executed(ToolExecution execution) {
        results.add(TurnReports.toolResult(execution));
    }
}
