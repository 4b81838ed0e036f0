package dev.agentbench.llmagent;

import com.google.adk.models.BaseLlm;
import com.google.adk.models.BaseLlmConnection;
import com.google.adk.models.LlmRequest;
import com.google.adk.models.LlmResponse;
import com.google.adk.models.chat.ChatCompletionsClient;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An ADK model over ADK's own OpenAI chat-completions client: what {@code ApigeeLlm} does in its
 * chat-completions mode, without the Apigee proxy naming and Gemini fallback.
 *
 * <p>One thing is added: a streamed reply must end with a chunk that carries {@code finish_reason}.
 * ADK's client completes normally when a stream ends without one (the server closed it cleanly
 * mid-reply, or sent {@code [DONE]} early), having emitted only partial responses; ADK's flow then
 * sees no final event and calls the model again, up to {@code RunConfig.maxLlmCalls} (500) times.
 * Here such a stream is an error, as it is for the floor.
 */
final class ChatCompletionsModel extends BaseLlm {

    private final ChatCompletionsClient client;

    ChatCompletionsModel(String model, ChatCompletionsClient client) {
        super(model);
        this.client = Objects.requireNonNull(client, "client");
    }

    @Override
    public Flowable<LlmResponse> generateContent(LlmRequest request, boolean stream) {
        Flowable<LlmResponse> responses = client.complete(request, stream);
        return stream ? requireFinalChunk(responses) : responses;
    }

    /** Fails the stream if it completes before a response with a finish reason. */
    static Flowable<LlmResponse> requireFinalChunk(Flowable<LlmResponse> responses) {
        return Flowable.defer(() -> {
            AtomicBoolean finished = new AtomicBoolean();
            return responses
                    .doOnNext(response -> {
                        if (response.finishReason().isPresent()) {
                            finished.set(true);
                        }
                    })
                    .concatWith(Completable.defer(() -> finished.get()
                            ? Completable.complete()
                            : Completable.error(new IOException(
                                    "The model's stream ended before its final chunk (no finish_reason)"))));
        });
    }

    /** Live (bidirectional) connections are ADK's audio/video mode, which agentbench does not use. */
    @Override
    public BaseLlmConnection connect(LlmRequest request) {
        throw new UnsupportedOperationException("The llmagent target has no live connection to the model");
    }
}
