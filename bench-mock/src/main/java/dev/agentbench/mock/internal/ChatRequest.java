package dev.agentbench.mock.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the mock reads from a chat-completions request: whether to stream, whether to send usage,
 * and the request's position in its script. Parsed with Jackson's streaming parser in one pass,
 * skipping everything else (message contents, tool schemas), so a long history costs little.
 *
 * @param stream {@code "stream": true}; absent or {@code null} means false
 * @param includeUsage {@code "stream_options": {"include_usage": true}}
 * @param userMessages how many messages have role {@code user}
 * @param assistantsAfterLastUser how many messages with role {@code assistant} follow the last user
 *     message
 * @param toolsAfterLastUser how many messages with role {@code tool} follow the last user message
 * @param lastUserText the last user message's text, read only when asked for (the marker script, a
 *     checked script)
 * @param firstToolName the name of the first tool in {@code tools}, read only when asked for
 * @param carried what the whole request carries, read only for a script that checks it; else
 *     {@code null}
 */
public record ChatRequest(
        boolean stream,
        boolean includeUsage,
        int userMessages,
        int assistantsAfterLastUser,
        int toolsAfterLastUser,
        String lastUserText,
        String firstToolName,
        Carried carried) {

    /** A request whose contents were not measured. */
    public ChatRequest(boolean stream, boolean includeUsage, int userMessages, int assistantsAfterLastUser,
            int toolsAfterLastUser, String lastUserText, String firstToolName) {
        this(stream, includeUsage, userMessages, assistantsAfterLastUser, toolsAfterLastUser, lastUserText,
                firstToolName, null);
    }

    /**
     * What a request carries, for the checks of {@link dev.agentbench.api.script.Expectation}.
     *
     * @param messages entries of {@code messages}
     * @param assistants messages with role {@code assistant}
     * @param tools messages with role {@code tool}
     * @param contentBytes UTF-8 bytes of every message's text (a content string, or the text parts
     *     of a content array) and of every tool call's argument text
     * @param toolNames the names of the tools offered in {@code tools}, in order
     */
    public record Carried(int messages, int assistants, int tools, long contentBytes, List<String> toolNames) {
        public Carried {
            toolNames = List.copyOf(toolNames);
        }
    }

    /** The turn this request is in, from 0: the number of user messages − 1. */
    public int turn() {
        return userMessages - 1;
    }

    /** The step within the turn, from 0: the number of assistant messages after the last user message. */
    public int step() {
        return assistantsAfterLastUser;
    }

    /** A request the mock cannot serve; its message says why and goes back to the client as a 400. */
    public static final class BadRequestException extends Exception {
        private static final long serialVersionUID = 1L;

        public BadRequestException(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Reads a request body.
     *
     * @param wantText also read the last user message's text and the first tool's name
     * @throws BadRequestException if the body is not JSON, not an object, or has no user message
     */
    public static ChatRequest parse(byte[] body, boolean wantText) throws BadRequestException {
        return parse(body, wantText, false);
    }

    /**
     * Reads a request body, and with {@code measure} also what it {@link Carried carries} and its last
     * user message's text.
     *
     * @throws BadRequestException if the body is not JSON, not an object, or has no user message
     */
    public static ChatRequest parse(byte[] body, boolean wantText, boolean measure) throws BadRequestException {
        try (JsonParser p = Json.FACTORY.createParser(body)) {
            return read(p, wantText, measure);
        } catch (JsonProcessingException e) {
            throw new BadRequestException("Malformed JSON in the request body: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadRequestException("Unreadable request body: " + e.getMessage());
        }
    }

    private static ChatRequest read(JsonParser p, boolean wantText, boolean measure)
            throws IOException, BadRequestException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw new BadRequestException("The request body must be a JSON object");
        }
        boolean stream = false;
        boolean includeUsage = false;
        Messages messages = null;
        String firstTool = null;
        List<String> toolNames = measure ? new ArrayList<>() : null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "stream" -> stream = value == JsonToken.VALUE_TRUE;
                case "stream_options" -> includeUsage = readIncludeUsage(p, value);
                case "messages" -> messages = readMessages(p, value, wantText || measure, measure);
                case "tools" -> {
                    if (measure && value == JsonToken.START_ARRAY) {
                        readToolNames(p, toolNames);
                        firstTool = toolNames.isEmpty() ? null : toolNames.get(0);
                    } else if (wantText && value == JsonToken.START_ARRAY) {
                        firstTool = readFirstToolName(p);
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (messages == null) {
            throw new BadRequestException("The request has no [messages] array");
        }
        if (messages.users == 0) {
            throw new BadRequestException("The request has no message with role [user], so it has no turn");
        }
        Carried carried = measure ? new Carried(messages.all, messages.assistants, messages.tools,
                messages.contentBytes, toolNames) : null;
        return new ChatRequest(stream, includeUsage, messages.users, messages.assistantsAfterUser,
                messages.toolsAfterUser, messages.lastUserText, firstTool, carried);
    }

    private static boolean readIncludeUsage(JsonParser p, JsonToken value) throws IOException {
        boolean include = false;
        if (value != JsonToken.START_OBJECT) {
            p.skipChildren();
            return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            if ("include_usage".equals(field)) {
                include = v == JsonToken.VALUE_TRUE;
            } else {
                p.skipChildren();
            }
        }
        return include;
    }

    /** Running counts over the messages array. */
    private static final class Messages {
        int users;
        int assistantsAfterUser;
        int toolsAfterUser;
        String lastUserText;
        int all;
        int assistants;
        int tools;
        long contentBytes;
    }

    private static final int OTHER = 0;
    private static final int USER = 1;
    private static final int ASSISTANT = 2;
    private static final int TOOL = 3;

    private static Messages readMessages(JsonParser p, JsonToken value, boolean wantText, boolean measure)
            throws IOException, BadRequestException {
        if (value != JsonToken.START_ARRAY) {
            throw new BadRequestException("The request's [messages] must be an array");
        }
        Messages m = new Messages();
        JsonToken token;
        while ((token = p.nextToken()) == JsonToken.START_OBJECT) {
            int role = OTHER;
            String text = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if ("role".equals(field) && v == JsonToken.VALUE_STRING) {
                    role = role(p);
                } else if (wantText && "content".equals(field)) {
                    text = readContent(p, v);
                    if (measure && text != null) {
                        m.contentBytes += utf8Length(text);
                    }
                } else if (measure && "tool_calls".equals(field) && v == JsonToken.START_ARRAY) {
                    m.contentBytes += readArgumentBytes(p);
                } else {
                    p.skipChildren();
                }
            }
            m.all++;
            switch (role) {
                case USER -> {
                    m.users++;
                    m.assistantsAfterUser = 0;
                    m.toolsAfterUser = 0;
                    m.lastUserText = text;
                }
                case ASSISTANT -> {
                    m.assistantsAfterUser++;
                    m.assistants++;
                }
                case TOOL -> {
                    m.toolsAfterUser++;
                    m.tools++;
                }
                default -> { }
            }
        }
        if (token != JsonToken.END_ARRAY) {
            throw new BadRequestException("Every entry of [messages] must be an object");
        }
        return m;
    }

    /** The role of the current string value, compared without allocating a String. */
    private static int role(JsonParser p) throws IOException {
        char[] chars = p.getTextCharacters();
        int offset = p.getTextOffset();
        int length = p.getTextLength();
        if (matches(chars, offset, length, "user")) {
            return USER;
        }
        if (matches(chars, offset, length, "assistant")) {
            return ASSISTANT;
        }
        if (matches(chars, offset, length, "tool")) {
            return TOOL;
        }
        return OTHER;
    }

    private static boolean matches(char[] chars, int offset, int length, String expected) {
        if (length != expected.length()) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (chars[offset + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A content string, or the text parts of a content array joined. */
    private static String readContent(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        if (v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        StringBuilder text = new StringBuilder();
        JsonToken token;
        while ((token = p.nextToken()) != JsonToken.END_ARRAY && token != null) {
            if (token != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken part = p.nextToken();
                if ("text".equals(field) && part == JsonToken.VALUE_STRING) {
                    text.append(p.getText());
                } else {
                    p.skipChildren();
                }
            }
        }
        return text.toString();
    }

    /** The UTF-8 length of {@code text}: what it weighs on the wire, unescaped. */
    static long utf8Length(CharSequence text) {
        long bytes = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** {@code tool_calls}: the UTF-8 bytes of every {@code function.arguments} string in it. */
    private static long readArgumentBytes(JsonParser p) throws IOException {
        long bytes = 0;
        JsonToken token;
        while ((token = p.nextToken()) != JsonToken.END_ARRAY && token != null) {
            if (token != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if ("function".equals(field) && v == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String inner = p.currentName();
                        JsonToken iv = p.nextToken();
                        if ("arguments".equals(inner) && iv == JsonToken.VALUE_STRING) {
                            bytes += utf8Length(p.getText());
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
        return bytes;
    }

    /** Every tool's name, into {@code names}, with the parser past the {@code tools} array. */
    private static void readToolNames(JsonParser p, List<String> names) throws IOException {
        JsonToken token;
        while ((token = p.nextToken()) != JsonToken.END_ARRAY && token != null) {
            if (token == JsonToken.START_OBJECT) {
                String name = readToolName(p);
                if (name != null) {
                    names.add(name);
                }
            } else {
                p.skipChildren();
            }
        }
    }

    private static String readFirstToolName(JsonParser p) throws IOException {
        String name = null;
        JsonToken token;
        while ((token = p.nextToken()) != JsonToken.END_ARRAY && token != null) {
            if (token == JsonToken.START_OBJECT && name == null) {
                name = readToolName(p);
            } else {
                p.skipChildren();
            }
        }
        return name;
    }

    /** {@code {"type":"function","function":{"name":..}}}: the name, with the parser past the object. */
    private static String readToolName(JsonParser p) throws IOException {
        String name = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            if ("function".equals(field) && v == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String inner = p.currentName();
                    JsonToken iv = p.nextToken();
                    if ("name".equals(inner) && iv == JsonToken.VALUE_STRING) {
                        name = p.getText();
                    } else {
                        p.skipChildren();
                    }
                }
            } else {
                p.skipChildren();
            }
        }
        return name;
    }
}
