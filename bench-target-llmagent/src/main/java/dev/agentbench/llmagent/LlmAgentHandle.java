package dev.agentbench.llmagent;

import com.google.adk.agents.Instruction;
import com.google.adk.agents.LlmAgent;
import com.google.adk.agents.RunConfig;
import com.google.adk.models.chat.ChatCompletionsHttpClient;
import com.google.adk.runner.InMemoryRunner;
import com.google.adk.tools.BaseTool;
import com.google.genai.types.Content;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.Part;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import io.reactivex.rxjava3.core.Single;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** One ADK agent: an {@link LlmAgent} in an {@link InMemoryRunner}, and the HTTP threads its model client owns. */
final class LlmAgentHandle implements TargetHandle {

    /** The agent's name; ADK puts it in the system instruction ("Your internal name is ..."). */
    static final String AGENT_NAME = "agentbench_agent";
    /** The app name sessions are kept under. */
    static final String APP_NAME = "agentbench";

    private final InMemoryRunner runner;
    private final RunConfig runConfig;
    private final ToolFailures failures;
    private final ExecutorService httpThreads;

    private LlmAgentHandle(InMemoryRunner runner, RunConfig runConfig, ToolFailures failures,
            ExecutorService httpThreads) {
        this.runner = runner;
        this.runConfig = runConfig;
        this.failures = failures;
        this.httpThreads = httpThreads;
    }

    static LlmAgentHandle open(TargetContext context, LlmAgentOptions options) {
        ExecutorService httpThreads = daemonThreadPool("llmagent-http");
        try {
            HttpOptions http = HttpOptions.builder()
                    .baseUrl(context.baseUrl().toString())
                    .headers(Map.of("Authorization", "Bearer " + context.apiKey()))
                    .build();
            ToolFailures failures = new ToolFailures();
            List<BaseTool> tools = context.tools().stream()
                    .<BaseTool>map(tool -> new NeutralTool(tool, failures))
                    .toList();
            ChatCompletionsHttpClient client = new ChatCompletionsHttpClient(http, httpThreads);
            AdkDispatcher.limit(client, options.maxRequestsPerHost(), options.maxRequests());
            LlmAgent agent = LlmAgent.builder()
                    .name(AGENT_NAME)
                    .model(new ChatCompletionsModel(context.model(), client))
                    .instruction(instruction(context.instructions()))
                    .tools(tools)
                    .build();
            RunConfig runConfig = RunConfig.builder()
                    .streamingMode(options.streamingMode())
                    .toolExecutionMode(options.toolExecution())
                    .autoCreateSession(true)
                    .build();
            return new LlmAgentHandle(new InMemoryRunner(agent, APP_NAME), runConfig, failures, httpThreads);
        } catch (RuntimeException | Error e) {
            httpThreads.shutdownNow();
            throw e;
        }
    }

    /**
     * ADK reads {@code {name}} in a plain instruction as a session-state placeholder and fails on an
     * unknown one; instructions with braces go through a provider, which ADK sends as it is.
     */
    private static Instruction instruction(String text) {
        return text.indexOf('{') < 0 ? new Instruction.Static(text) : new Instruction.Provider(context -> Single.just(text));
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    /**
     * Runs the turn through {@code runner.runAsync}; with {@code stream=true} (ADK's {@code
     * StreamingMode.SSE}) each partial event's text goes to {@code observer} as the runner emits it.
     * {@code blockingForEach} hands each event from the model client's HTTP thread to the thread that
     * called this method, where an application iterating the events would read it too.
     */
    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        Content content = Content.builder().role("user").parts(Part.fromText(message)).build();
        TurnEvents turn = new TurnEvents(AGENT_NAME, sessionId, failures, observer);
        try {
            runner.runAsync(userId, sessionId, content, runConfig).blockingForEach(turn::accept);
        } catch (RuntimeException e) {
            throw unwrap(e);
        } finally {
            failures.forget(sessionId);
        }
        return turn.result();
    }

    /**
     * RxJava wraps a checked exception (an IOException from the HTTP client, say) in a bare
     * RuntimeException; the cause is what failed. An I/O failure is said to be the model call's,
     * since OkHttp's own messages can be bare ({@code java.io.EOFException} for a cut-off stream).
     */
    private static Exception unwrap(RuntimeException e) {
        if (e.getClass() == RuntimeException.class && e.getCause() instanceof Exception cause) {
            if (cause instanceof IOException io) {
                return new IOException("The model call failed in ADK's chat-completions client: " + io, io);
            }
            return cause;
        }
        return e;
    }

    /** The run configuration every turn runs with. */
    RunConfig runConfig() {
        return runConfig;
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        runner.sessionService().deleteSession(APP_NAME, userId, sessionId).blockingAwait();
    }

    @Override
    public void close() {
        try {
            runner.close().blockingAwait(10, TimeUnit.SECONDS);
        } finally {
            httpThreads.shutdownNow();
        }
    }

    /**
     * The model client's HTTP dispatcher threads: daemon threads this handle owns and stops on close.
     * The same shape as OkHttp's own dispatcher pool (unbounded, idle threads kept 60 s).
     */
    private static ExecutorService daemonThreadPool(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }
}
