package dev.agentbench.koog;

import ai.koog.agents.core.agent.context.AIAgentFunctionalContext;
import ai.koog.agents.core.agent.entity.PromptBuilderAction;
import ai.koog.agents.core.agent.session.AIAgentLLMWriteSession;
import ai.koog.agents.core.environment.ReceivedToolResult;
import ai.koog.prompt.message.Message;
import ai.koog.prompt.message.MessagePart;
import ai.koog.prompt.streaming.StreamFrame;
import ai.koog.prompt.streaming.StreamFrameExt;
import dev.agentbench.api.StreamObserver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;
import java.util.function.BiFunction;

/**
 * The agent's functional strategy: the tool loop written against Koog's functional context, as
 * Koog's documentation writes one, with Koog's own calls for each step.
 *
 * <ul>
 *   <li>not streaming: {@code requestLLM(message)}, then, while the reply asks for tools, {@code
 *       executeTools(calls, parallelTools)} and {@code sendToolResults(results)}; each of Koog's
 *       calls appends what it sent and received to the prompt;
 *   <li>streaming: the same loop, each model request made with the write session's {@code
 *       requestLLMStreaming()}. Koog's streaming request returns the frames and records nothing in
 *       the prompt (unlike {@code requestLLM}); the loop subscribes to the frames, hands each text
 *       delta and tool-call delta to the run's {@link StreamObserver} as Koog emits it, turns the
 *       frames into the reply with Koog's {@code StreamFrameExt.toMessageResponse} once the stream has
 *       ended, and appends that reply to the prompt itself, in the same write session, as Koog's
 *       non-streaming request does.
 * </ul>
 *
 * <p>One strategy serves every session of the agent; the observer of a run is found by its run id
 * (the session id), in the map the handle fills for the length of each turn.
 *
 * <p>A streamed reply without a finish reason is refused ({@link StreamCutOffException}): Koog's
 * OpenAI client ends every stream with an end frame of its own, also when the connection closed
 * before the model's last chunk, so that Koog's {@code requireEndFrame()} check never fires and the
 * cut-off text would pass for a reply.
 *
 * <p>The loop ends on a reply with no tool call, and returns its text parts joined by a new line, as
 * {@code singleRunStrategy()} does; it gives up after the agent's {@code maxAgentIterations} model
 * requests, as Koog's graph strategies do after so many steps.
 */
final class FunctionalLoop implements BiFunction<AIAgentFunctionalContext, String, String> {

    /** The strategy's name, as Koog reports it. */
    static final String NAME = "agentbench_tool_loop";

    private final boolean parallelTools;
    private final boolean stream;
    private final Map<String, StreamObserver> observers;

    /**
     * @param observers the observer of each run in progress, by run id; a run without one streams
     *     to no observer
     */
    FunctionalLoop(boolean parallelTools, boolean stream, Map<String, StreamObserver> observers) {
        this.parallelTools = parallelTools;
        this.stream = stream;
        this.observers = observers;
    }

    @Override
    public String apply(AIAgentFunctionalContext context, String message) {
        int limit = context.config().getMaxAgentIterations();
        StreamObserver observer = stream ? observers.getOrDefault(context.runId(), StreamObserver.NONE) : null;
        Message.Assistant reply = stream ? streamed(context, List.of(), message, observer) : context.requestLLM(message);
        for (int requests = 1; ; requests++) {
            List<MessagePart.Tool.Call> calls = toolCalls(reply);
            if (calls.isEmpty()) {
                return reply.textContent();
            }
            if (requests >= limit) {
                throw new IllegalStateException("The model still asked for tools after " + requests
                        + " requests, the agent's maxAgentIterations");
            }
            List<ReceivedToolResult> results = context.executeTools(calls, parallelTools);
            reply = stream ? streamed(context, results, null, observer) : context.sendToolResults(results);
        }
    }

    static List<MessagePart.Tool.Call> toolCalls(Message.Assistant reply) {
        List<MessagePart.Tool.Call> calls = new ArrayList<>();
        for (MessagePart part : reply.getParts()) {
            if (part instanceof MessagePart.Tool.Call call) {
                calls.add(call);
            }
        }
        return calls;
    }

    /**
     * One streamed request in a write session: appends the user's message, or the tool results, as
     * Koog's {@code requestLLM(message)} and {@code sendToolResults(results)} do; streams the reply;
     * appends it.
     */
    private static Message.Assistant streamed(AIAgentFunctionalContext context, List<ReceivedToolResult> results,
            String message, StreamObserver observer) {
        return context.llm().writeSession((AIAgentLLMWriteSession session) -> {
            if (message != null) {
                session.appendPrompt((PromptBuilderAction) prompt -> prompt.user(message));
            } else {
                List<MessagePart.RequestPart> parts = new ArrayList<>();
                results.forEach(result -> parts.add(result.toMessagePart()));
                session.appendPrompt((PromptBuilderAction) prompt -> prompt.user(parts));
            }
            Message.Assistant reply = StreamFrameExt.toMessageResponse(
                    collect(session.requestLLMStreaming(), observer));
            if (reply.getFinishReason() == null) {
                throw new StreamCutOffException();
            }
            session.appendPrompt((PromptBuilderAction) prompt -> prompt.message(reply));
            return reply;
        });
    }

    /**
     * Every frame of the stream, once it has completed; the stream's failure, if it failed. Each
     * non-empty text delta and each tool-call delta with argument text goes to {@code observer} as the
     * frame arrives, on the thread Koog emits it on.
     */
    static List<StreamFrame> collect(Flow.Publisher<StreamFrame> publisher, StreamObserver observer) {
        List<StreamFrame> frames = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<List<StreamFrame>> done = new CompletableFuture<>();
        publisher.subscribe(new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(StreamFrame frame) {
                if (frame instanceof StreamFrame.TextDelta text && !text.getText().isEmpty()) {
                    observer.text(text.getText());
                } else if (frame instanceof StreamFrame.ToolCallDelta call && call.getContent() != null
                        && !call.getContent().isEmpty()) {
                    observer.toolCallDelta(call.getId(), call.getContent());
                }
                frames.add(frame);
            }

            @Override
            public void onError(Throwable failure) {
                done.completeExceptionally(failure);
            }

            @Override
            public void onComplete() {
                done.complete(frames);
            }
        });
        try {
            return done.join();
        } catch (CompletionException e) {
            // The stream's own failure, as Koog's non-streaming calls throw theirs (Kotlin's exceptions
            // are unchecked to Kotlin; KoogHttpClientException is a checked one to Java).
            throw FunctionalLoop.<RuntimeException>rethrow(e.getCause() == null ? e : e.getCause());
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable failure) throws T {
        throw (T) failure;
    }

    /** A stream that ended without the model's finish reason: the reply was cut off. */
    static final class StreamCutOffException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        StreamCutOffException() {
            super("The model's stream ended without a finish reason (the connection closed before the last chunk);"
                    + " Koog's OpenAI client ended it with an end frame of its own and would take the text so far"
                    + " for the reply");
        }
    }
}
