package dev.agentbench.langchain4j;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.langchain4jtools.NeutralTools;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import dev.langchain4j.service.memory.ChatMemoryAccess;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.Map;

/**
 * One LangChain4j agent: an {@code AiServices} implementation of {@link Assistant} (or of {@link
 * StreamingAssistant}), its model LangChain4j's OpenAI client pointed at the mock, a chat memory
 * per session, and the context's tools as specifications with executors.
 */
final class LangChain4jHandle implements TargetHandle {

    /**
     * The chat memory's window, in messages: far larger than any session a benchmark plays. The
     * longest are {@code history}'s, up to 257 turns each with its tool calls and results (a few
     * thousand messages); {@code loop10} keeps 23. A window that dropped a message would send the
     * model less than the history (the mock counts user messages to find the turn, and checks that a
     * request carries the whole history). LangChain4j only compares the memory's size with the
     * window, so a large window costs nothing.
     */
    static final int MAX_MESSAGES = 100_000;

    private final Assistant assistant;
    private final StreamingAssistant streamingAssistant;
    private final ChatMemoryAccess memories;

    private LangChain4jHandle(Assistant assistant, StreamingAssistant streamingAssistant) {
        this.assistant = assistant;
        this.streamingAssistant = streamingAssistant;
        this.memories = assistant != null ? assistant : streamingAssistant;
    }

    static LangChain4jHandle open(TargetContext context, LangChain4jOptions options) {
        // The tools first: a schema LangChain4j cannot hold fails here, before any HTTP client exists.
        Map<ToolSpecification, ToolExecutor> tools = NeutralTools.of(context.tools());
        String baseUrl = context.baseUrl().toString();
        if (options.stream()) {
            OpenAiStreamingChatModel model = OpenAiStreamingChatModel.builder()
                    .baseUrl(baseUrl)
                    .apiKey(context.apiKey())
                    .modelName(context.model())
                    .build();
            AiServices<StreamingAssistant> services =
                    AiServices.builder(StreamingAssistant.class).streamingChatModel(model);
            return new LangChain4jHandle(null, configure(services, context, tools, options).build());
        }
        OpenAiChatModel model = OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .apiKey(context.apiKey())
                .modelName(context.model())
                .build();
        AiServices<Assistant> services = AiServices.builder(Assistant.class).chatModel(model);
        return new LangChain4jHandle(configure(services, context, tools, options).build(), null);
    }

    /** What both kinds of agent share: memory, instructions, tools. */
    private static <T> AiServices<T> configure(AiServices<T> services, TargetContext context,
            Map<ToolSpecification, ToolExecutor> tools, LangChain4jOptions options) {
        ChatMemoryProvider memoryPerSession = sessionId -> MessageWindowChatMemory.builder()
                .id(sessionId)
                .maxMessages(MAX_MESSAGES)
                .build();
        services.chatMemoryProvider(memoryPerSession);
        String instructions = context.instructions();
        if (isTemplate(instructions)) {
            // A system message is a prompt template to LangChain4j, and an unknown {{name}} fails the
            // turn. The transformer's text is sent as it is.
            services.systemMessageTransformer(ignored -> instructions);
        } else if (!instructions.isEmpty()) {
            services.systemMessage(instructions);
        }
        if (!tools.isEmpty()) {
            services.tools(tools);
            if (options.concurrentTools()) {
                services.executeToolsConcurrently();
            }
        }
        return services;
    }

    /** Whether LangChain4j would read the text as a prompt template with variables. */
    static boolean isTemplate(String text) {
        return text.contains("{{");
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    /**
     * One turn. Streaming, {@code observer} hears each text fragment and each piece of a tool call's
     * arguments from the {@code TokenStream}'s callbacks as LangChain4j hands them over; blocking,
     * there is nothing to observe.
     */
    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        if (assistant != null) {
            return TurnReports.of(isTemplate(message)
                    ? assistant.chatVerbatim(sessionId, message)
                    : assistant.chat(sessionId, message));
        }
        TokenStream stream = isTemplate(message)
                ? streamingAssistant.chatVerbatim(sessionId, message)
                : streamingAssistant.chat(sessionId, message);
        return new StreamedTurn(observer).run(stream);
    }

    /** Evicts the session's chat memory from the agent (its messages go with it). */
    @Override
    public void deleteSession(String userId, String sessionId) {
        memories.evictChatMemory(sessionId);
    }

    /**
     * Nothing to release: LangChain4j's OpenAI models hold a JDK {@code HttpClient}, which on Java 17
     * has no close; its daemon threads end once the client is unreachable.
     */
    @Override
    public void close() {}
}
