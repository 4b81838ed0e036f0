package dev.agentbench.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/1.1 proxy in front of the mock that keeps every request as it arrived: what a
 * framework really sends. A target's wire tests point the framework at {@link #baseUrl(String)}
 * and assert on {@link #requests()}. Replies are passed back whole, a stream arriving at once,
 * which the frameworks' clients do not mind.
 */
public final class RecordingProxy implements AutoCloseable {

    /**
     * One request as it arrived.
     *
     * @param headers the request headers, names as the proxy's HTTP server normalises them
     * @param body the request body as UTF-8 text
     * @param clientPort the client's port: requests with one port came on one connection
     */
    public record Request(Map<String, List<String>> headers, String body, int clientPort) {}

    static {
        // The JDK's HttpServer writes a reply's head and body apart and, by default, with Nagle's
        // algorithm on, so every request through the proxy would wait a delayed ACK (40-65 ms on
        // Linux): a 256-turn session's 513 requests took over 30 s. The property is read once, when
        // the first HttpServer of the JVM starts; a test JVM that set it otherwise keeps its choice.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final String target;

    /**
     * Starts the proxy on a free loopback port.
     *
     * @param target the mock's base URL, {@code http://127.0.0.1:PORT}
     */
    public RecordingProxy(String target) throws IOException {
        this.target = target;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(threads);
        server.start();
    }

    /** The proxy's base URL for a script: {@code http://127.0.0.1:PORT/s/<script>/v1}. */
    public URI baseUrl(String script) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/s/" + script + "/v1");
    }

    /** The requests since the last {@link #clear()}, in the order they arrived. */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The bodies of {@link #requests()}. */
    public List<String> bodies() {
        return requests.stream().map(Request::body).toList();
    }

    /** The most requests that were in flight at once since the last {@link #clear()}. */
    public int mostInFlight() {
        return mostInFlight.get();
    }

    /** Forgets the requests seen so far. */
    public void clear() {
        requests.clear();
        mostInFlight.set(0);
    }

    private void forward(HttpExchange exchange) throws IOException {
        mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            relay(exchange);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private void relay(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        requests.add(new Request(Map.copyOf(exchange.getRequestHeaders()), new String(body, StandardCharsets.UTF_8),
                exchange.getRemoteAddress().getPort()));
        HttpURLConnection connection = (HttpURLConnection) URI.create(target + exchange.getRequestURI()).toURL()
                .openConnection();
        connection.setRequestMethod(exchange.getRequestMethod());
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body);
        }
        int status = connection.getResponseCode();
        byte[] reply;
        try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
            reply = in == null ? new byte[0] : in.readAllBytes();
        }
        String type = connection.getContentType();
        if (type != null) {
            exchange.getResponseHeaders().set("Content-Type", type);
        }
        exchange.sendResponseHeaders(status, reply.length == 0 ? -1 : reply.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(reply);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
