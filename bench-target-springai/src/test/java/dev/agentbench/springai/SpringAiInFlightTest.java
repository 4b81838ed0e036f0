package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClientAsync;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.testkit.WireRecorder;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import okhttp3.Dispatcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.openai.setup.OpenAiSetup;

/**
 * How many model calls Spring AI lets be in flight at once, counted by a recording proxy in front
 * of the real mock while many sessions each wait for a slow reply. Streamed calls go through an
 * OkHttp dispatcher that Spring AI limits to 64 (per host and in all); {@code call()} is held back
 * by nothing. See "Under model latency" in docs/targets/springai.md.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class SpringAiInFlightTest {

    /** More sessions than the dispatcher's 64. */
    private static final int SESSIONS = 72;

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    /** Runs one turn in each of {@code sessions} sessions at once and returns the most calls in flight. */
    private static int mostInFlight(int sessions, long delayMs, boolean stream, Map<String, String> limits)
            throws Exception {
        Map<String, String> options = new HashMap<>(limits);
        options.put("stream", String.valueOf(stream));
        return wire.mostInFlight(new SpringAiTarget(), sessions, delayMs, options);
    }

    @Test
    void asShippedAtMostSixtyFourStreamedModelCallsAreInFlight() throws Exception {
        // The proxy counts a call until it has written the reply; the dispatcher frees the slot when
        // the client has the response, a moment earlier, so the count can exceed the limit by one.
        assertThat(mostInFlight(SESSIONS, 3000, true, Map.of())).isBetween(64, 65);
    }

    @Test
    void withTheLimitsRaisedMoreThanSixtyFourStreamedModelCallsAreInFlight() throws Exception {
        assertThat(mostInFlight(SESSIONS, 3000, true, Map.of(SpringAiOptions.MAX_REQUESTS_PER_HOST, "256",
                SpringAiOptions.MAX_REQUESTS, "256"))).isGreaterThan(66);
    }

    @Test
    void theLimitsHoldStreamedCallsBackToTheValueGiven() throws Exception {
        assertThat(mostInFlight(16, 500, true, Map.of(SpringAiOptions.MAX_REQUESTS_PER_HOST, "4"))).isBetween(4, 5);
    }

    @Test
    void theLimitsDoNotApplyToCall() throws Exception {
        assertThat(mostInFlight(16, 500, false, Map.of(SpringAiOptions.MAX_REQUESTS_PER_HOST, "4",
                SpringAiOptions.MAX_REQUESTS, "4"))).isEqualTo(16);
    }

    @Test
    void springAiRaisesThePerHostLimitToOkHttpsSixtyFourInAllAndTheOptionsSetBoth() {
        OpenAIClientAsync client = OpenAiSetup.setupAsyncClient("http://127.0.0.1:1/v1", "k", null, null, null, null,
                false, false, "m", Duration.ofSeconds(60), 0, null, null, ObservationRegistry.NOOP, null, List.of());
        try {
            Dispatcher dispatcher = SpringAiDispatcher.of(client);
            assertThat(dispatcher.getMaxRequests()).isEqualTo(64);
            assertThat(dispatcher.getMaxRequestsPerHost()).isEqualTo(64);
            SpringAiDispatcher.limit(client, OptionalInt.of(300), OptionalInt.empty());
            assertThat(dispatcher.getMaxRequestsPerHost()).isEqualTo(300);
            assertThat(dispatcher.getMaxRequests()).isEqualTo(64);
            SpringAiDispatcher.limit(client, OptionalInt.empty(), OptionalInt.of(400));
            assertThat(dispatcher.getMaxRequests()).isEqualTo(400);
        } finally {
            client.close();
        }
    }
}
