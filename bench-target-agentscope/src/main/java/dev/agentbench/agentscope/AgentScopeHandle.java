package dev.agentbench.agentscope;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.TurnResult;
import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.agent.config.ReactConfig;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.UserMessage;
import io.agentscope.core.model.Model;
import io.agentscope.core.state.InMemoryAgentStateStore;
import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.ToolkitConfig;
import io.agentscope.extensions.model.openai.OpenAIChatModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.Exceptions;

/**
 * One agent of the target: an {@link OpenAIChatModel} pointed at the mock, a {@link Toolkit} holding
 * the context's tools, and {@link ReActAgent}s built from them with the context's instructions.
 *
 * <p>With {@code agent=per_session} (the default) each session has a {@code ReActAgent} of its own,
 * the pattern AgentScope's own {@code ReActAgent} documentation gives for serving many requests: the
 * model and the toolkit (which {@code build()} copies) are shared, the agent is not. {@link #open}
 * builds the agent of the first session, so that building an agent is part of what the construction
 * benchmarks measure; later sessions build theirs at their first turn. {@code deleteSession} drops
 * the session's agent, and with it everything AgentScope kept for the session.
 *
 * <p>With {@code agent=shared} one {@code ReActAgent} serves every session, which AgentScope 2.0.0
 * runs concurrently for distinct {@code (userId, sessionId)} pairs and one at a time within one. It is
 * given an {@link InMemoryAgentStateStore}, the only way 2.0.0 offers to forget a session: {@code
 * deleteSession} deletes the session from the store, and the agent reloads a session from its store
 * at the start of every call. The agent itself keeps the last state of every session it has served
 * (its state cache, which 2.0.0 never empties), so that a deleted session's messages stay reachable;
 * and an agent with a store is registered with AgentScope's JVM-wide shutdown manager, which 2.0.0
 * never lets go of, so that a closed shared agent is never collected.
 *
 * <p>A turn is {@code call(...).block()}, or with {@code stream=true} {@code streamEvents(...)} read to
 * its end; what it did is read from the session's context afterwards ({@link TurnReports}).
 */
final class AgentScopeHandle implements TargetHandle {

    /**
     * Iterations of the reasoning and acting loop allowed per turn: AgentScope's own {@code
     * ReactConfig.DEFAULT_MAX_ITERS} (20). The builder's default of 10 would stop {@code loop10} (ten
     * tool rounds, then the answer) before its answer and send the model a summary request instead.
     */
    static final int MAX_ITERS = ReactConfig.DEFAULT_MAX_ITERS;

    /** The agents' name, which AgentScope puts on the messages they write. */
    static final String AGENT_NAME = "assistant";

    private final AgentScopeOptions options;
    private final String instructions;
    private final Model model;
    private final Toolkit toolkit;
    private final InMemoryAgentStateStore store;
    private final ReActAgent shared;
    private final Map<SessionKey, ReActAgent> agents = new ConcurrentHashMap<>();
    private final AtomicReference<ReActAgent> spare = new AtomicReference<>();

    private record SessionKey(String userId, String sessionId) {}

    private AgentScopeHandle(TargetContext context, AgentScopeOptions options) {
        this.options = options;
        this.instructions = context.instructions();
        // The framework's defaults but for what points it at the mock: its transport (the JVM-wide
        // default JDK HttpClient of HttpTransportFactory), timeouts and retries.
        this.model = OpenAIChatModel.builder()
                .baseUrl(context.baseUrl().toString())
                .apiKey(context.apiKey())
                .modelName(context.model())
                .stream(options.stream())
                .build();
        this.toolkit = new Toolkit(ToolkitConfig.builder().parallel(options.concurrentTools()).build());
        for (ToolDefinition tool : context.tools()) {
            toolkit.registerAgentTool(NeutralTool.of(tool));
        }
        if (options.sharedAgent()) {
            this.store = new InMemoryAgentStateStore();
            this.shared = build(store);
        } else {
            this.store = null;
            this.shared = null;
            spare.set(build(null));
        }
    }

    /**
     * @throws IllegalArgumentException when a tool's schema cannot be used
     * @throws IllegalStateException when {@code bounded_elastic_threads} asks for another cap than an
     *     open handle of this JVM holds
     */
    static AgentScopeHandle open(TargetContext context, AgentScopeOptions options) {
        if (options.boundedElasticThreads() > 0) {
            BoundedElasticThreads.acquire(options.boundedElasticThreads());
        }
        try {
            return new AgentScopeHandle(context, options);
        } catch (RuntimeException | Error e) {
            if (options.boundedElasticThreads() > 0) {
                BoundedElasticThreads.release();
            }
            throw e;
        }
    }

    private ReActAgent build(InMemoryAgentStateStore stateStore) {
        ReActAgent.Builder builder = ReActAgent.builder()
                .name(AGENT_NAME)
                .sysPrompt(instructions)
                .model(model)
                .toolkit(toolkit)
                .maxIters(MAX_ITERS);
        if (stateStore != null) {
            builder.stateStore(stateStore);
        }
        return builder.build();
    }

    /** The agent that serves the session: the shared one, or the session's own. */
    ReActAgent agent(String userId, String sessionId) {
        if (shared != null) {
            return shared;
        }
        SessionKey key = new SessionKey(userId, sessionId);
        ReActAgent agent = agents.get(key);
        if (agent == null) {
            ReActAgent first = spare.getAndSet(null);
            ReActAgent built = first != null ? first : build(null);
            agent = agents.putIfAbsent(key, built);
            if (agent == null) {
                agent = built;
            } else {
                built.close();
            }
        }
        return agent;
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    /**
     * Runs the turn; with {@code stream=true} through {@code streamEvents}, whose text and tool-call
     * delta events go to {@code observer} as they arrive, on the Reactor thread AgentScope emits them
     * on (see {@link StreamedTurn}).
     */
    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer) {
        ReActAgent agent = agent(userId, sessionId);
        RuntimeContext runtime = RuntimeContext.builder().userId(userId).sessionId(sessionId).build();
        List<Msg> input = List.of(new UserMessage(message));
        Msg reply;
        try {
            if (options.stream()) {
                StreamedTurn streamed = new StreamedTurn(observer);
                agent.streamEvents(input, runtime).doOnNext(streamed::accept).blockLast();
                reply = streamed.reply();
            } else {
                reply = agent.call(input, runtime).block();
            }
        } catch (RuntimeException e) {
            throw unwrapped(e);
        }
        return TurnReports.read(agent.getAgentState(userId, sessionId).getContext(), message, reply);
    }

    /**
     * The failure as the caller should see it: Reactor wraps a checked exception on its way out of
     * {@code block()}, and AgentScope's model retries end in Reactor's {@code RetryExhaustedException}
     * ("Retries exhausted: 2/2"), whose cause is the model's own error.
     */
    static RuntimeException unwrapped(RuntimeException e) {
        Throwable cause = Exceptions.unwrap(e);
        if (Exceptions.isRetryExhausted(cause) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new IllegalStateException("The turn failed in AgentScope: " + cause, cause);
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        if (shared != null) {
            store.delete(userId, sessionId);
            return;
        }
        ReActAgent agent = agents.remove(new SessionKey(userId, sessionId));
        if (agent != null) {
            agent.close();
        }
    }

    /**
     * Closes the agents (a no-op in AgentScope 2.0.0). The model holds nothing to close: its
     * transport is AgentScope's JVM-wide default, shared by every model, and closing it would fail
     * every other agent's requests. With {@code bounded_elastic_threads}, gives Reactor's shared
     * scheduler its default cap back once no other open handle asks for the option.
     */
    @Override
    public void close() {
        try {
            if (shared != null) {
                shared.close();
            }
            ReActAgent first = spare.getAndSet(null);
            if (first != null) {
                first.close();
            }
            agents.values().forEach(ReActAgent::close);
            agents.clear();
        } finally {
            if (options.boundedElasticThreads() > 0) {
                BoundedElasticThreads.release();
            }
        }
    }
}
