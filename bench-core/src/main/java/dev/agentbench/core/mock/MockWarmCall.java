package dev.agentbench.core.mock;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One request of the mock's warm-up: one position (turn, step) of a script in one stream mode, the
 * request that reaches it, and the reply it must get. The request is what a real client sends at
 * that point of the conversation (DESIGN, "What real clients send"): a system message, the whole
 * history — every earlier user message, each earlier step as an assistant message (tool calls with
 * the scripted ids, {@code content: null}) followed by one {@code role: tool} result per call — the
 * tool schemas of every tool the script calls, and {@code "stream": false}, or {@code "stream": true}
 * with {@code stream_options.include_usage}. The mock chooses the reply from the message counts
 * alone, so each body reaches exactly its position.
 */
final class MockWarmCall {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String MODEL = "agentbench-mock";
    private static final int SHOWN_CHARS = 200;

    private final String script;
    private final int turn;
    private final int step;
    private final boolean stream;
    private final HttpRequest request;
    private final Reply expected;

    private MockWarmCall(String script, int turn, int step, boolean stream, HttpRequest request, Reply expected) {
        this.script = script;
        this.turn = turn;
        this.step = step;
        this.stream = stream;
        this.request = request;
        this.expected = expected;
    }

    /** What a reply carries that the warm-up checks: its text, its tool calls and why it finished. */
    private record Reply(String text, List<String> ids, List<String> names, String finishReason) {}

    /**
     * The calls that reach every position of {@code script} whose step has no {@link Step#fault()
     * fault}, each without and with streaming. Fault positions are left out: a warm-up must never
     * hang or wait on purpose, and an error reply would fail it.
     *
     * @param chatUrl where the script is served, ending in {@code /chat/completions}
     * @param timeout the longest a request may take
     */
    static List<MockWarmCall> of(Script script, URI chatUrl, Duration timeout) {
        List<ScriptTurn> turns = script.turns();
        ArrayNode tools = tools(script);
        List<MockWarmCall> calls = new ArrayList<>();
        for (int t = 0; t < turns.size(); t++) {
            List<Step> steps = turns.get(t).steps();
            for (int s = 0; s < steps.size(); s++) {
                Step step = steps.get(s);
                if (step.fault() != null) {
                    continue;
                }
                ArrayNode messages = history(script, t, s);
                for (boolean stream : new boolean[] {false, true}) {
                    ObjectNode body = MAPPER.createObjectNode();
                    body.put("model", MODEL);
                    body.set("messages", messages);
                    if (!tools.isEmpty()) {
                        body.set("tools", tools);
                    }
                    body.put("stream", stream);
                    if (stream) {
                        body.putObject("stream_options").put("include_usage", true);
                    }
                    HttpRequest request = HttpRequest.newBuilder(chatUrl)
                            .timeout(timeout)
                            .header("Content-Type", "application/json")
                            .header("Accept", stream ? "text/event-stream" : "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(bytes(body)))
                            .build();
                    calls.add(new MockWarmCall(script.name(), t, s, stream, request, expected(step, t, s)));
                }
            }
        }
        return calls;
    }

    /** The request; immutable, so every thread may send it. */
    HttpRequest request() {
        return request;
    }

    /** Where this call is, for messages: script, position counted from 1, stream mode. */
    String where() {
        return "Script [" + script + "] position [turn " + (turn + 1) + ", step " + (step + 1)
                + "] (counted from 1), stream [" + stream + "]";
    }

    /**
     * Checks a reply: a 2xx status, then the scripted text or tool calls, whole; a stream must be
     * SSE and end with {@code data: [DONE]}.
     *
     * @throws IOException naming the script, the position and what was wrong
     */
    void check(HttpResponse<String> response) throws IOException {
        int status = response.statusCode();
        if (status / 100 != 2) {
            throw new IOException(where() + ": the mock answered [" + status + "]: " + errorMessage(response.body()));
        }
        Reply actual;
        try {
            actual = stream ? streamed(response) : whole(response.body());
        } catch (JsonProcessingException e) {
            throw new IOException(where() + ": malformed reply, not JSON: " + e.getOriginalMessage());
        } catch (IllegalStateException e) {
            throw new IOException(where() + ": malformed reply: " + e.getMessage());
        }
        if (!expected.equals(actual)) {
            throw new IOException(where() + ": wrong reply: expected " + show(expected) + " but got " + show(actual));
        }
    }

    private static ArrayNode tools(Script script) {
        Set<String> names = new LinkedHashSet<>();
        for (ScriptTurn turn : script.turns()) {
            for (Step step : turn.steps()) {
                step.toolCalls().forEach(call -> names.add(call.name()));
            }
        }
        ArrayNode tools = MAPPER.createArrayNode();
        for (String name : names) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function");
            function.put("name", name).put("description", "Tool [" + name + "] of the script");
            function.putObject("parameters")
                    .put("$schema", "http://json-schema.org/draft-07/schema#")
                    .put("type", "object")
                    .put("additionalProperties", true)
                    .putObject("properties");
            function.put("strict", false);
        }
        return tools;
    }

    /** The messages a client has sent by the request for {@code turn}, {@code step}. */
    private static ArrayNode history(Script script, int turn, int step) {
        ArrayNode messages = MAPPER.createArrayNode();
        messages.addObject().put("role", "system").put("content", "You are the agent of a benchmark.");
        for (int t = 0; t <= turn; t++) {
            ScriptTurn scriptTurn = script.turns().get(t);
            messages.addObject().put("role", "user").put("content", scriptTurn.user());
            int answered = t < turn ? scriptTurn.steps().size() : step;
            for (int s = 0; s < answered; s++) {
                answer(messages, scriptTurn.steps().get(s), t, s);
            }
        }
        return messages;
    }

    /**
     * A step as the history holds it: its tool calls and their results, or its text. A step whose
     * fault replaced the reply has neither; it stands as an empty assistant message, which is all the
     * mock counts.
     */
    private static void answer(ArrayNode messages, Step step, int turn, int index) {
        ObjectNode assistant = messages.addObject().put("role", "assistant");
        if (step.toolCalls().isEmpty()) {
            assistant.put("content", step.text() == null ? "" : step.text());
            return;
        }
        assistant.putNull("content");
        ArrayNode calls = assistant.putArray("tool_calls");
        List<ScriptedToolCall> scripted = step.toolCalls();
        for (int i = 0; i < scripted.size(); i++) {
            calls.addObject().put("id", Script.toolCallId(turn, index, i)).put("type", "function")
                    .putObject("function").put("name", scripted.get(i).name())
                    .put("arguments", scripted.get(i).arguments());
        }
        for (int i = 0; i < scripted.size(); i++) {
            messages.addObject().put("role", "tool").put("tool_call_id", Script.toolCallId(turn, index, i))
                    .put("content", "{\"result\":\"ok\"}");
        }
    }

    private static Reply expected(Step step, int turn, int index) {
        if (step.toolCalls().isEmpty()) {
            return new Reply(step.text(), List.of(), List.of(), "stop");
        }
        List<String> ids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < step.toolCalls().size(); i++) {
            ids.add(Script.toolCallId(turn, index, i));
            names.add(step.toolCalls().get(i).name());
        }
        return new Reply(null, List.copyOf(ids), List.copyOf(names), "tool_calls");
    }

    private static Reply whole(String body) throws JsonProcessingException {
        JsonNode choice = MAPPER.readTree(body).path("choices").path(0);
        if (!choice.isObject()) {
            throw new IllegalStateException("no [choices[0]] in " + excerpt(body));
        }
        JsonNode message = choice.path("message");
        List<String> ids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonNode call : message.path("tool_calls")) {
            ids.add(call.path("id").asText(null));
            names.add(call.path("function").path("name").asText(null));
        }
        JsonNode content = message.path("content");
        return new Reply(content.isTextual() ? content.textValue() : null, ids, names,
                choice.path("finish_reason").asText(null));
    }

    private static Reply streamed(HttpResponse<String> response) throws JsonProcessingException {
        String type = response.headers().firstValue("content-type").orElse("");
        if (!type.startsWith("text/event-stream")) {
            throw new IllegalStateException("content type [" + type + "] is not [text/event-stream]");
        }
        String body = response.body();
        if (!body.endsWith("data: [DONE]\n\n")) {
            throw new IllegalStateException("the stream does not end with [data: [DONE]]: " + excerpt(body));
        }
        StringBuilder text = null;
        List<String> ids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        String finish = null;
        String[] events = body.substring(0, body.length() - "data: [DONE]\n\n".length()).split("\n\n");
        for (String event : events) {
            if (event.isEmpty()) {
                continue;
            }
            if (!event.startsWith("data: ")) {
                throw new IllegalStateException("an event is not a [data:] line: " + excerpt(event));
            }
            for (JsonNode choice : MAPPER.readTree(event.substring("data: ".length())).path("choices")) {
                JsonNode delta = choice.path("delta");
                if (delta.path("content").isTextual()) {
                    text = (text == null ? new StringBuilder() : text).append(delta.path("content").textValue());
                }
                for (JsonNode call : delta.path("tool_calls")) {
                    if (call.hasNonNull("id")) {
                        ids.add(call.path("id").textValue());
                        names.add(call.path("function").path("name").asText(null));
                    }
                }
                if (choice.hasNonNull("finish_reason")) {
                    finish = choice.path("finish_reason").asText();
                }
            }
        }
        return new Reply(text == null ? null : text.toString(), ids, names, finish);
    }

    private static String errorMessage(String body) {
        try {
            JsonNode message = MAPPER.readTree(body).path("error").path("message");
            if (message.isTextual()) {
                return message.textValue();
            }
        } catch (JsonProcessingException e) {
            // not an OpenAI-style error body: show it as it is
        }
        return excerpt(body);
    }

    private static String show(Reply reply) {
        return reply.ids().isEmpty()
                ? "text " + excerpt(Objects.toString(reply.text())) + ", finish [" + reply.finishReason() + "]"
                : "tool calls " + reply.ids() + " named " + reply.names() + ", text "
                        + excerpt(Objects.toString(reply.text())) + ", finish [" + reply.finishReason() + "]";
    }

    private static String excerpt(String text) {
        return text.length() <= SHOWN_CHARS ? "[" + text + "]" : "[" + text.substring(0, SHOWN_CHARS) + "...]";
    }

    private static byte[] bytes(ObjectNode body) {
        try {
            return MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A request body cannot be written: " + e.getOriginalMessage(), e);
        }
    }
}
