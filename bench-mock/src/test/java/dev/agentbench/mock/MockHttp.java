package dev.agentbench.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDK's HttpClient against the mock, with a hand-written SSE reader: a third client, and the
 * one that sees the exact bytes.
 */
final class MockHttp {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private MockHttp() {}

    static HttpResponse<String> send(String method, String url, String body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json");
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String url, String body) throws IOException, InterruptedException {
        return send("POST", url, body);
    }

    static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return send("GET", url, null);
    }

    /** A chat request body: {@code roles} alternate as given, each with some content. */
    static String chat(Boolean stream, boolean includeUsage, String... roles) {
        ObjectNode body = MAPPER.createObjectNode();
        body.put("model", "any");
        if (stream != null) {
            body.put("stream", stream);
        }
        if (includeUsage) {
            body.putObject("stream_options").put("include_usage", true);
        }
        ArrayNode messages = body.putArray("messages");
        for (String role : roles) {
            ObjectNode message = messages.addObject().put("role", role);
            if (role.equals("tool")) {
                message.put("tool_call_id", "x").put("content", "result");
            } else if (role.equals("assistant")) {
                message.putNull("content");
            } else {
                message.put("content", "hello");
            }
        }
        return body.toString();
    }

    static JsonNode json(String text) throws IOException {
        return MAPPER.readTree(text);
    }

    /** The {@code data:} payloads of an SSE body, in order; fails on anything that is not an event. */
    static List<String> events(String body) {
        if (!body.endsWith("\n\n")) {
            throw new AssertionError("SSE body does not end with a blank line: [" + body + "]");
        }
        List<String> events = new ArrayList<>();
        for (String block : body.substring(0, body.length() - 2).split("\n\n", -1)) {
            if (!block.startsWith("data: ") || block.contains("\n")) {
                throw new AssertionError("Not one data line: [" + block + "]");
            }
            events.add(block.substring("data: ".length()));
        }
        return events;
    }

    /** The chunks of an SSE body, parsed; {@code [DONE]} must be the last event and is dropped. */
    static List<JsonNode> chunks(String body) throws IOException {
        List<String> events = events(body);
        if (!"[DONE]".equals(events.get(events.size() - 1))) {
            throw new AssertionError("Stream does not end with [DONE]: " + events.get(events.size() - 1));
        }
        List<JsonNode> chunks = new ArrayList<>();
        for (String event : events.subList(0, events.size() - 1)) {
            chunks.add(MAPPER.readTree(event));
        }
        return chunks;
    }

    /** The text content of a stream's chunks, concatenated. */
    static String streamedText(List<JsonNode> chunks) {
        StringBuilder text = new StringBuilder();
        for (JsonNode chunk : chunks) {
            for (JsonNode choice : chunk.path("choices")) {
                JsonNode content = choice.path("delta").path("content");
                if (content.isTextual()) {
                    text.append(content.textValue());
                }
            }
        }
        return text.toString();
    }
}
