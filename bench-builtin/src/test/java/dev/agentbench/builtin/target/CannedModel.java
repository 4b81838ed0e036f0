package dev.agentbench.builtin.target;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A model endpoint for unit tests that answers each request with the next canned response and
 * keeps the request bodies it received. (The real mock is exercised end to end elsewhere.)
 */
final class CannedModel implements AutoCloseable {

    record Response(int status, String contentType, String body) {}

    private final HttpServer server;
    private final Deque<Response> responses = new ArrayDeque<>();
    final List<String> requests = new ArrayList<>();

    CannedModel() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Response response;
            synchronized (this) {
                requests.add(body);
                response = responses.isEmpty() ? new Response(500, "application/json", "{\"error\":\"no more\"}") : responses.poll();
            }
            if (response.status() == DROP) {
                exchange.close(); // the request was read; no response at all
                return;
            }
            byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", response.contentType());
            exchange.sendResponseHeaders(response.status(), bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    synchronized CannedModel json(String body) {
        responses.add(new Response(200, "application/json", body));
        return this;
    }

    synchronized CannedModel events(String... chunks) {
        StringBuilder body = new StringBuilder();
        for (String chunk : chunks) {
            body.append("data: ").append(chunk).append("\n\n");
        }
        responses.add(new Response(200, "text/event-stream", body.toString()));
        return this;
    }

    /** A status that makes the server close the connection without a byte of response. */
    static final int DROP = -1;

    /** The next request is read and its connection closed without any response. */
    synchronized CannedModel drop() {
        responses.add(new Response(DROP, "", ""));
        return this;
    }

    synchronized CannedModel status(int status, String body) {
        responses.add(new Response(status, "application/json", body));
        return this;
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    static String textReply(String text) {
        return "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
                + text + "\"},\"finish_reason\":\"stop\"}]}";
    }

    static String toolReply(String... idNameArgs) {
        StringBuilder calls = new StringBuilder();
        for (int i = 0; i < idNameArgs.length; i += 3) {
            if (i > 0) {
                calls.append(',');
            }
            calls.append("{\"id\":\"").append(idNameArgs[i]).append("\",\"type\":\"function\",\"function\":{\"name\":\"")
                    .append(idNameArgs[i + 1]).append("\",\"arguments\":")
                    .append(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.textNode(idNameArgs[i + 2]))
                    .append("}}");
        }
        return "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
                + calls + "]},\"finish_reason\":\"tool_calls\"}]}";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
