package dev.agentbench.builtin.target;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.ToolCall;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

/**
 * The least an OpenAI chat-completions client can be: posts a request with the JDK's HttpClient and
 * reads the reply, as one JSON body or as server-sent events, into a {@link Reply}. Anything that
 * is not a complete reply (an error status, a stream cut before its last chunk) is an exception.
 */
final class ChatCompletionsClient implements AutoCloseable {

    private final URI endpoint;
    private final String authorization;
    private final boolean stream;
    private final ObjectMapper mapper;
    private final ExecutorService executor;
    private final HttpClient http;

    ChatCompletionsClient(URI baseUrl, String apiKey, boolean stream, ObjectMapper mapper) {
        String base = baseUrl.toString();
        this.endpoint = URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
        this.authorization = "Bearer " + apiKey;
        this.stream = stream;
        this.mapper = mapper;
        this.executor = Executors.newCachedThreadPool(RawAgent.daemonThreads("raw-http"));
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .executor(executor)
                .build();
    }

    /** What the model answered in one reply. */
    record Reply(String content, List<ToolCall> toolCalls, String finishReason) {

        ObjectNode assistantMessage(ObjectMapper mapper) {
            ObjectNode message = mapper.createObjectNode().put("role", "assistant");
            if (toolCalls.isEmpty()) {
                message.put("content", content);
                return message;
            }
            message.putNull("content");
            ArrayNode calls = message.putArray("tool_calls");
            for (ToolCall call : toolCalls) {
                calls.addObject()
                        .put("id", call.id())
                        .put("type", "function")
                        .putObject("function")
                        .put("name", call.name())
                        .put("arguments", call.arguments());
            }
            return message;
        }
    }

    Reply complete(ObjectNode request) throws IOException, InterruptedException {
        request.put("stream", stream);
        HttpRequest httpRequest = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Authorization", authorization)
                .POST(HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(request)))
                .build();
        if (!stream) {
            HttpResponse<byte[]> response = send(httpRequest, HttpResponse.BodyHandlers.ofByteArray());
            checkStatus(response.statusCode(), () -> new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
            return parseJson(mapper.readTree(response.body()));
        }
        HttpResponse<Stream<String>> response = send(httpRequest, HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            checkStatus(response.statusCode(), () -> String.join("\n", lines.toList()));
            return parseEvents(lines.iterator());
        }
    }

    /**
     * Sends once more, on a fresh exchange, when the first attempt got no byte of a response at all:
     * the JDK 17 client can hand out a pooled connection that its own idle-connection cleanup is
     * closing at that moment (a race fixed in JDK 24, JDK-8338569), and clients such as OkHttp retry
     * such a failure by default. Any failure after the first response byte is never retried.
     */
    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        try {
            return http.send(request, handler);
        } catch (IOException e) {
            if (!noResponseByte(e)) {
                throw e;
            }
            return http.send(request, handler);
        }
    }

    static boolean noResponseByte(IOException e) {
        return String.valueOf(e.getMessage()).contains("header parser received no bytes");
    }

    private void checkStatus(int status, java.util.function.Supplier<String> body) throws IOException {
        if (status != 200) {
            throw new IOException("The model answered HTTP " + status + ": " + body.get());
        }
    }

    private Reply parseJson(JsonNode body) throws IOException {
        JsonNode choice = body.path("choices").path(0);
        JsonNode message = choice.path("message");
        if (message.isMissingNode()) {
            throw new IOException("The model's reply has no choices[0].message: " + body);
        }
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode call : message.path("tool_calls")) {
            calls.add(new ToolCall(
                    call.path("id").asText(),
                    call.path("function").path("name").asText(),
                    call.path("function").path("arguments").asText()));
        }
        JsonNode content = message.path("content");
        return new Reply(content.isTextual() ? content.asText() : null, calls, choice.path("finish_reason").asText(null));
    }

    /** Reads server-sent events up to {@code data: [DONE]}, joining text and tool-call chunks by index. */
    private Reply parseEvents(Iterator<String> lines) throws IOException {
        StringBuilder content = new StringBuilder();
        boolean sawContent = false;
        TreeMap<Integer, String[]> calls = new TreeMap<>(); // index -> {id, name}
        TreeMap<Integer, StringBuilder> arguments = new TreeMap<>();
        String finishReason = null;
        while (lines.hasNext()) {
            String line = lines.next();
            if (!line.startsWith("data:")) {
                continue; // blank separators, comments, other fields
            }
            String data = line.substring(5).trim();
            if (data.equals("[DONE]")) {
                if (finishReason == null) {
                    throw new IOException("The stream ended with [DONE] but no chunk carried a finish_reason");
                }
                List<ToolCall> toolCalls = new ArrayList<>();
                for (var entry : calls.entrySet()) {
                    String[] idName = entry.getValue();
                    if (idName[0] == null || idName[1] == null) {
                        throw new IOException("Streamed tool call at index " + entry.getKey()
                                + " never received its id and name");
                    }
                    toolCalls.add(new ToolCall(idName[0], idName[1], arguments.get(entry.getKey()).toString()));
                }
                return new Reply(sawContent ? content.toString() : null, toolCalls, finishReason);
            }
            JsonNode chunk = mapper.readTree(data);
            JsonNode choice = chunk.path("choices").path(0);
            JsonNode delta = choice.path("delta");
            JsonNode text = delta.path("content");
            if (text.isTextual()) {
                content.append(text.asText());
                sawContent = true;
            }
            for (JsonNode call : delta.path("tool_calls")) {
                if (!call.has("index")) {
                    throw new IOException("A streamed tool call has no index: " + data);
                }
                int index = call.get("index").asInt();
                String[] idName = calls.computeIfAbsent(index, i -> new String[2]);
                if (call.hasNonNull("id")) {
                    idName[0] = call.get("id").asText();
                }
                JsonNode function = call.path("function");
                if (function.hasNonNull("name")) {
                    idName[1] = function.get("name").asText();
                }
                arguments.computeIfAbsent(index, i -> new StringBuilder())
                        .append(function.path("arguments").asText(""));
            }
            if (choice.hasNonNull("finish_reason")) {
                finishReason = choice.get("finish_reason").asText();
            }
        }
        throw new IOException("The stream ended before data: [DONE]");
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
