package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing in LangChain4j or its JDK HTTP client holds model calls back: 32 sessions each waiting for
 * a slow reply have all 32 calls in flight at once, streamed or not, counted by a recording proxy
 * in front of the real mock. See "Under model latency" in docs/targets/langchain4j.md.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class LangChain4jInFlightTest {

    /** More than OkHttp's 5 per host, which holds ADK back, and than 8, the contract kit's concurrency. */
    private static final int SESSIONS = 32;

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void everySessionsModelCallIsInFlightAtOnce(boolean stream) throws Exception {
        Script slow = new Script("slow_" + stream, List.of(new ScriptTurn("Hello?",
                List.of(new Step("Hello.", List.of(), Fault.delay(1000))))));
        TargetContext context = wire.context(slow, "Answer.", List.of(), Map.of("stream", String.valueOf(stream)));
        ExecutorService sessions = Executors.newFixedThreadPool(SESSIONS);
        try (TargetHandle handle = new LangChain4jTarget().open(context)) {
            List<Future<TurnResult>> turns = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                String session = "session-" + i;
                turns.add(sessions.submit(() -> handle.runTurn("user", session, "Hello?")));
            }
            for (Future<TurnResult> turn : turns) {
                assertThat(turn.get(60, TimeUnit.SECONDS).finalText()).isEqualTo("Hello.");
            }
        } finally {
            sessions.shutdownNow();
        }
        assertThat(wire.proxy().requests()).hasSize(SESSIONS);
        assertThat(wire.proxy().mostInFlight()).isEqualTo(SESSIONS);
    }
}
