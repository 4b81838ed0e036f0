package dev.agentbench.langchain4j;

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

/**
 * A loopback HTTP/1.1 proxy in front of the mock that keeps every request's headers and body: what
 * LangChain4j really sends. Responses are passed back whole (a stream arrives all at once, which
 * LangChain4j's client does not mind).
 */
final class RecordingProxy implements AutoCloseable {

    /**
     * One request as it arrived.
     *
     * @param clientPort the client's port: requests with one port came on one connection
     */
    record Request(Map<String, List<String>> headers, String body, int clientPort) {}

    final List<Request> requests = new CopyOnWriteArrayList<>();
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final String target;

    /** @param target the mock's base URL, {@code http://127.0.0.1:PORT} */
    RecordingProxy(String target) throws IOException {
        this.target = target;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(threads);
        server.start();
    }

    /** The proxy's base URL for a script: {@code http://127.0.0.1:PORT/s/<script>/v1}. */
    URI baseUrl(String script) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/s/" + script + "/v1");
    }

    private void forward(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        requests.add(new Request(Map.copyOf(exchange.getRequestHeaders()), new String(body, StandardCharsets.UTF_8),
                exchange.getRemoteAddress().getPort()));
        HttpURLConnection connection = (HttpURLConnection) URI.create(target + exchange.getRequestURI()).toURL().openConnection();
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
