package dev.agentbench.agentscope;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.testkit.WireRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;

/**
 * How many model calls AgentScope lets be in flight at once, counted by a recording proxy in front of
 * the real mock (docs/targets/agentscope.md, "Under model latency"). A proxy of its own: the many
 * connections these tests open stay in the JVM-wide JDK client's pool, keyed by the proxy's address,
 * where {@link AgentScopeWireTest}'s connection checks would otherwise meet them.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class AgentScopeLoadTest {

    private static final String INSTRUCTIONS = "You are a helpful assistant.";

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    /**
     * The most model calls in flight when {@code count} sessions each make one that the mock answers
     * after {@code delayMs}.
     */
    private static int inFlight(int count, long delayMs, Map<String, String> options) throws Exception {
        Script slow = new Script("wire_load", List.of(new ScriptTurn("Hello?",
                List.of(new Step("Hello.", List.of(), Fault.delay(delayMs))))));
        TargetContext context = wire.context(slow, INSTRUCTIONS, List.of(), options);
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try (TargetHandle handle = new AgentScopeTarget().open(context)) {
            List<Future<String>> replies = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String session = "s" + i;
                replies.add(pool.submit(() -> handle.runTurn("u" + session, session, "Hello?").finalText()));
            }
            for (Future<String> reply : replies) {
                assertThat(reply.get(60, TimeUnit.SECONDS)).isEqualTo("Hello.");
            }
        } finally {
            pool.shutdownNow();
        }
        return wire.proxy().mostInFlight();
    }

    /**
     * Without streaming, AgentScope's {@code OpenAIChatModel} blocks a thread of Reactor's shared
     * {@code boundedElastic()} for each model call, and Reactor caps that scheduler (ten threads per
     * core): twelve sessions more than the cap make no more calls at once than the cap (the proxy counts
     * a call until it has written the reply, so one more may show). With {@code
     * bounded_elastic_threads} above the sessions, every session's call is in flight at once.
     */
    @Test
    void withoutStreamingModelCallsInFlightAreCappedByReactorsBoundedElasticThreads() throws Exception {
        int cap = Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE;
        int sessions = cap + 12;
        assertThat(inFlight(sessions, 1000, Map.of())).isBetween(2, cap + 1);
        assertThat(inFlight(sessions, 1000, Map.of("bounded_elastic_threads", String.valueOf(2 * sessions))))
                .isEqualTo(sessions);
        // The cap is Reactor's again once the handle is closed.
        assertThat(inFlight(sessions, 1000, Map.of())).isBetween(2, cap + 1);
    }

    /** Streamed, a model call holds no thread while the mock waits: every session's call is in flight at once. */
    @Test
    void streamedModelCallsAreNotCappedByBoundedElastic() throws Exception {
        int sessions = Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE + 12;
        assertThat(inFlight(sessions, 1000, Map.of("stream", "true"))).isEqualTo(sessions);
    }
}
