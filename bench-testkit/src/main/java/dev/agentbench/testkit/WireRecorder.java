package dev.agentbench.testkit;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.tool.BuiltinTools;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The real mock, in a JVM of its own ({@link MockProcess}), behind a {@link RecordingProxy}: what a
 * target's wire tests need to play a script through a framework and read every request it sent.
 * Start one per test class and close it after; closing ends the mock's process.
 */
public final class WireRecorder implements AutoCloseable {

    private final MockProcess mock;
    private final RecordingProxy proxy;

    private WireRecorder(MockProcess mock, RecordingProxy proxy) {
        this.mock = mock;
        this.proxy = proxy;
    }

    /** Starts the mock on a free loopback port and the proxy in front of it. */
    public static WireRecorder start() throws IOException {
        MockProcess mock = MockProcess.start();
        try {
            return new WireRecorder(mock, new RecordingProxy(mock.baseUrl()));
        } catch (IOException | RuntimeException e) {
            mock.close();
            throw e;
        }
    }

    /** The proxy: its requests since the last {@link #context} or {@link #play}. */
    public RecordingProxy proxy() {
        return proxy;
    }

    /**
     * Registers {@code script} with the mock, forgets the requests seen so far, and returns a context
     * whose base URL is the proxy's for that script.
     */
    public TargetContext context(Script script, String instructions, List<ToolDefinition> tools,
            Map<String, String> options) {
        mock.register(script);
        proxy.clear();
        return new TargetContext(proxy.baseUrl(script.name()), "agentbench", "agentbench-mock", instructions, tools,
                script, options);
    }

    /**
     * Registers {@code script} with the mock and returns a context whose base URL is the mock's own,
     * past the proxy, for checks of when a stream's pieces arrive: the proxy passes a stream back
     * whole. The proxy sees none of its requests.
     */
    public TargetContext directContext(Script script, String instructions, List<ToolDefinition> tools,
            Map<String, String> options) {
        mock.register(script);
        return new TargetContext(java.net.URI.create(mock.baseUrl(script.name())), "agentbench", "agentbench-mock",
                instructions, tools, script, options);
    }

    /**
     * Plays {@code script} as one session of a new handle of {@code target}, with the built-in tools,
     * checking every turn as a run does, and returns the requests the framework sent.
     */
    public List<RecordingProxy.Request> play(BenchTarget target, Script script, String instructions,
            Map<String, String> options) throws Exception {
        return play(target, script, instructions, BuiltinTools.ALL, options);
    }

    /**
     * Plays {@code script} as one session of a new handle of {@code target}, with {@code tools},
     * checking every turn as a run does, and returns the requests the framework sent.
     */
    @SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
    public List<RecordingProxy.Request> play(BenchTarget target, Script script, String instructions,
            List<ToolDefinition> tools, Map<String, String> options) throws Exception {
        TargetContext context = context(script, instructions, tools, options);
        try (TargetHandle handle = target.open(context)) {
            ScriptChecks.play(script, handle, "user-1", "session-1");
        }
        return proxy.requests();
    }

    /**
     * How many model calls {@code target} lets be in flight at once: opens one handle on a script of
     * one turn whose reply the mock holds for {@code delayMs}, plays that turn in {@code sessions}
     * sessions at once (a thread each), checks that each got its reply and that each made one request,
     * and returns the most requests the proxy had in flight at once. The proxy counts a request until
     * it has written the reply, a moment after a client may have freed its slot, so a cap of K can
     * read K + 1.
     */
    @SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
    public int mostInFlight(BenchTarget target, int sessions, long delayMs, Map<String, String> options)
            throws Exception {
        Script held = new Script("in_flight", List.of(new ScriptTurn("Hello?",
                List.of(new Step("Hello.", List.of(), Fault.delay(delayMs))))));
        TargetContext context = context(held, "Answer.", List.of(), options);
        ExecutorService threads = Executors.newFixedThreadPool(sessions, Calls.daemonThreads("in-flight-session"));
        try (TargetHandle handle = target.open(context)) {
            List<Future<TurnResult>> turns = new ArrayList<>();
            for (int i = 0; i < sessions; i++) {
                String session = "session-" + i;
                turns.add(threads.submit(() -> handle.runTurn("user", session, "Hello?")));
            }
            for (int i = 0; i < sessions; i++) {
                TurnResult turn = Calls.await(turns.get(i), Duration.ofSeconds(60), "session-" + i + "'s turn");
                if (!"Hello.".equals(turn.finalText())) {
                    throw new AssertionError("session-" + i + " got [" + turn.finalText() + "], expected [Hello.]");
                }
            }
        } finally {
            threads.shutdownNow();
        }
        if (proxy.requests().size() != sessions) {
            throw new AssertionError(sessions + " sessions of one model call each made " + proxy.requests().size()
                    + " requests");
        }
        return proxy.mostInFlight();
    }

    @Override
    public void close() {
        proxy.close();
        mock.close();
    }
}
