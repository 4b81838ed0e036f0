package dev.agentbench.springai;

import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientAsync;
import com.openai.errors.OpenAIIoException;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.setup.OpenAiSetup;
import org.springframework.ai.tool.ToolCallback;
import reactor.core.Exceptions;

/**
 * One Spring AI agent: a {@link ChatClient} over an {@link OpenAiChatModel}, with the context's
 * tools as default tool callbacks, a {@link MessageChatMemoryAdvisor} over a {@link
 * MessageWindowChatMemory} (the conversation id is the session id) and a {@link
 * ToolCallingAdvisor} whose tool-calling manager is watched by a {@link RecordingToolCallingManager}.
 *
 * <p>The memory advisor sits inside the tool loop (ordered after the tool-calling advisor, whose own
 * copy of the turn's history is then disabled), as Spring AI documents for keeping tool calls in
 * memory: every message of a turn, tool calls and results included, is kept and resent in later
 * turns. At Spring AI's default order the memory advisor sits outside the loop and keeps only the
 * user's messages and the final replies, so a later request would carry less than the history.
 */
final class SpringAiHandle implements TargetHandle {

    /**
     * The memory's window, in messages: far larger than any session a benchmark plays ({@code
     * history}'s longest, 257 turns with their tool calls and results, a few thousand messages).
     * Spring AI's default of 20 would drop the oldest messages of any session past a few turns.
     */
    static final int MAX_MESSAGES = 100_000;

    /** Inside the tool loop: after the tool-calling advisor, before the model call. */
    static final int MEMORY_ORDER = ToolCallingAdvisor.DEFAULT_ORDER + 100;

    private final ChatClient chatClient;
    private final ChatMemory memory;
    private final boolean stream;
    private final OpenAIClient syncClient;
    private final OpenAIClientAsync asyncClient;

    private SpringAiHandle(ChatClient chatClient, ChatMemory memory, boolean stream, OpenAIClient syncClient,
            OpenAIClientAsync asyncClient) {
        this.chatClient = chatClient;
        this.memory = memory;
        this.stream = stream;
        this.syncClient = syncClient;
        this.asyncClient = asyncClient;
    }

    static SpringAiHandle open(TargetContext context, SpringAiOptions options) {
        OpenAiChatOptions chatOptions = OpenAiChatOptions.builder()
                .baseUrl(context.baseUrl().toString())
                .apiKey(context.apiKey())
                .model(context.model())
                .build();
        // The two SDK clients the model's builder would make itself (same arguments), made here so
        // that close() can close them: OpenAiChatModel has no close of its own.
        OpenAIClient syncClient = OpenAiSetup.setupSyncClient(chatOptions.getBaseUrl(), chatOptions.getApiKey(), null,
                null, null, null, false, false, chatOptions.getModel(), chatOptions.getTimeout(),
                chatOptions.getMaxRetries(), null, null, ObservationRegistry.NOOP, null, List.of());
        OpenAIClientAsync asyncClient = null;
        try {
            asyncClient = OpenAiSetup.setupAsyncClient(chatOptions.getBaseUrl(), chatOptions.getApiKey(), null,
                    null, null, null, false, false, chatOptions.getModel(), chatOptions.getTimeout(),
                    chatOptions.getMaxRetries(), null, null, ObservationRegistry.NOOP, null, List.of());
            // Only the asynchronous (streaming) client's calls are held back by its dispatcher.
            SpringAiDispatcher.limit(asyncClient, options.maxRequestsPerHost(), options.maxRequests());
            OpenAiChatModel model = OpenAiChatModel.builder()
                    .options(chatOptions)
                    .openAiClient(syncClient)
                    .openAiClientAsync(asyncClient)
                    .build();
            ChatMemory memory = MessageWindowChatMemory.builder().maxMessages(MAX_MESSAGES).build();
            List<ToolCallback> tools = context.tools().stream()
                    .<ToolCallback>map(NeutralToolCallback::new)
                    .toList();
            ChatClient chatClient = ChatClient.builder(model)
                    .defaultSystem(context.instructions())
                    .defaultToolCallbacks(tools)
                    .defaultAdvisors(
                            MessageChatMemoryAdvisor.builder(memory).order(MEMORY_ORDER).build(),
                            ToolCallingAdvisor.builder()
                                    .toolCallingManager(new RecordingToolCallingManager(ToolCallingManager.builder().build()))
                                    .disableInternalConversationHistory()
                                    .build())
                    .build();
            return new SpringAiHandle(chatClient, memory, options.stream(), syncClient, asyncClient);
        } catch (RuntimeException | Error e) {
            try {
                syncClient.close();
                if (asyncClient != null) {
                    asyncClient.close();
                }
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    /**
     * One turn. Streaming, {@code observer} hears the text of each {@code ChatClientResponse} the
     * chat client's {@code Flux} emits, as the application's subscriber receives it (on Spring AI's
     * thread, before the turn's record of it); Spring AI emits no tool-call pieces (the model buffers
     * a tool-call reply whole, and the tool-calling advisor does not emit it).
     */
    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        TurnRecorder turn = new TurnRecorder();
        ChatClient.ChatClientRequestSpec request = chatClient.prompt()
                .user(message)
                .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, sessionId))
                .toolContext(turn.toolContext());
        try {
            if (stream) {
                request.stream().chatClientResponse().doOnNext(chunk -> {
                    observe(chunk.chatResponse(), observer);
                    turn.chunk(chunk.chatResponse());
                }).blockLast();
            } else {
                ChatClientResponse response = request.call().chatClientResponse();
                turn.reply(response.chatResponse());
            }
        } catch (RuntimeException e) {
            throw unwrap(e);
        }
        return turn.result();
    }

    /** Hands the observer the text a streamed response carries, if any. */
    static void observe(ChatResponse response, StreamObserver observer) {
        if (response == null) {
            return;
        }
        for (Generation generation : response.getResults()) {
            String text = generation.getOutput().getText();
            if (text != null && !text.isEmpty()) {
                observer.text(text);
            }
        }
    }

    /**
     * What failed, without its wrappers: Reactor wraps a checked exception when {@code blockLast}
     * rethrows it, and the SDK's async client completes a stream with a {@link CompletionException}
     * around its own. The SDK's I/O failure says only "Request failed": the message names the client
     * and the cause.
     */
    static Exception unwrap(RuntimeException e) {
        Throwable cause = Exceptions.unwrap(e);
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof OpenAIIoException io) {
            return new IOException("The model call failed in Spring AI's OpenAI client: " + io.getMessage()
                    + (io.getCause() == null ? "" : ": " + io.getCause()), io);
        }
        return cause instanceof Exception exception ? exception : e;
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        memory.clear(sessionId);
    }

    @Override
    public void close() {
        try {
            syncClient.close();
        } finally {
            asyncClient.close();
        }
    }
}
