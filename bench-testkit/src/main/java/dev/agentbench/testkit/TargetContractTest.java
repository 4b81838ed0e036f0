package dev.agentbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.StreamTag;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract every agentbench target passes: the checks the harness makes on every iteration,
 * made once per built-in benchmark against the real mock, plus what a user would notice beyond
 * them (session deletion, failures from the model, concurrent sessions).
 *
 * <h2>Use</h2>
 *
 * <p>Depend on the kit in test scope and extend this class with your target; that is all:
 *
 * <pre>{@code
 * <dependency>
 *   <groupId>dev.agentbench</groupId>
 *   <artifactId>bench-testkit</artifactId>
 *   <version>${agentbench.version}</version>
 *   <scope>test</scope>
 * </dependency>
 *
 * class MyTargetContractTest extends TargetContractTest {
 *     @Override
 *     protected BenchTarget target() {
 *         return new MyTarget();
 *     }
 * }
 * }</pre>
 *
 * <p>Override {@link #targetOptions()} to run the contract with options (a second subclass with
 * {@code stream=true}, say). JUnit Jupiter must be the test engine; the kit brings the mock and the
 * built-in suite with it.
 *
 * <h2>What it checks</h2>
 *
 * <ul>
 *   <li>the target is registered in {@code META-INF/services/dev.agentbench.api.BenchTarget} under
 *       a valid name, with a description;
 *   <li>each built-in session benchmark ({@link #BUILT_IN_BENCHMARKS} and any later one) plays once through its own {@code
 *       prepareSession} and {@code runSession} against the real mock (a benchmark with parameters at their first
 *       defaults; the mock checks that each request of the generated workloads carries the whole history and every
 *       tool); every turn reported must be completed with the scripted
 *       text, report the scripted tool calls in order with their ids, names and arguments, and
 *       exactly one non-error result per call, carrying what the tool returned;
 *   <li>{@code deleteSession} forgets a session: turn 1 replayed in a deleted session is answered
 *       as a fresh session's turn 1, and other sessions keep their history;
 *   <li>an HTTP 500 from the model and a reply cut off mid-way make {@code runTurn} throw, never
 *       return a turn;
 *   <li>{@link #CONCURRENT_SESSIONS} sessions at once on one handle each get their exact replies;
 *   <li>a target that streams ({@link #streams()}: its {@code stream} option is {@code true}) hands
 *       the pieces of a slowly streamed reply to the {@link StreamObserver} of {@code runTurn} as the
 *       chunks arrive: its first piece well before the turn ends, and the pieces together are the
 *       reply's text. A target that says it cannot ({@link NotApplicableException}) skips the check.
 * </ul>
 *
 * <p>The mock runs in a JVM of its own for the test class, as the harness runs it, on a free
 * loopback port ({@link MockProcess}): none of its libraries (Vert.x, Netty, its Jackson) is loaded
 * in the test JVM, where they could meet the framework's. When the mock cannot be reached, the
 * failure says whether its process is still running and where its log is. The process is gone
 * when the test class ends. Every call into the target is bounded by {@link #callTimeout()}.
 *
 * <p>Stability: experimental in 0.x; checks may be added.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
public abstract class TargetContractTest {

    /**
     * The built-in session benchmarks every target must pass, in report order. Session benchmarks
     * added to bench-builtin later are played too, after these.
     */
    public static final List<String> BUILT_IN_BENCHMARKS =
            List.of("turn1", "turn5", "turn10", "loop1", "loop5", "loop10", "tools", "tools_parallel");

    /** How many sessions the concurrency checks run at once on one handle. */
    public static final int CONCURRENT_SESSIONS = 8;

    /** The placeholder API key targets are given, as the harness gives it. */
    public static final String API_KEY = "agentbench";

    /** The model name targets are given, as the harness gives it. */
    public static final String MODEL = "agentbench-mock";

    private static final String BUILT_IN_PACKAGE = "dev.agentbench.builtin.";
    private static final Pattern TARGET_NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final String INSTRUCTIONS = "You are a helpful assistant. Use the tools when they help.";

    private MockProcess mock;
    private Map<String, Benchmark> benchmarks;

    /** The target under test; called once per check, so return a fresh instance. */
    protected abstract BenchTarget target();

    /** The target options every check opens the target with; none by default. */
    protected Map<String, String> targetOptions() {
        return Map.of();
    }

    /**
     * Whether the target talks to the model over HTTP. A calibration target that answers from the
     * script returns {@code false}, which skips the checks of faults on the wire (a reply cut off
     * mid-way); an HTTP error status is still checked, from the script.
     */
    protected boolean callsTheModel() {
        return true;
    }

    /**
     * Whether the target claims to stream with the options of {@link #targetOptions()}: its {@code
     * stream} option is {@code true}. Such a target is checked to deliver pieces as chunks arrive.
     */
    protected boolean streams() {
        return "true".equals(targetOptions().get("stream"));
    }

    /** The longest any single call into the target may take before the check fails. */
    protected Duration callTimeout() {
        return Duration.ofSeconds(60);
    }

    @BeforeAll
    final void startMock() throws Exception {
        mock = MockProcess.start();
        Map<String, Benchmark> found = new TreeMap<>();
        for (Benchmark benchmark : ServiceLoader.load(Benchmark.class, TargetContractTest.class.getClassLoader())) {
            found.put(benchmark.name(), benchmark);
        }
        benchmarks = found;
    }

    @AfterAll
    final void stopMock() {
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    public void isRegisteredAsAServiceWithAValidName() {
        BenchTarget target = target();
        String name = target.name();
        assertTrue(name != null && TARGET_NAME.matcher(name).matches(),
                "Target name [" + name + "] must match " + TARGET_NAME);
        assertFalse(target.description() == null || target.description().isBlank(),
                "Target [" + name + "] has no description");
        List<String> registered = new ArrayList<>();
        for (BenchTarget provider : ServiceLoader.load(BenchTarget.class, target.getClass().getClassLoader())) {
            registered.add(provider.name());
            if (provider.getClass() == target.getClass()) {
                assertEquals(name, provider.name(), "The registered instance of " + target.getClass().getName()
                        + " has another name");
                return;
            }
        }
        fail(target.getClass().getName() + " is not listed in META-INF/services/" + BenchTarget.class.getName()
                + "; registered targets: " + registered);
    }

    /**
     * One dynamic test per built-in session benchmark: {@link #BUILT_IN_BENCHMARKS}, which must all
     * be there, then any other session benchmark bench-builtin has; each plays its session once
     * and every turn is checked.
     */
    @TestFactory
    public Stream<DynamicTest> playsEveryBuiltInBenchmark() {
        List<Benchmark> toPlay = new ArrayList<>();
        BUILT_IN_BENCHMARKS.forEach(name -> toPlay.add(benchmark(name)));
        benchmarks.values().stream()
                .filter(b -> b.getClass().getName().startsWith(BUILT_IN_PACKAGE) && plays(b.kind()))
                .filter(b -> !BUILT_IN_BENCHMARKS.contains(b.name()))
                .forEach(toPlay::add);
        return toPlay.stream().map(benchmark -> dynamicTest(benchmark.name(), () -> playOnce(benchmark)));
    }

    @Test
    public void aDeletedSessionStartsAfresh() throws Exception {
        Script script = benchmark("turn5").script();
        TurnChecks checks = new TurnChecks(script, List.of());
        try (TargetHandle handle = open(script, List.of())) {
            checks.verify(0, turn(handle, "user-1", "session-1", script, 0));
            checks.verify(1, turn(handle, "user-1", "session-1", script, 1));
            delete(handle, "user-1", "session-1");
            // A target that still held the session would send three user messages now, and the mock
            // would answer with the script's third reply.
            checks.verify(0, turn(handle, "user-1", "session-1", script, 0),
                    "turn 1 replayed after deleteSession must be answered as a fresh session's turn 1");
            delete(handle, "user-1", "session-1");
        }
    }

    @Test
    public void deletingASessionKeepsTheOthers() throws Exception {
        Script script = benchmark("turn5").script();
        TurnChecks checks = new TurnChecks(script, List.of());
        try (TargetHandle handle = open(script, List.of())) {
            checks.verify(0, turn(handle, "user-1", "session-1", script, 0));
            checks.verify(0, turn(handle, "user-2", "session-2", script, 0));
            delete(handle, "user-1", "session-1");
            checks.verify(1, turn(handle, "user-2", "session-2", script, 1),
                    "a session must keep its history when another session is deleted");
            delete(handle, "user-2", "session-2");
        }
    }

    @Test
    public void anHttpErrorFromTheModelFailsTheTurn() throws Exception {
        expectFailure(FaultScripts.serverError(), "the model answered HTTP 500");
    }

    @Test
    public void aReplyCutOffMidwayFailsTheTurn() throws Exception {
        assumeTrue(callsTheModel(), "the target does not call the model over HTTP");
        expectFailure(FaultScripts.cutOff(), "the model's reply was cut off before its end");
    }

    @Test
    public void aStreamingTargetDeliversPiecesAsTheChunksArrive() throws Exception {
        assumeTrue(streams(), "the target does not claim to stream (its stream option is not true)");
        Script script = FaultScripts.slowStream();
        String expected = script.turns().get(0).finalText();
        List<long[]> pieces = new java.util.concurrent.CopyOnWriteArrayList<>();
        StringBuilder text = new StringBuilder();
        StreamObserver observer = piece -> {
            pieces.add(new long[] {System.nanoTime()});
            synchronized (text) {
                text.append(piece);
            }
        };
        long returned;
        try (TargetHandle handle = open(script, List.of())) {
            try {
                TurnResult result = Calls.within(callTimeout(), "runTurn with a stream observer",
                        () -> handle.runTurn("user-1", "session-1",
                                StreamTag.tagged(script.turns().get(0).user(), "session-1"), observer));
                returned = System.nanoTime();
                assertEquals(expected, result.finalText(), "the streamed turn's final text");
            } catch (NotApplicableException reason) {
                assumeTrue(false, "the target cannot stream: " + reason.getMessage());
                return;
            }
            delete(handle, "user-1", "session-1");
        }
        assertFalse(pieces.isEmpty(), "a target that streams handed the observer no piece: it must call"
                + " StreamObserver.text from its framework's streaming callback (see docs/plugin-guide.md)");
        long earlyMillis = (returned - pieces.get(0)[0]) / 1_000_000;
        assertTrue(earlyMillis >= FaultScripts.SLOW_CHUNK_MS, "the first piece came " + earlyMillis + " ms before"
                + " runTurn returned, though the mock waited " + FaultScripts.SLOW_CHUNK_MS + " ms before each later"
                + " chunk: the target buffers the stream and hands it over at the end");
        assertEquals(expected, text.toString(), "the pieces handed to the observer, joined, must be the reply's text");
    }

    /** Sessions at once on one handle: text turns, and parallel tool calls. */
    @TestFactory
    public Stream<DynamicTest> concurrentSessionsGetTheirOwnReplies() {
        return Stream.of("turn5", "tools_parallel").map(name -> dynamicTest(
                name + " x" + CONCURRENT_SESSIONS, () -> playConcurrently(benchmark(name))));
    }

    /** Whether a benchmark of {@code kind} plays sessions: SESSIONS, and LOAD (whose turns are sessions too). */
    private static boolean plays(BenchmarkKind kind) {
        return kind == BenchmarkKind.SESSIONS || kind == BenchmarkKind.LOAD;
    }

    private void playOnce(Benchmark benchmark) throws Exception {
        assertTrue(plays(benchmark.kind()), "benchmark [" + benchmark.name() + "] is of kind [" + benchmark.kind()
                + "], which plays no session of its own");
        TurnChecks checks = new TurnChecks(benchmark.script(), benchmark.tools());
        try (TargetHandle handle = open(benchmark.script(), benchmark.tools(), benchmark.instructions())) {
            RecordingHandle recorder = new RecordingHandle(handle);
            Calls.within(callTimeout(), "prepareSession and runSession of [" + benchmark.name() + "]", () -> {
                benchmark.prepareSession(recorder, "user-1", "session-1");
                benchmark.runSession(recorder, "user-1", "session-1");
                return null;
            });
            checks.verifySession(recorder.results("session-1"));
            delete(handle, "user-1", "session-1");
        }
    }

    private void playConcurrently(Benchmark benchmark) throws Exception {
        TurnChecks checks = new TurnChecks(benchmark.script(), benchmark.tools());
        ExecutorService pool = Executors.newFixedThreadPool(CONCURRENT_SESSIONS, Calls.daemonThreads("contract-session"));
        try (TargetHandle handle = open(benchmark.script(), benchmark.tools(), benchmark.instructions())) {
            RecordingHandle recorder = new RecordingHandle(handle);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> sessions = new ArrayList<>();
            for (int i = 1; i <= CONCURRENT_SESSIONS; i++) {
                String user = "user-" + i;
                String session = "session-" + i;
                sessions.add(pool.submit(() -> {
                    start.await();
                    benchmark.prepareSession(recorder, user, session);
                    benchmark.runSession(recorder, user, session);
                    return null;
                }));
            }
            start.countDown();
            for (int i = 0; i < sessions.size(); i++) {
                Calls.await(sessions.get(i), callTimeout(), "session-" + (i + 1) + " of " + CONCURRENT_SESSIONS
                        + " concurrent [" + benchmark.name() + "] sessions");
            }
            for (int i = 1; i <= CONCURRENT_SESSIONS; i++) {
                checks.verifySession(recorder.results("session-" + i), "session-" + i + " of " + CONCURRENT_SESSIONS);
                delete(handle, "user-" + i, "session-" + i);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void expectFailure(Script script, String what) throws Exception {
        try (TargetHandle handle = open(script, List.of())) {
            TurnResult result;
            try {
                result = Calls.within(callTimeout(), "runTurn when " + what,
                        () -> handle.runTurn("user-1", "session-1", script.turns().get(0).user()));
            } catch (AssertionError timedOut) {
                throw timedOut;
            } catch (Exception expected) {
                return;
            }
            fail("runTurn returned a turn when " + what + " (completed=" + result.completed() + ", text=["
                    + result.finalText() + "]); a target must throw instead, so that the cell fails");
        }
    }

    private TurnResult turn(TargetHandle handle, String user, String session, Script script, int turn)
            throws Exception {
        return Calls.within(callTimeout(), "runTurn of turn " + (turn + 1) + " in [" + session + "]",
                () -> handle.runTurn(user, session, script.turns().get(turn).user()));
    }

    private void delete(TargetHandle handle, String user, String session) throws Exception {
        Calls.within(callTimeout(), "deleteSession of [" + session + "]", () -> {
            handle.deleteSession(user, session);
            return null;
        });
    }

    private TargetHandle open(Script script, List<ToolDefinition> tools) throws Exception {
        return open(script, tools, INSTRUCTIONS);
    }

    /** Registers the script with the mock and opens the target against it. */
    private TargetHandle open(Script script, List<ToolDefinition> tools, String instructions) throws Exception {
        mock.register(script);
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(script.name())), API_KEY, MODEL,
                instructions, tools, script, targetOptions());
        BenchTarget target = target();
        return Calls.within(callTimeout(), "open of target [" + target.name() + "]", () -> target.open(context));
    }

    private Benchmark benchmark(String name) {
        Benchmark benchmark = benchmarks.get(name);
        if (benchmark == null) {
            fail("Built-in benchmark [" + name + "] is not on the class path (ServiceLoader found "
                    + benchmarks.keySet() + "); the kit needs dev.agentbench:bench-builtin");
        }
        return benchmark;
    }
}
