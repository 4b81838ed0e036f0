package dev.agentbench.mock.internal;

import io.vertx.core.buffer.Buffer;

/**
 * One step of a script, rendered once at registration into the exact bytes the mock sends, so that
 * serving it costs no JSON work. Immutable and shared by every event loop (Vert.x heap buffers are
 * not reference counted, so one buffer can be written any number of times).
 */
public final class RenderedStep {

    /** What the step serves. */
    public enum Kind {
        TEXT, TOOL_CALLS, STATUS, HANG
    }

    final Kind kind;
    /** Milliseconds before the first byte; 0 for none. */
    final long delayMs;
    /** Milliseconds before each streamed event; 0 for none. */
    final long chunkDelayMs;
    /** Stop before the final chunk and close the connection. */
    final boolean cutOff;
    /** One event (or the JSON body) is not valid JSON. */
    final boolean malformed;
    /** For {@link Kind#STATUS}: the status, its {@code Retry-After} value (or null) and its body. */
    final int status;
    final CharSequence retryAfter;
    final Buffer errorBody;
    /** The non-streaming {@code 200} body. */
    final Buffer json;
    /** The SSE events before the one carrying {@code finish_reason}. */
    final Buffer[] events;
    /** The SSE event carrying {@code finish_reason}. */
    final Buffer finish;
    /** The SSE event carrying {@code usage}, sent when the request asks for it. */
    final Buffer usage;

    RenderedStep(Kind kind, long delayMs, long chunkDelayMs, boolean cutOff, boolean malformed, int status,
            CharSequence retryAfter, Buffer errorBody, Buffer json, Buffer[] events, Buffer finish, Buffer usage) {
        this.kind = kind;
        this.delayMs = delayMs;
        this.chunkDelayMs = chunkDelayMs;
        this.cutOff = cutOff;
        this.malformed = malformed;
        this.status = status;
        this.retryAfter = retryAfter;
        this.errorBody = errorBody;
        this.json = json;
        this.events = events;
        this.finish = finish;
        this.usage = usage;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether any fault other than a replacing status or hang applies. */
    boolean hasWireFault() {
        return delayMs > 0 || chunkDelayMs > 0 || cutOff || malformed;
    }
}
