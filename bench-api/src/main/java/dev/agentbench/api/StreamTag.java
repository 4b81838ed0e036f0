package dev.agentbench.api;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The tag by which the mock and the harness name one session's streamed replies: a benchmark that
 * observes the stream ends each user message with {@link #of(String) the tag of its session id}, the
 * mock finds it in the request ({@link #find}) and files the write time of each chunk of the reply
 * under it, and the harness pairs them with the deliveries its {@link StreamObserver} saw for that
 * session. The tag is plain text a framework passes on to the model as it is: {@code
 * [agentbench-stream session-t12-0]}.
 */
public final class StreamTag {

    /** What a tag starts with, in the text of a user message. */
    public static final String PREFIX = "[agentbench-stream ";

    /** What a tagged key may contain: a session id as the harness makes them. */
    public static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]{1,80}");

    private StreamTag() {}

    /**
     * The tag of {@code key}, to end a user message with, after a space.
     *
     * @throws IllegalArgumentException when the key does not match {@link #KEY}
     */
    public static String of(String key) {
        Objects.requireNonNull(key, "key");
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("Stream tag key [" + key + "] must match " + KEY);
        }
        return PREFIX + key + "]";
    }

    /** {@code message} with the tag of {@code key} after it. */
    public static String tagged(String message, String key) {
        return message + " " + of(key);
    }

    /**
     * {@code message} without the tag {@link #tagged} put at its end, or {@code message} itself when it
     * ends with none; {@code null} stays {@code null}. What the mock compares with the scripted user
     * message, since the tag is the harness's and not the script's.
     */
    public static String untagged(String message) {
        if (message == null || !message.endsWith("]")) {
            return message;
        }
        int start = message.lastIndexOf(" " + PREFIX);
        if (start < 0 || !KEY.matcher(message.substring(start + 1 + PREFIX.length(), message.length() - 1)).matches()) {
            return message;
        }
        return message.substring(0, start);
    }

    /**
     * The key of the last tag in {@code bytes} (a request body as it came, UTF-8 or any ASCII-compatible
     * encoding), or {@code null} when it has none. JSON leaves the tag's characters unescaped, so it is
     * found in the raw body without parsing it.
     */
    public static String find(byte[] bytes, int offset, int length) {
        byte[] prefix = PREFIX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int end = offset + length;
        for (int start = end - prefix.length; start >= offset; start--) {
            if (!startsWith(bytes, start, prefix)) {
                continue;
            }
            int keyStart = start + prefix.length;
            int i = keyStart;
            while (i < end && i - keyStart <= 80 && isKeyByte(bytes[i])) {
                i++;
            }
            if (i < end && bytes[i] == ']' && i > keyStart && i - keyStart <= 80) {
                return new String(bytes, keyStart, i - keyStart, java.nio.charset.StandardCharsets.US_ASCII);
            }
        }
        return null;
    }

    private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
        for (int k = 0; k < prefix.length; k++) {
            if (bytes[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isKeyByte(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '.' || b == '-';
    }
}
