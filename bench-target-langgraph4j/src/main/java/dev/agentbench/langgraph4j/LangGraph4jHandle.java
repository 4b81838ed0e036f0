package dev.agentbench.langgraph4j;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.langchain4jtools.NeutralTools;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphStateException;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.agent.Agent;
import org.bsc.langgraph4j.agentexecutor.AgentExecutor;
import org.bsc.langgraph4j.agentexecutor.CallModel;
import org.bsc.langgraph4j.langchain4j.tool.LC4jToolService;
import org.bsc.langgraph4j.prebuilt.MessagesState;
import org.bsc.langgraph4j.state.AgentState;
import org.bsc.langgraph4j.state.Channel;
import org.bsc.langgraph4j.state.Channels;

/**
 * One LangGraph4j agent: the agent executor's graph compiled once, with a {@link SessionSaver} (a
 * {@code MemorySaver}) as its checkpoint saver; each session is one thread of it.
 *
 * <p>The graph is what {@code AgentExecutor.builder()...build()} builds — {@code Agent.builder()}
 * with the executor's {@link CallModel} node, its {@code executeTool} action over an {@link
 * LC4jToolService}, and its JSON state serializer — with one difference, a workaround for
 * LangGraph4j issue #288: the {@code messages} channel keeps duplicates. The executor's own schema
 * ({@code MessagesState.SCHEMA}) drops a message equal to one already in the list, so a user who says
 * the same thing twice in a session is heard once, and the model is asked the wrong question.
 */
final class LangGraph4jHandle implements TargetHandle {

    /** The executor's schema with the one change above: an appender that keeps duplicates. */
    static final Map<String, Channel<?>> SCHEMA =
            Map.of(MessagesState.MESSAGES_STATE, Channels.appenderWithDuplicate(java.util.ArrayList::new));

    private final CompiledGraph<AgentExecutor.State> graph;
    private final SessionSaver saver;
    private final boolean stream;

    private LangGraph4jHandle(CompiledGraph<AgentExecutor.State> graph, SessionSaver saver, boolean stream) {
        this.graph = graph;
        this.saver = saver;
        this.stream = stream;
    }

    static LangGraph4jHandle open(TargetContext context, LangGraph4jOptions options) {
        // The tools first: a schema LangChain4j cannot hold fails here, before any HTTP client exists.
        Map<ToolSpecification, ToolExecutor> tools = NeutralTools.of(context.tools());
        String baseUrl = context.baseUrl().toString();
        AgentExecutor.Builder executor = AgentExecutor.builder();
        if (options.stream()) {
            // emitStreamingOutputEnd: the graph also streams each reply's end, with its finish reason.
            executor.chatModel(OpenAiStreamingChatModel.builder()
                    .baseUrl(baseUrl)
                    .apiKey(context.apiKey())
                    .modelName(context.model())
                    .build(), true);
        } else {
            executor.chatModel(OpenAiChatModel.builder()
                    .baseUrl(baseUrl)
                    .apiKey(context.apiKey())
                    .modelName(context.model())
                    .build());
        }
        if (!context.instructions().isBlank()) {
            executor.systemMessage(SystemMessage.from(context.instructions()));
        }
        tools.forEach(executor::tool);
        SessionSaver saver = new SessionSaver();
        try {
            StateGraph<AgentExecutor.State> graph = Agent.<ChatMessage, AgentExecutor.State>builder()
                    .stateSerializer(AgentExecutor.Serializers.JSON.object())
                    .schema(SCHEMA)
                    .callModelAction(new CallModel<>(executor))
                    .executeToolsAction(AgentExecutor.executeTool(new LC4jToolService(executor.toolMap())))
                    .build();
            CompileConfig compileConfig = CompileConfig.builder()
                    .checkpointSaver(saver)
                    .recursionLimit(options.recursionLimit())
                    .build();
            return new LangGraph4jHandle(graph.compile(compileConfig), saver, options.stream());
        } catch (GraphStateException e) {
            throw new IllegalStateException("LangGraph4j refused the agent executor's graph: " + e.getMessage(), e);
        }
    }

    /** The thread of a session: user and session id, unambiguous whatever characters they hold. */
    static RunnableConfig thread(String userId, String sessionId) {
        return RunnableConfig.builder().threadId(userId.length() + ":" + userId + "/" + sessionId).build();
    }

    /**
     * Runs the graph on the session's thread with the user's message as input, reading its output
     * as it comes (blocking or streamed, on this thread), and reports the turn from the last state.
     *
     * <p>The input also removes {@code agent_response}: a workaround for LangGraph4j issue #477.
     * The executor writes the model's final answer there and never clears it, and the checkpoint
     * carries it into the session's next turn, where the {@code action} node then ends the graph
     * right after running a tool, before the model has seen the tool's result.
     *
     * <p>Streaming, {@code observer} hears each text fragment as the graph gives it.
     */
    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        Map<String, Object> input = Map.of(
                MessagesState.MESSAGES_STATE, UserMessage.from(message),
                AgentExecutor.State.FINAL_RESPONSE, AgentState.MARK_FOR_REMOVAL);
        GraphRun run = new GraphRun(stream, observer);
        try {
            graph.stream(input, thread(userId, sessionId)).forEach(run::accept);
        } catch (CompletionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
        return run.result();
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    /** Releases the session's thread from the checkpoint saver: its checkpoints, and the states they hold, go. */
    @Override
    public void deleteSession(String userId, String sessionId) throws Exception {
        saver.release(thread(userId, sessionId));
    }

    /** The compiled graph's limit on node executions per turn. */
    int recursionLimit() {
        return graph.compileConfig.recursionLimit();
    }

    /** The number of sessions whose checkpoints the agent holds. */
    int sessionsHeld() {
        return saver.threads();
    }

    /** The number of checkpoints the agent holds for a session it holds. */
    int checkpointsHeld(String userId, String sessionId) {
        return saver.list(thread(userId, sessionId)).size();
    }

    /**
     * Nothing to release: LangChain4j's OpenAI models hold a JDK {@code HttpClient}, which on Java 17
     * has no close, and the graph starts no thread of its own when its output is read by iteration.
     */
    @Override
    public void close() {}
}
