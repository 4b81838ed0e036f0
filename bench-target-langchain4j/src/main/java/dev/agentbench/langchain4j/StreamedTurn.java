package dev.agentbench.langchain4j;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialToolCall;
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
 *   <li>{@code onPartialResponse}: text fragments, as a streaming user reads them. Each is handed to
 *       the {@link StreamObserver} as LangChain4j hands it over, on LangChain4j's thread; the
 *       fragments of the final reply must also add up to its text, or the turn fails.
 *   <li>{@code onPartialToolCall}: a piece of a tool call's argument text as it streams, handed to
 *       the observer with the call's id.
 *   <li>{@code onCompleteResponse} ends the turn, {@code onError} fails it with the error.
 * </ul>
 */
final class StreamedTurn {

    private final List<ToolCall> calls = new ArrayList<>();
    private final List<ToolResult> results = new ArrayList<>();
    private final StringBuilder fragments = new StringBuilder();
    private final CompletableFuture<ChatResponse> end = new CompletableFuture<>();
    private final StreamObserver observer;

    StreamedTurn(StreamObserver observer) {
        this.observer = observer;
    }

    TurnResult run(TokenStream stream) throws Exception {
        stream.onPartialResponse(this::partial)
                .onPartialToolCall(this::partialToolCall)
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

    /**
     * The application's moment: the observer hears of the fragment first (an empty one, which shows
     * nothing, is not a delivery), then it is kept.
     */
    private void partial(String fragment) {
        if (!fragment.isEmpty()) {
            observer.text(fragment);
        }
        synchronized (this) {
            fragments.append(fragment);
        }
    }

    private void partialToolCall(PartialToolCall call) {
        String arguments = call.partialArguments();
        if (arguments != null && !arguments.isEmpty()) {
            observer.toolCallDelta(call.id(), arguments);
        }
    }

    private synchronized void intermediate(ChatResponse response) {
        TurnReports.addCalls(response, calls);
        fragments.setLength(0);
    }

    private synchronized void executed(ToolExecution execution) {
        results.add(TurnReports.toolResult(execution));
    }
}
