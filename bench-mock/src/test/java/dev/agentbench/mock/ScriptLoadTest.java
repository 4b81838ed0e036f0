package dev.agentbench.mock;

import static dev.agentbench.mock.MockHttp.chat;
import static dev.agentbench.mock.MockHttp.get;
import static dev.agentbench.mock.MockHttp.json;
import static dev.agentbench.mock.MockHttp.post;
import static dev.agentbench.mock.MockHttp.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.script.Fault;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The per-script load counters: requests in flight on every path, holds, and the admin endpoint. */
class ScriptLoadTest {

    private static final Duration HANG_LIMIT = Duration.ofSeconds(3);
    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults().withHangLimit(HANG_LIMIT));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    private static String url(String script) {
        return mock.baseUrl(script) + "/chat/completions";
    }

    /** Registers {@code script} anew, so that its counters start from zero. */
    private static String fresh(String name, Fault fault) {
        mock.register(TestScripts.fault(name, fault));
        return name;
    }

    /** Waits up to {@code within} for the script's counters to satisfy {@code until}; the last ones. */
    private static ScriptLoad await(String script, Predicate<ScriptLoad> until, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        ScriptLoad load = mock.load(script);
        while (!until.test(load) && System.nanoTime() < deadline) {
            Thread.sleep(5);
            load = mock.load(script);
        }
        return load;
    }

    private static ScriptLoad awaitIdle(String script) throws Exception {
        ScriptLoad load = await(script, l -> l.inFlight() == 0, Duration.ofSeconds(2));
        assertThat(load.inFlight()).as("in flight on [%s]: %s", script, load).isZero();
        return load;
    }

    private static HttpRequest request(String script, boolean stream) {
        return HttpRequest.newBuilder(URI.create(url(script))).timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString(chat(stream, false, "user"))).build();
    }

    /** A raw connection that sends a chat request's head and {@code bodyBytes} of its body. */
    private static Socket rawRequest(String script, int bodyBytes) throws IOException {
        byte[] body = chat(false, false, "user").getBytes(StandardCharsets.UTF_8);
        Socket socket = new Socket(mock.host(), mock.port());
        OutputStream out = socket.getOutputStream();
        out.write(("POST /s/" + script + "/v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(body, 0, Math.min(bodyBytes, body.length));
        out.flush();
        return socket;
    }

    @Test
    void concurrentHeldRequestsAreAllInFlightThenNone() throws Exception {
        String script = fresh("held", Fault.delay(300));
        int n = 8;
        List<CompletableFuture<HttpResponse<String>>> replies = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            replies.add(MockHttp.CLIENT.sendAsync(request(script, i % 2 == 0), HttpResponse.BodyHandlers.ofString()));
        }
        ScriptLoad during = await(script, l -> l.inFlight() == n, Duration.ofSeconds(5));
        assertThat(during.inFlight()).as("%s", during).isEqualTo(n);
        for (CompletableFuture<HttpResponse<String>> reply : replies) {
            assertThat(reply.get().statusCode()).isEqualTo(200);
        }
        ScriptLoad after = awaitIdle(script);
        assertThat(after.requests()).isEqualTo(n);
        assertThat(after.maxInFlight()).isEqualTo(n);
        assertThat(after.holds()).isEqualTo(n);
        assertThat(after.heldNanos()).isEqualTo(n * 300_000_000L);
        assertThat(after.lateMaxMicros()).isGreaterThanOrEqualTo(after.lateP99Micros()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aClientThatLeavesDuringTheDelayIsNoLongerInFlight() throws Exception {
        String script = fresh("left", Fault.delay(500));
        try (Socket socket = rawRequest(script, Integer.MAX_VALUE)) {
            assertThat(await(script, l -> l.inFlight() == 1, Duration.ofSeconds(5)).inFlight()).isEqualTo(1);
        }
        assertThat(awaitIdle(script).requests()).isEqualTo(1);
        // The timer still fires and counts as a hold, though there is nobody left to answer.
        ScriptLoad load = await(script, l -> l.holds() == 1, Duration.ofSeconds(5));
        assertThat(load.holds()).isEqualTo(1);
        assertThat(load.inFlight()).isZero();
    }

    @Test
    void aClientThatLeavesMidBodyIsNoLongerInFlight() throws Exception {
        String script = fresh("midbody", Fault.delay(1));
        try (Socket socket = rawRequest(script, 10)) {
            assertThat(await(script, l -> l.inFlight() == 1, Duration.ofSeconds(5)).inFlight()).isEqualTo(1);
        }
        ScriptLoad load = awaitIdle(script);
        assertThat(load.requests()).isEqualTo(1);
        assertThat(load.holds()).isZero();
    }

    @Test
    void statusFaultsCutOffsAndErrorsEndTheirRequests() throws Exception {
        String status = fresh("status", Fault.status(503, "later"));
        String cut = fresh("cut", new Fault(0, null, 0, 0, 0, true, false, false));
        String cutSlow = fresh("cutslow", new Fault(0, null, 0, 10, 2, true, false, false));
        for (boolean stream : new boolean[] {false, true}) {
            assertThat(MockHttp.CLIENT.send(request(status, stream), HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(503);
            for (String script : List.of(cut, cutSlow)) {
                assertThatThrownBy(() -> MockHttp.CLIENT.send(request(script, stream),
                        HttpResponse.BodyHandlers.ofString())).as(script).isInstanceOf(IOException.class);
            }
        }
        assertThat(awaitIdle(status).requests()).isEqualTo(2);
        assertThat(awaitIdle(cut).requests()).isEqualTo(2);
        assertThat(awaitIdle(cutSlow).requests()).isEqualTo(2);

        // Past the script's end (500) and a malformed request (400) are accepted, answered and ended.
        String text = fresh("ended", null);
        assertThat(post(url(text), chat(false, false, "user", "assistant")).statusCode()).isEqualTo(500);
        assertThat(post(url(text), "{not json").statusCode()).isEqualTo(400);
        assertThat(awaitIdle(text).requests()).isEqualTo(2);
    }

    @Test
    void aHangClosedByTheClientOrTheMockIsNoLongerInFlight() throws Exception {
        String script = fresh("hang", Fault.hangs());
        try (Socket socket = rawRequest(script, Integer.MAX_VALUE)) {
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            assertThat(head).startsWith("HTTP/1.1 200");
            assertThat(mock.load(script).inFlight()).isEqualTo(1);
        }
        // Well within the hang limit: the client's close ended it.
        assertThat(await(script, l -> l.inFlight() == 0, HANG_LIMIT.dividedBy(2)).inFlight()).isZero();

        try (Socket socket = rawRequest(script, Integer.MAX_VALUE)) {
            readHead(socket.getInputStream());
            assertThat(socket.getInputStream().read()).isEqualTo(-1);  // the mock closes it at the limit
        } catch (IOException reset) {
            // A reset is as good as an end of stream here.
        }
        assertThat(awaitIdle(script).requests()).isEqualTo(2);
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("Connection ended within the head: [" + head + "]");
            }
            head.append((char) b);
        }
        return head.toString();
    }

    @Test
    void everyDelayAndChunkDelayIsAHoldOfWhatWasAsked() throws Exception {
        String script = fresh("holds", new Fault(0, null, 0, 30, 4, false, false, false));
        HttpResponse<String> streamed = post(url(script), chat(true, true, "user"));
        int events = MockHttp.events(streamed.body()).size();
        ScriptLoad load = awaitIdle(script);
        assertThat(load.holds()).isEqualTo(1 + events);
        assertThat(load.heldNanos()).isEqualTo(30_000_000L + events * 4_000_000L);

        // Not streamed: the chunk delay does not apply, so one hold.
        assertThat(post(url(script), chat(false, false, "user")).statusCode()).isEqualTo(200);
        load = awaitIdle(script);
        assertThat(load.holds()).isEqualTo(2 + events);
        assertThat(load.heldNanos()).isEqualTo(60_000_000L + events * 4_000_000L);
        assertThat(load.maxInFlight()).isEqualTo(1);
        assertThat(load.lateMaxMicros()).isGreaterThanOrEqualTo(load.lateP99Micros());
    }

    @Test
    void adminServesTheCountersResetsThemOnRegisteringAndKnowsNoStranger() throws Exception {
        String script = fresh("admin-load", Fault.delay(5));
        String loadUrl = mock.baseUrl() + "/admin/scripts/" + script + "/load";
        assertThat(post(url(script), chat(false, false, "user")).statusCode()).isEqualTo(200);
        awaitIdle(script);

        HttpResponse<String> response = get(loadUrl);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode load = json(response.body());
        List<String> fields = new ArrayList<>();
        load.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("requests", "inFlight", "maxInFlight", "holds", "heldNanos",
                "lateMaxMicros", "lateP99Micros", "lateTotalMicros", "served", "serveMedianNanos", "serveP99Nanos",
                "serveTotalNanos");
        load.forEach(value -> assertThat(value.isIntegralNumber()).as(response.body()).isTrue());
        assertThat(load.path("requests").asLong()).isEqualTo(1);
        assertThat(load.path("inFlight").asLong()).isZero();
        assertThat(load.path("maxInFlight").asLong()).isEqualTo(1);
        assertThat(load.path("holds").asLong()).isEqualTo(1);
        assertThat(load.path("heldNanos").asLong()).isEqualTo(5_000_000L);
        assertThat(load.path("lateMaxMicros").asLong()).isGreaterThanOrEqualTo(load.path("lateP99Micros").asLong());

        // PUT again: the same script, new counters.
        String body = new ObjectMapper().writeValueAsString(TestScripts.fault(script, Fault.delay(5)));
        assertThat(send("PUT", mock.baseUrl() + "/admin/scripts/" + script, body).statusCode()).isEqualTo(204);
        assertThat(json(get(loadUrl).body()).toString()).isEqualTo("{\"requests\":0,\"inFlight\":0,\"maxInFlight\":0,"
                + "\"holds\":0,\"heldNanos\":0,\"lateMaxMicros\":0,\"lateP99Micros\":0,\"lateTotalMicros\":0,"
                + "\"served\":0,\"serveMedianNanos\":0,\"serveP99Nanos\":0,\"serveTotalNanos\":0}");
        assertThat(mock.load(script)).isEqualTo(new ScriptLoad(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));

        HttpResponse<String> unknown = get(mock.baseUrl() + "/admin/scripts/nobody/load");
        assertThat(unknown.statusCode()).isEqualTo(404);
        JsonNode error = json(unknown.body()).path("error");
        assertThat(error.path("message").asText()).isEqualTo("Unknown script [nobody]");
        assertThat(error.path("code").asText()).isEqualTo("unknown_script");
        assertThat(error.path("type").asText()).isEqualTo("not_found_error");
        assertThat(mock.load("nobody")).isNull();
    }
}
