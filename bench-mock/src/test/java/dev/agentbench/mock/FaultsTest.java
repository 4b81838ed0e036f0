package dev.agentbench.mock;

import static dev.agentbench.mock.MockHttp.chat;
import static dev.agentbench.mock.MockHttp.json;
import static dev.agentbench.mock.MockHttp.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentbench.api.script.Fault;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every fault of a step, as the JDK's HttpClient sees it on the wire. */
class FaultsTest {

    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults().withHangLimit(Duration.ofMillis(300)).withScripts(List.of(
                TestScripts.fault("unavailable", Fault.status(503, "try later")),
                TestScripts.fault("limited", new Fault(429, "slow down", 3, 0, 0, false, false, false)),
                TestScripts.fault("delayed", Fault.delay(200)),
                TestScripts.fault("chunky", new Fault(0, null, 0, 0, 20, false, false, false)),
                TestScripts.fault("cut", new Fault(0, null, 0, 0, 0, true, false, false)),
                TestScripts.fault("cutslow", new Fault(0, null, 0, 0, 5, true, false, false)),
                TestScripts.fault("malformed", new Fault(0, null, 0, 0, 0, false, true, false)),
                TestScripts.fault("hang", Fault.hangs()))));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    private static String url(String script) {
        return mock.baseUrl(script) + "/chat/completions";
    }

    @Test
    void statusFaultsSendTheirStatusAndAnOpenAiErrorBody() throws Exception {
        for (boolean stream : new boolean[] {false, true}) {
            HttpResponse<String> response = post(url("unavailable"), chat(stream, false, "user"));
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
            JsonNode error = json(response.body()).path("error");
            assertThat(error.path("message").asText()).isEqualTo("try later");
            assertThat(error.path("type").asText()).isEqualTo("server_error");
        }
    }

    @Test
    void rateLimitSendsRetryAfter() throws Exception {
        HttpResponse<String> response = post(url("limited"), chat(true, true, "user"));
        assertThat(response.statusCode()).isEqualTo(429);
        assertThat(response.headers().firstValue("retry-after")).hasValue("3");
        assertThat(json(response.body()).path("error").path("code").asText()).isEqualTo("fault_injected");
    }

    @Test
    void delayedRepliesStillArriveWhole() throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = post(url("delayed"), chat(true, false, "user"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
        assertThat(MockHttp.streamedText(MockHttp.chunks(response.body()))).isEqualTo(TestScripts.TEXT);

        List<JsonNode> chunks = MockHttp.chunks(post(url("chunky"), chat(true, true, "user")).body());
        assertThat(MockHttp.streamedText(chunks)).isEqualTo(TestScripts.TEXT);
        assertThat(chunks.get(chunks.size() - 1).has("usage")).isTrue();
        assertThat(json(post(url("chunky"), chat(false, false, "user")).body())
                .path("choices").get(0).path("message").path("content").asText()).isEqualTo(TestScripts.TEXT);
    }

    @Test
    void cutOffStreamsEndWithoutTheFinalChunkAndBreakTheConnection() throws Exception {
        for (String script : List.of("cut", "cutslow")) {
            HttpResponse<InputStream> response = MockHttp.CLIENT.send(request(script, true),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(response.statusCode()).isEqualTo(200);
            StringBuilder received = new StringBuilder();
            try (InputStream body = response.body()) {
                assertThatThrownBy(() -> {
                    byte[] buffer = new byte[512];
                    int n;
                    while ((n = body.read(buffer)) >= 0) {
                        received.append(new String(buffer, 0, n, java.nio.charset.StandardCharsets.UTF_8));
                    }
                }).as(script).isInstanceOf(IOException.class);
            }
            assertThat(received.toString()).as(script).contains("\"role\":\"assistant\"")
                    .doesNotContain("finish_reason\":\"stop").doesNotContain("[DONE]");
        }
        assertThatThrownBy(() -> MockHttp.CLIENT.send(request("cut", false), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void malformedFaultSendsInvalidJson() throws Exception {
        HttpResponse<String> stream = post(url("malformed"), chat(true, false, "user"));
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThatThrownBy(() -> MockHttp.chunks(stream.body())).isInstanceOf(IOException.class);
        HttpResponse<String> plain = post(url("malformed"), chat(false, false, "user"));
        assertThatThrownBy(() -> json(plain.body())).isInstanceOf(IOException.class);
    }

    @Test
    void hangsSendHeadersThenNothingUntilTheMocksOwnBound() throws Exception {
        for (boolean stream : new boolean[] {true, false}) {
            HttpResponse<InputStream> response = MockHttp.CLIENT.send(request("hang", stream),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type"))
                    .hasValue(stream ? "text/event-stream" : "application/json");
            try (InputStream body = response.body()) {
                // The client waits up to 20 s; the mock's hang limit (300 ms) ends it first.
                assertThatThrownBy(body::readAllBytes).isInstanceOf(IOException.class);
            }
        }
        JsonNode meters = json(MockHttp.get(mock.baseUrl() + "/admin/metrics").body()).path("meters");
        assertThat(MockServerTest.count(meters, "mock.faults", "fault", "hang")).isGreaterThanOrEqualTo(2);
    }

    private static HttpRequest request(String script, boolean stream) {
        return HttpRequest.newBuilder(URI.create(url(script))).timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString(chat(stream, false, "user"))).build();
    }
}
