package dev.agentbench.llmagent;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.adk.models.chat.ChatCompletionsHttpClient;
import com.google.genai.types.HttpOptions;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.testkit.WireRecorder;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import okhttp3.Dispatcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How many model calls ADK lets be in flight at once, counted by a recording proxy in front of the
 * real mock while 16 sessions each wait for a slow reply: 5 as ADK ships (OkHttp's dispatcher
 * limit per host), all 16 with {@code max_requests_per_host} and {@code max_requests} raised. See
 * "Under model latency" in docs/targets/llmagent.md.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class AdkInFlightTest {

    private static final int SESSIONS = 16;

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    /** Runs one turn in each of {@link #SESSIONS} sessions at once and returns the most calls in flight. */
    private static int mostInFlight(boolean stream, Map<String, String> limits) throws Exception {
        Map<String, String> options = new HashMap<>(limits);
        options.put("stream", String.valueOf(stream));
        return wire.mostInFlight(new LlmAgentTarget(), SESSIONS, 500, options);
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void asShippedAtMostFiveModelCallsAreInFlight(boolean stream) throws Exception {
        // The proxy counts a call until it has written the reply; the dispatcher frees the slot when
        // the client has read it, a moment earlier, so the count can exceed the limit by one.
        assertThat(mostInFlight(stream, Map.of())).isBetween(5, 6);
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void withTheLimitsRaisedEverySessionsCallIsInFlightAtOnce(boolean stream) throws Exception {
        assertThat(mostInFlight(stream, Map.of(LlmAgentOptions.MAX_REQUESTS_PER_HOST, "256",
                LlmAgentOptions.MAX_REQUESTS, "256"))).isEqualTo(SESSIONS);
    }

    @Test
    void theLimitsAreOkHttpsDefaultsUntilTheOptionsSetThem() {
        HttpOptions http = HttpOptions.builder().baseUrl("http://127.0.0.1:1/v1").build();
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            ChatCompletionsHttpClient client = new ChatCompletionsHttpClient(http, threads);
            Dispatcher dispatcher = AdkDispatcher.of(client);
            assertThat(dispatcher.getMaxRequestsPerHost()).isEqualTo(5);
            assertThat(dispatcher.getMaxRequests()).isEqualTo(64);
            AdkDispatcher.limit(client, java.util.OptionalInt.of(300), java.util.OptionalInt.empty());
            assertThat(dispatcher.getMaxRequestsPerHost()).isEqualTo(300);
            assertThat(dispatcher.getMaxRequests()).isEqualTo(64);
            AdkDispatcher.limit(client, java.util.OptionalInt.empty(), java.util.OptionalInt.of(400));
            assertThat(dispatcher.getMaxRequests()).isEqualTo(400);
        } finally {
            threads.shutdownNow();
        }
    }
}
