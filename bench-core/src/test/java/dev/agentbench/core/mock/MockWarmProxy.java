package dev.agentbench.core.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agentbench.api.script.Script;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A recording proxy in front of the real mock, for the warm-up's tests: records the position and
 * stream mode of every chat request, checks that it carries what a real client sends (the scripted
 * tool-call ids, a tool result for each, usage asked for when streaming), records the admin calls,
 * counts requests in flight, and can answer every chat request with an error status, wait before
 * forwarding, hide the mock's metrics, or serve a timer of its own that says every request took
 * exactly 10 µs (a perfectly steady mock, whatever else runs on the machine).
 */
final class MockWarmProxy implements AutoCloseable {

    /** A chat request seen: the script's name in the path, the position from 0, the stream mode. */
    record Seen(String script, int turn, int step, boolean stream) {}

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String CHAT = "/v1/chat/completions";

    final Set<Seen> seen = ConcurrentHashMap.newKeySet();
    final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    final List<String> admin = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger maxInFlight = new AtomicInteger();
    volatile int failWith;
    volatile long delayMillis;
    volatile boolean hideMetrics;
    volatile boolean steadyMetrics;

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger answered = new AtomicInteger();
    private final URI target;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(16);
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private MockWarmProxy(URI target) throws IOException {
        this.target = target;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /** A proxy to the mock at {@code target}, for example {@code http://127.0.0.1:41234}. */
    static MockWarmProxy to(String target) throws IOException {
        return new MockWarmProxy(URI.create(target));
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (path.startsWith("/admin/scripts/")) {
                admin.add(method + " " + path.substring("/admin/scripts/".length()));
            }
            if (hideMetrics && path.equals("/admin/metrics")) {
                reply(exchange, 404, "application/json", "{\"error\":{\"message\":\"no metrics here\"}}");
                return;
            }
            if (steadyMetrics && path.equals("/admin/metrics")) {
                int count = answered.get();
                reply(exchange, 200, "application/json", "{\"meters\":[{\"name\":\"mock.latency\",\"tags\":{},"
                        + "\"measurements\":{\"COUNT\":" + count + ",\"TOTAL_TIME_SECONDS\":" + count * 1e-5 + "}}]}");
                return;
            }
            if (!path.endsWith(CHAT)) {
                forward(exchange, method, body);
                return;
            }
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                record(path.substring("/s/".length(), path.length() - CHAT.length()), body);
                if (delayMillis > 0) {
                    Thread.sleep(delayMillis);
                }
                if (failWith != 0) {
                    reply(exchange, failWith, "application/json",
                            "{\"error\":{\"message\":\"the proxy refuses\",\"type\":\"server_error\"}}");
                } else {
                    forward(exchange, method, body);
                    answered.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    /** Records the request's position and checks its history as a real client would have sent it. */
    private void record(String script, byte[] body) throws IOException {
        JsonNode request = MAPPER.readTree(body);
        boolean stream = request.path("stream").asBoolean(false);
        if (stream != request.path("stream_options").path("include_usage").asBoolean(false)) {
            problems.add(script + ": stream [" + stream + "] without include_usage to match");
        }
        int users = 0;
        int assistants = 0;
        List<String> pendingIds = new ArrayList<>();
        for (JsonNode message : request.path("messages")) {
            switch (message.path("role").asText()) {
                case "user" -> {
                    users++;
                    assistants = 0;
                }
                case "assistant" -> {
                    if (!pendingIds.isEmpty()) {
                        problems.add(script + ": tool calls " + pendingIds + " got no result");
                    }
                    int index = 0;
                    for (JsonNode call : message.path("tool_calls")) {
                        String expected = Script.toolCallId(users - 1, assistants, index++);
                        if (!expected.equals(call.path("id").asText())) {
                            problems.add(script + ": tool call id [" + call.path("id").asText() + "], expected ["
                                    + expected + "]");
                        }
                        pendingIds.add(call.path("id").asText());
                    }
                    assistants++;
                }
                case "tool" -> {
                    if (!pendingIds.remove(message.path("tool_call_id").asText())) {
                        problems.add(script + ": tool result for an unknown call [" + message.path("tool_call_id") + "]");
                    }
                }
                default -> { }
            }
        }
        if (!pendingIds.isEmpty()) {
            problems.add(script + ": tool calls " + pendingIds + " got no result");
        }
        seen.add(new Seen(script, users - 1, assistants, stream));
    }

    private void forward(HttpExchange exchange, String method, byte[] body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().getRawPath()))
                .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type != null) {
            request.header("Content-Type", type);
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        response.headers().firstValue("Content-Type")
                .ifPresent(value -> exchange.getResponseHeaders().add("Content-Type", value));
        byte[] bytes = response.body();
        exchange.sendResponseHeaders(response.statusCode(), bytes.length == 0 ? -1 : bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void reply(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() throws InterruptedException {
        server.stop(0);
        threads.shutdownNow();
        threads.awaitTermination(5, TimeUnit.SECONDS);
    }
}
