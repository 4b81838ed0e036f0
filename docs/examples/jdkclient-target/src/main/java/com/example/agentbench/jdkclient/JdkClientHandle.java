package com.example.agentbench.jdkclient;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One agent: an HTTP client of its own, the tools by name, and each session's messages. Safe for
 * concurrent turns of distinct sessions, as the SPI asks: the only shared state is the session map
 * (concurrent) and the client (thread-safe).
 */
final class JdkClientHandle implements TargetHandle {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI chatCompletions;
    private final String apiKey;
    private final String model;
    private final String instructions;
    private final int maxModelCalls;
    private final Map<String, ToolDefinition> tools = new LinkedHashMap<>();
    private final ArrayNode toolSchemas = JSON.createArrayNode();
    private final Map<String, List<ObjectNode>> sessions = new ConcurrentHashMap<>();
    private final ExecutorService httpThreads;
    private final HttpClient client;

    JdkClientHandle(TargetContext context, int maxModelCalls) {
        // The base URL is used as given: like every OpenAI client, append /chat/completions to it.
        String base = context.baseUrl().toString();
        this.chatCompletions = URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
        this.apiKey = context.apiKey();
        this.model = context.model();
        this.instructions = context.instructions();
        this.maxModelCalls = maxModelCalls;
        for (ToolDefinition tool : context.tools()) {
            tools.put(tool.name(), tool);
            ObjectNode function = toolSchemas.addObject().put("type", "function").putObject("function");
            function.put("name", tool.name()).put("description", tool.description());
            function.set("parameters", parse(tool.parameters(), "the parameters of tool [" + tool.name() + "]"));
        }
        // Daemon threads of our own, so that close() can stop them and a stray one never holds the JVM.
        this.httpThreads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "jdkclient-http");
            thread.setDaemon(true);
            return thread;
        });
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .executor(httpThreads)
                .build();
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        List<ObjectNode> messages = sessions.computeIfAbsent(key(userId, sessionId), k -> newSession());
        messages.add(message("user").put("content", message));
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (int call = 1; call <= maxModelCalls; call++) {
            JsonNode reply = complete(messages);
            JsonNode toolCalls = reply.path("tool_calls");
            if (!toolCalls.isArray() || toolCalls.isEmpty()) {
                String text = reply.path("content").isTextual() ? reply.path("content").asText() : null;
                messages.add(message("assistant").put("content", text));
                // Only a whole, non-streamed reply with no further tool call ends the turn.
                return new TurnResult(text, true, calls, results);
            }
            ObjectNode assistant = message("assistant");
            assistant.putNull("content");
            assistant.set("tool_calls", toolCalls);
            messages.add(assistant);
            // One after another: the simplest loop. A framework that runs them at once shows it in
            // the parallel_speedup benchmark.
            for (JsonNode toolCall : toolCalls) {
                ToolCall asked = new ToolCall(toolCall.path("id").asText(),
                        toolCall.path("function").path("name").asText(),
                        toolCall.path("function").path("arguments").asText());
                calls.add(asked);
                ToolResult answered = runTool(asked);
                results.add(answered);
                messages.add(message("tool").put("tool_call_id", answered.callId()).put("content", answered.content()));
            }
        }
        throw new IllegalStateException("The model was still calling tools after " + maxModelCalls
                + " calls in one turn (target option max_model_calls)");
    }

    /** Runs one tool; a failure becomes an error result sent to the model, as frameworks do. */
    private ToolResult runTool(ToolCall call) {
        ToolDefinition tool = tools.get(call.name());
        if (tool == null) {
            return new ToolResult(call.id(), call.name(), errorJson("Unknown tool [" + call.name() + "]"), true);
        }
        try {
            return new ToolResult(call.id(), call.name(), tool.function().call(call.arguments()), false);
        } catch (Exception e) {
            return new ToolResult(call.id(), call.name(), errorJson(String.valueOf(e.getMessage())), true);
        }
    }

    /** One non-streaming chat completion: the reply's message, or an exception naming what went wrong. */
    private JsonNode complete(List<ObjectNode> messages) throws IOException, InterruptedException {
        ObjectNode request = JSON.createObjectNode().put("model", model).put("stream", false);
        request.putArray("messages").addAll(messages);
        if (!toolSchemas.isEmpty()) {
            request.set("tools", toolSchemas);
        }
        HttpRequest http = HttpRequest.newBuilder(chatCompletions)
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + apiKey)
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(request)))
                .build();
        HttpResponse<String> response = client.send(http, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 200) {
            throw new IOException("The model answered HTTP " + response.statusCode() + ": " + response.body());
        }
        JsonNode message = parse(response.body(), "the model's reply").path("choices").path(0).path("message");
        if (!message.isObject()) {
            throw new IOException("The model's reply has no choices[0].message: " + response.body());
        }
        return message;
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        sessions.remove(key(userId, sessionId));
    }

    @Override
    public void close() {
        sessions.clear();
        httpThreads.shutdownNow();
    }

    private List<ObjectNode> newSession() {
        List<ObjectNode> messages = new ArrayList<>();
        messages.add(message("system").put("content", instructions));
        return messages;
    }

    private static String key(String userId, String sessionId) {
        return userId + '\u0000' + sessionId;
    }

    private static ObjectNode message(String role) {
        return JSON.createObjectNode().put("role", role);
    }

    private static String errorJson(String message) {
        return JSON.createObjectNode().put("error", message).toString();
    }

    private static JsonNode parse(String json, String what) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Cannot parse " + what + " as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
