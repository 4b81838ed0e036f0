package dev.agentbench.testkit.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.builtin.benchmark.AgentStepBenchmark;
import dev.agentbench.builtin.benchmark.HistoryBenchmark;
import dev.agentbench.builtin.benchmark.ReplyBenchmark;
import dev.agentbench.builtin.benchmark.ToolsetBenchmark;
import dev.agentbench.builtin.target.RawTarget;
import dev.agentbench.builtin.wire.WireTarget;
import dev.agentbench.testkit.MockProcess;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The generated workloads against the real mock, which checks that every request carries the whole
 * history and every tool: the floors pass all four benchmarks, streamed and not, and a client that
 * sends only the last message of its history fails on the first iteration with what it lacks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkloadChecksTest {

    private MockProcess mock;

    @BeforeAll
    void start() throws IOException {
        mock = MockProcess.start();
    }

    @AfterAll
    void stop() {
        mock.close();
    }

    /** The four benchmarks at small values, and at values that make requests large. */
    private static List<Benchmark> benchmarks() {
        return List.of(
                new HistoryBenchmark().with(Map.of("history", "3")),
                new HistoryBenchmark().with(Map.of("history", "64")),
                new ToolsetBenchmark().with(Map.of("tools", "5")),
                new ToolsetBenchmark().with(Map.of("tools", "128")),
                new ReplyBenchmark().with(Map.of("tokens", "32", "stream", "false")),
                new ReplyBenchmark().with(Map.of("tokens", "2048", "stream", "true")),
                new AgentStepBenchmark().with(Map.of("system", "1024", "tools", "5", "history", "3", "result", "512",
                        "calls", "2", "tokens", "40")),
                new AgentStepBenchmark());
    }

    private TargetHandle open(BenchTarget target, Benchmark benchmark, boolean stream) throws Exception {
        mock.register(benchmark.script());
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(benchmark.script().name())), "key",
                "agentbench-mock", benchmark.instructions(), benchmark.tools(), benchmark.script(),
                Map.of("stream", String.valueOf(stream)));
        return target.open(context);
    }

    /** One iteration as the harness runs it: the untimed preparation, then the timed session. */
    private static void iteration(Benchmark benchmark, TargetHandle handle, String session) throws Exception {
        benchmark.prepareSession(handle, "user", session);
        benchmark.runSession(handle, "user", session);
        handle.deleteSession("user", session);
    }

    @Test
    void theFloorsPassEveryCheckOfTheFourBenchmarksStreamedAndNot() throws Exception {
        List<Supplier<BenchTarget>> targets = List.of(WireTarget::new, RawTarget::new);
        for (Supplier<BenchTarget> target : targets) {
            for (Benchmark benchmark : benchmarks()) {
                for (boolean stream : new boolean[] {false, true}) {
                    try (TargetHandle handle = open(target.get(), benchmark, stream)) {
                        iteration(benchmark, handle, "session-1");
                        iteration(benchmark, handle, "session-2");
                    } catch (Exception | AssertionError e) {
                        throw new AssertionError(target.get().name() + " (stream=" + stream + ") on ["
                                + benchmark.script().name() + "]: " + e.getMessage(), e);
                    }
                }
            }
        }
    }

    @Test
    void aClientThatSendsOnlyTheLastMessageFailsTheFirstIterationOfHistoryWithWhatItLacks() throws Exception {
        for (String history : List.of("1", "16")) {
            Benchmark benchmark = new HistoryBenchmark().with(Map.of("history", history));
            try (TargetHandle handle = new Forgetful(open(new WireTarget(), benchmark, false))) {
                assertThatThrownBy(() -> iteration(benchmark, handle, "session-1"))
                        .isInstanceOf(IOException.class)
                        .hasMessageStartingWith("The model answered HTTP 400: ")
                        .hasMessageContaining("turn 2: the request carries 1 user message of 2 (1 earlier turn missing)")
                        .hasMessageContaining("\"code\":\"request_incomplete\"");
            }
        }
    }

    @Test
    void aClientThatLosesHistoryOnlyAtTheTimedTurnIsToldHowManyTurnsAreMissing() throws Exception {
        Benchmark benchmark = new HistoryBenchmark().with(Map.of("history", "16"));
        try (TargetHandle handle = open(new RawTarget(), benchmark, false)) {
            benchmark.prepareSession(handle, "user", "session-1");
            handle.deleteSession("user", "session-1");
            assertThatThrownBy(() -> benchmark.runSession(handle, "user", "session-1"))
                    .hasMessageContaining("turn 17: the request carries 1 user message of 17 (16 earlier turns missing)");
        }
    }

    /** A framework with a memory of one turn: it forgets the session before every turn. */
    private static final class Forgetful implements TargetHandle {
        private final TargetHandle delegate;

        Forgetful(TargetHandle delegate) {
            this.delegate = delegate;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            delegate.deleteSession(userId, sessionId);
            return delegate.runTurn(userId, sessionId, message);
        }

        @Override
        public void deleteSession(String userId, String sessionId) throws Exception {
            delegate.deleteSession(userId, sessionId);
        }

        @Override
        public void close() throws Exception {
            delegate.close();
        }
    }
}
