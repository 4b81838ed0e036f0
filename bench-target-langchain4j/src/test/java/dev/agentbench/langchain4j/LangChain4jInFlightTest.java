package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.testkit.WireRecorder;
import java.util.Map;
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
        assertThat(wire.mostInFlight(new LangChain4jTarget(), SESSIONS, 1000, Map.of("stream", String.valueOf(stream))))
                .isEqualTo(SESSIONS);
    }
}
