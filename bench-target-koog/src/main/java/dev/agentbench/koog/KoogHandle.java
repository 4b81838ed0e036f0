package dev.agentbench.koog;

import ai.koog.agents.chatMemory.feature.ChatMemory;
import ai.koog.agents.core.agent.AIAgent;
import ai.koog.agents.core.agent.AIAgentBuilder;
import ai.koog.agents.core.agent.AIAgentSimpleStrategies;
import ai.koog.agents.core.agent.config.AIAgentConfig;
import ai.koog.agents.core.agent.config.MissingToolsConversionStrategy;
import ai.koog.agents.core.agent.config.ToolCallDescriber;
import ai.koog.agents.core.tools.ToolRegistry;
import ai.koog.agents.core.tools.ToolRegistryBuilder;
import ai.koog.http.client.ktor.KtorKoogHttpClient;
import ai.koog.prompt.executor.clients.ConnectionTimeoutConfig;
import ai.koog.prompt.executor.clients.openai.OpenAIClientSettings;
import ai.koog.prompt.executor.clients.openai.OpenAILLMClient;
import ai.koog.prompt.executor.llms.MultiLLMPromptExecutor;
import ai.koog.prompt.llm.LLMCapability;
import ai.koog.prompt.llm.LLMProvider;
import ai.koog.prompt.llm.LLModel;
import ai.koog.prompt.Prompt;
import ai.koog.prompt.message.Message;
import ai.koog.serialization.kotlinx.KotlinxSerializer;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import io.ktor.client.HttpClient;
import io.ktor.client.HttpClientKt;
import io.ktor.client.engine.apache5.Apache5;
import io.ktor.client.engine.cio.CIO;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import kotlin.Unit;
import kotlinx.coroutines.Dispatchers;
import kotlinx.coroutines.ExecutorsKt;

/**
 * One Koog agent: an {@link AIAgent} built with {@code AIAgent.builder()} over Koog's {@link
 * OpenAILLMClient} (Ktor, with the engine the options name) pointed at the mock, the context's tools
 * in a {@link ToolRegistry}, the instructions as the system prompt, Koog's {@code ChatMemory} feature
 * over a {@link SessionHistories} store, and {@code singleRunStrategy()} or the {@link
 * FunctionalLoop}. One agent serves every session: each {@code run(message, sessionId)} is a run of its
 * own, whose run id is the session id, which is what {@code ChatMemory} keys the conversation by.
 */
final class KoogHandle implements TargetHandle {

    /**
     * The chat-completions path, relative to the mock's base URL (which ends in {@code /v1}); Koog's
     * default, {@code v1/chat/completions}, is relative to a host root.
     */
    static final String CHAT_COMPLETIONS_PATH = "chat/completions";

    /** The iteration limit {@code AIAgent.builder()} gives an agent. */
    static final int MAX_AGENT_ITERATIONS = 50;

    /** Numbers the threads of {@code strategy_executor=threads} pools. */
    private static final AtomicInteger STRATEGY_THREADS = new AtomicInteger();

    private final AIAgent<String, String> agent;
    private final SessionHistories histories;
    /** The observer of each streaming turn in progress, by session id; empty when not streaming. */
    private final Map<String, StreamObserver> observers;
    private final boolean stream;
    private final OpenAILLMClient client;
    private final HttpClient http;
    private final ExecutorService strategyThreads;

    private KoogHandle(AIAgent<String, String> agent, SessionHistories histories,
            Map<String, StreamObserver> observers, boolean stream, OpenAILLMClient client, HttpClient http,
            ExecutorService strategyThreads) {
        this.agent = agent;
        this.histories = histories;
        this.observers = observers;
        this.stream = stream;
        this.client = client;
        this.http = http;
        this.strategyThreads = strategyThreads;
    }

    static KoogHandle open(TargetContext context, KoogOptions options) {
        // The tools first: a schema Koog cannot hold fails here, before any HTTP client exists.
        ToolRegistryBuilder tools = ToolRegistry.Companion.builder();
        NeutralTool.of(context.tools(), options.toolDispatch()).forEach(tools::tool);
        ToolRegistry registry = tools.build();
        HttpClient http = ktorClient(options.httpEngine(), options.cioConnectionsPerRoute());
        OpenAILLMClient client = null;
        ExecutorService strategyThreads = null;
        try {
            OpenAIClientSettings settings = new OpenAIClientSettings(context.baseUrl().toString(),
                    new ConnectionTimeoutConfig(), CHAT_COMPLETIONS_PATH, "responses", "embeddings", "moderations",
                    "models");
            client = new OpenAILLMClient(context.apiKey(), settings, new KtorKoogHttpClient.Factory(http));
            SessionHistories histories = new SessionHistories();
            Map<String, StreamObserver> observers = new ConcurrentHashMap<>();
            LLModel model = model(context.model());
            AIAgentBuilder builder = AIAgent.builder();
            switch (options.strategyExecutor()) {
                case DEFAULT -> { }
                case IO -> builder = builder.agentConfig(
                        configWithStrategyExecutor(model, ExecutorsKt.asExecutor(Dispatchers.getIO())));
                case THREADS -> {
                    strategyThreads = Executors.newCachedThreadPool(KoogHandle::strategyThread);
                    builder = builder.agentConfig(configWithStrategyExecutor(model, strategyThreads));
                }
            }
            builder = builder
                    .promptExecutor(new MultiLLMPromptExecutor(client))
                    .llmModel(model)
                    .toolRegistry(registry);
            if (!context.instructions().isEmpty()) {
                builder = builder.systemPrompt(context.instructions());
            }
            AIAgent<String, String> agent = switch (options.strategy()) {
                case SINGLE_RUN -> builder.graphStrategy(AIAgentSimpleStrategies.singleRunStrategy())
                        .install(ChatMemory.Feature, memory -> memory.chatHistoryProvider(histories))
                        .build();
                case FUNCTIONAL -> builder
                        .functionalStrategy(FunctionalLoop.NAME,
                                new FunctionalLoop(options.parallelTools(), options.stream(), observers))
                        .install(ChatMemory.Feature, memory -> memory.chatHistoryProvider(histories))
                        .build();
            };
            return new KoogHandle(agent, histories, observers, options.stream(), client, http, strategyThreads);
        } catch (RuntimeException | Error e) {
            if (strategyThreads != null) {
                strategyThreads.shutdownNow();
            }
            try {
                if (client != null) {
                    client.close();
                }
                http.close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * The configuration {@code AIAgent.builder()} starts from (an empty prompt, at most {@value
     * #MAX_AGENT_ITERATIONS} iterations, missing tools described as JSON, no response processor, the
     * kotlinx serializer) with the model, and a strategy executor. Koog sets a strategy executor only
     * through {@code AIAgentConfig}'s Java constructors and builder, whose other defaults differ from
     * the agent builder's (100 iterations, the Jackson serializer), so every value is given here. The
     * agent builder's later steps ({@code llmModel}, {@code systemPrompt}) copy the configuration with
     * its executor.
     */
    static AIAgentConfig configWithStrategyExecutor(LLModel model, Executor strategyExecutor) {
        return new AIAgentConfig(Prompt.Empty, model, MAX_AGENT_ITERATIONS, strategyExecutor, null,
                new MissingToolsConversionStrategy.Missing(ToolCallDescriber.JSON.INSTANCE), null,
                new KotlinxSerializer());
    }

    /** A daemon thread of the {@code strategy_executor=threads} pool. */
    private static Thread strategyThread(Runnable task) {
        Thread thread = new Thread(task, "koog-strategy-" + STRATEGY_THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }

    /**
     * A Ktor client on the named engine, with the engine's defaults but, for CIO, the connections per
     * route when {@code connectionsPerRoute} is positive (the engine's total limit, 1000, is raised to
     * it if lower).
     */
    static HttpClient ktorClient(KoogOptions.HttpEngine engine, int connectionsPerRoute) {
        return switch (engine) {
            case APACHE5 -> HttpClientKt.HttpClient(Apache5.INSTANCE, config -> Unit.INSTANCE);
            case CIO -> HttpClientKt.HttpClient(CIO.INSTANCE, config -> {
                if (connectionsPerRoute > 0) {
                    config.engine(cio -> {
                        cio.getEndpoint().setMaxConnectionsPerRoute(connectionsPerRoute);
                        cio.setMaxConnectionsCount(Math.max(cio.getMaxConnectionsCount(), connectionsPerRoute));
                        return Unit.INSTANCE;
                    });
                }
                return Unit.INSTANCE;
            });
        };
    }

    /**
     * The context's model as a Koog {@link LLModel} of the OpenAI provider, with the capabilities
     * Koog's OpenAI client needs to send a chat-completions request with tools: {@code Completion},
     * {@code Tools}, and the chat-completions endpoint (without it Koog picks nothing, with the
     * Responses endpoint alone it would call {@code /responses}).
     */
    static LLModel model(String id) {
        return new LLModel(LLMProvider.OpenAI, id, List.of(LLMCapability.Completion.INSTANCE,
                LLMCapability.Tools.INSTANCE, LLMCapability.OpenAIEndpoint.Completions.INSTANCE), null, null);
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    /**
     * Runs the turn as {@code agent.run(message, sessionId)}; with {@code stream=true} the functional
     * strategy hands {@code observer} each text and tool-call delta of Koog's streamed frames as they
     * come (see {@link FunctionalLoop}). One turn of a session runs at a time, as the SPI says.
     */
    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer) {
        int before = histories.history(sessionId).size();
        String output;
        if (stream) {
            observers.put(sessionId, observer);
            try {
                output = agent.run(message, sessionId);
            } finally {
                observers.remove(sessionId);
            }
        } else {
            output = agent.run(message, sessionId);
        }
        List<Message> after = histories.history(sessionId);
        return TurnReports.of(after.subList(Math.min(before, after.size()), after.size()), output);
    }

    /** The sessions' conversations, for tests. */
    SessionHistories histories() {
        return histories;
    }

    /** Forgets the session's conversation: Koog keeps nothing else per session between runs. */
    @Override
    public void deleteSession(String userId, String sessionId) {
        histories.delete(sessionId);
    }

    /**
     * Closes Koog's OpenAI client, which closes its Ktor client (made from ours with {@code
     * config}, so sharing and closing its engine), then ours, then the strategy's thread pool when the
     * handle has one ({@code strategy_executor=threads}).
     */
    @Override
    public void close() {
        try {
            client.close();
        } finally {
            try {
                http.close();
            } finally {
                if (strategyThreads != null) {
                    strategyThreads.shutdown();
                }
            }
        }
    }
}
