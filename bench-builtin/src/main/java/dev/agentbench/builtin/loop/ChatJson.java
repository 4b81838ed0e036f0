package dev.agentbench.builtin.loop;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The chat-completions JSON of one agent, in one pass each way with Jackson's streaming API: the
 * request written by a {@link JsonGenerator} (the tools rendered once, when the agent is built),
 * the reply read by a {@link JsonParser} that keeps only the text, the tool calls and the finish
 * reason and skips everything else, as one body or as server-sent events ({@link Events}).
 */
public final class ChatJson {

    /** More streamed tool calls in one reply than this is taken for a broken index, not a reply. */
    static final int MAX_TOOL_CALLS = 1024;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private final String model;
    private final String toolsJson;
    private final boolean stream;

    public ChatJson(TargetContext context, boolean stream) {
        this.model = context.model();
        this.toolsJson = context.tools().isEmpty() ? null : toolsJson(context.tools());
        this.stream = stream;
    }

    /** Whether replies are asked for as server-sent events. */
    public boolean stream() {
        return stream;
    }

    /** The {@code tools} array, with each tool's parameters checked to be JSON. */
    private static String toolsJson(List<ToolDefinition> tools) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(text)) {
            json.writeStartArray();
            for (ToolDefinition tool : tools) {
                try (JsonParser parameters = FACTORY.createParser(tool.parameters())) {
                    while (parameters.nextToken() != null) {
                        // reads it through: throws if it is not JSON
                    }
                } catch (IOException e) {
                    throw new IllegalArgumentException(
                            "Tool [" + tool.name() + "] has parameters that are not JSON: " + tool.parameters(), e);
                }
                json.writeStartObject();
                json.writeStringField("type", "function");
                json.writeObjectFieldStart("function");
                json.writeStringField("name", tool.name());
                json.writeStringField("description", tool.description());
                json.writeFieldName("parameters");
                json.writeRawValue(tool.parameters());
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
        } catch (IOException e) {
            throw new IllegalStateException("Writing to a string failed", e);
        }
        return text.toString();
    }

    /** Writes the request for these messages to {@code out}, UTF-8, without closing it. */
    public void writeRequest(List<Message> messages, OutputStream out) throws IOException {
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("model", model);
            json.writeArrayFieldStart("messages");
            for (Message message : messages) {
                json.writeStartObject();
                json.writeStringField("role", message.role());
                if (message.toolCallId() != null) {
                    json.writeStringField("tool_call_id", message.toolCallId());
                }
                json.writeStringField("content", message.content()); // null is written as null
                if (!message.toolCalls().isEmpty()) {
                    json.writeArrayFieldStart("tool_calls");
                    for (ToolCall call : message.toolCalls()) {
                        json.writeStartObject();
                        json.writeStringField("id", call.id());
                        json.writeStringField("type", "function");
                        json.writeObjectFieldStart("function");
                        json.writeStringField("name", call.name());
                        json.writeStringField("arguments", call.arguments());
                        json.writeEndObject();
                        json.writeEndObject();
                    }
                    json.writeEndArray();
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            if (toolsJson != null) {
                json.writeFieldName("tools");
                json.writeRawValue(toolsJson);
            }
            json.writeBooleanField("stream", stream);
            json.writeEndObject();
        }
    }

    /** Reads a whole {@code chat.completion} body. */
    public static Reply readCompletion(byte[] body, int offset, int length) throws IOException {
        ReplyBuilder reply = new ReplyBuilder();
        try (JsonParser json = FACTORY.createParser(body, offset, length)) {
            if (!readChunk(json, reply, false)) {
                throw new IOException("The model's reply has no choices[0].message: "
                        + new String(body, offset, Math.min(length, 500), StandardCharsets.UTF_8));
            }
        }
        return reply.build();
    }

    /** An error body as a tool result carries it: {@code {"error":"..."}}. */
    static String errorJson(String message) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("error", message);
            json.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("Writing to a string failed", e);
        }
        return text.toString();
    }

    /**
     * One streamed reply, event by event: give it each {@code data:} field's value; the text and
     * each tool call (by its {@code index}) are joined across chunks.
     */
    public static final class Events {

        private final ReplyBuilder reply;
        private boolean done;

        /** A reply whose pieces nobody observes. */
        public Events() {
            this(StreamObserver.NONE);
        }

        /** A reply that tells {@code observer} each piece of text and tool-call arguments as its event is read. */
        public Events(StreamObserver observer) {
            reply = new ReplyBuilder(observer);
        }

        /**
         * Takes one event's data. {@code [DONE]} ends the reply.
         *
         * @return whether this was {@code [DONE]}
         */
        public boolean data(byte[] bytes, int offset, int length) throws IOException {
            if (done) {
                throw new IOException("The stream went on after data: [DONE]");
            }
            if (isDone(bytes, offset, length)) {
                done = true;
                return true;
            }
            try (JsonParser json = FACTORY.createParser(bytes, offset, length)) {
                readChunk(json, reply, true);
            }
            return false;
        }

        /** The reply, once {@code [DONE]} has come. */
        public Reply reply() throws IOException {
            if (!done) {
                throw new IOException("The stream ended before data: [DONE]");
            }
            if (reply.finishReason == null) {
                throw new IOException("The stream ended with [DONE] but no chunk carried a finish_reason");
            }
            return reply.build();
        }

        private static boolean isDone(byte[] bytes, int offset, int length) {
            byte[] marker = {'[', 'D', 'O', 'N', 'E', ']'};
            int start = offset;
            int end = offset + length;
            while (start < end && bytes[start] == ' ') {
                start++;
            }
            while (end > start && (bytes[end - 1] == ' ' || bytes[end - 1] == '\r')) {
                end--;
            }
            if (end - start != marker.length) {
                return false;
            }
            for (int i = 0; i < marker.length; i++) {
                if (bytes[start + i] != marker[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Reads one completion or chunk object, keeping the first choice's message (or delta) and
     * finish reason.
     *
     * @return whether it had a first choice with a message or delta
     */
    private static boolean readChunk(JsonParser json, ReplyBuilder reply, boolean streamed) throws IOException {
        if (json.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException("The model's reply is not a JSON object");
        }
        boolean sawMessage = false;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if (field.equals("choices") && value == JsonToken.START_ARRAY) {
                boolean first = true;
                while (json.nextToken() == JsonToken.START_OBJECT) {
                    if (first) {
                        sawMessage = readChoice(json, reply, streamed);
                        first = false;
                    } else {
                        json.skipChildren();
                    }
                }
            } else {
                json.skipChildren();
            }
        }
        return sawMessage;
    }

    private static boolean readChoice(JsonParser json, ReplyBuilder reply, boolean streamed) throws IOException {
        boolean sawMessage = false;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if ((field.equals("message") || field.equals("delta")) && value == JsonToken.START_OBJECT) {
                readMessage(json, reply, streamed);
                sawMessage = true;
            } else if (field.equals("finish_reason") && value == JsonToken.VALUE_STRING) {
                reply.finishReason = json.getText();
            } else {
                json.skipChildren();
            }
        }
        return sawMessage;
    }

    private static void readMessage(JsonParser json, ReplyBuilder reply, boolean streamed) throws IOException {
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if (field.equals("content") && value == JsonToken.VALUE_STRING) {
                reply.content(json.getText());
            } else if (field.equals("tool_calls") && value == JsonToken.START_ARRAY) {
                int position = 0;
                while (json.nextToken() == JsonToken.START_OBJECT) {
                    readToolCall(json, reply, streamed, position++);
                }
            } else {
                json.skipChildren();
            }
        }
    }

    /** One tool call, or, streamed, one piece of one (found by its {@code index}). */
    private static void readToolCall(JsonParser json, ReplyBuilder reply, boolean streamed, int position)
            throws IOException {
        int index = streamed ? -1 : position;
        String id = null;
        String name = null;
        String arguments = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if (field.equals("index") && value == JsonToken.VALUE_NUMBER_INT) {
                index = json.getIntValue();
            } else if (field.equals("id") && value == JsonToken.VALUE_STRING) {
                id = json.getText();
            } else if (field.equals("function") && value == JsonToken.START_OBJECT) {
                while (json.nextToken() == JsonToken.FIELD_NAME) {
                    String functionField = json.currentName();
                    JsonToken functionValue = json.nextToken();
                    if (functionField.equals("name") && functionValue == JsonToken.VALUE_STRING) {
                        name = json.getText();
                    } else if (functionField.equals("arguments") && functionValue == JsonToken.VALUE_STRING) {
                        arguments = json.getText();
                    } else {
                        json.skipChildren();
                    }
                }
            } else {
                json.skipChildren();
            }
        }
        if (index < 0 || index >= MAX_TOOL_CALLS) {
            throw new IOException("A tool call has no index from 0 to " + (MAX_TOOL_CALLS - 1) + ", was ["
                    + (index < 0 ? "none" : index) + "]");
        }
        reply.call(index, id, name, arguments);
    }

    /** A reply being read: the text so far and each tool call's id, name and argument text. */
    private static final class ReplyBuilder {

        private final StreamObserver observer;
        private StringBuilder content;
        private final List<String[]> calls = new ArrayList<>(); // index -> {id, name}
        private final List<StringBuilder> arguments = new ArrayList<>();
        private String finishReason;

        ReplyBuilder() {
            this(StreamObserver.NONE);
        }

        ReplyBuilder(StreamObserver observer) {
            this.observer = observer;
        }

        void content(String text) {
            if (!text.isEmpty() && observer != StreamObserver.NONE) {
                observer.text(text);
            }
            if (content == null) {
                content = new StringBuilder(text);
            } else {
                content.append(text);
            }
        }

        void call(int index, String id, String name, String argumentText) {
            while (calls.size() <= index) {
                calls.add(new String[2]);
                arguments.add(new StringBuilder());
            }
            String[] idName = calls.get(index);
            if (id != null) {
                idName[0] = id;
            }
            if (name != null) {
                idName[1] = name;
            }
            if (argumentText != null) {
                arguments.get(index).append(argumentText);
                if (!argumentText.isEmpty() && observer != StreamObserver.NONE) {
                    observer.toolCallDelta(idName[0], argumentText);
                }
            }
        }

        Reply build() throws IOException {
            List<ToolCall> toolCalls = new ArrayList<>(calls.size());
            for (int i = 0; i < calls.size(); i++) {
                String[] idName = calls.get(i);
                if (idName[0] == null || idName[1] == null) {
                    throw new IOException("Tool call at index " + i + " never received its id and name");
                }
                toolCalls.add(new ToolCall(idName[0], idName[1], arguments.get(i).toString()));
            }
            return new Reply(content == null ? null : content.toString(), toolCalls, finishReason);
        }
    }
}
