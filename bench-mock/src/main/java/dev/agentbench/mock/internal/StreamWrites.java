package dev.agentbench.mock.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * When the mock wrote each event of a script's streamed text replies whose request carried a stream
 * tag ({@link dev.agentbench.api.StreamTag}): a bounded ring of the last {@link #CAPACITY} replies,
 * each its tag's key, its place in the script and one {@link System#nanoTime()} per event, taken just
 * before the event's write. The harness reads them after its timed pass ({@code GET
 * /admin/scripts/{name}/writes?last=N}) and pairs them with the deliveries its child saw. The
 * lengths of the events' text are read off the rendered step when the ring is read, never while the
 * reply is written.
 */
public final class StreamWrites {

    /** Replies kept, the last ones; older ones are overwritten. */
    public static final int CAPACITY = 2048;

    private final Reply[] ring = new Reply[CAPACITY];
    private long added;

    /** One reply being written: {@link #stamp} before each event, then {@link #add} once it is whole. */
    static final class Reply {
        final StreamWrites into;
        final String key;
        final int turn;
        final int step;
        final RenderedStep rendered;
        final long[] writes;
        int written;

        Reply(StreamWrites into, String key, int turn, int step, RenderedStep rendered) {
            this.into = into;
            this.key = key;
            this.turn = turn;
            this.step = step;
            this.rendered = rendered;
            this.writes = new long[rendered.events.length];
        }

        /** Keeps this reply in its ring: it was written in full. */
        void done() {
            into.add(this);
        }

        /** Stamps the write of event {@code index}, when it is one of the step's events before the finish. */
        void stamp(int index) {
            if (index < writes.length) {
                writes[index] = System.nanoTime();
                written = Math.max(written, index + 1);
            }
        }
    }

    /** A reply to stamp, of {@code step} at {@code turn}, {@code stepIndex}, for the tag {@code key}. */
    Reply reply(String key, int turn, int stepIndex, RenderedStep step) {
        return new Reply(this, key, turn, stepIndex, step);
    }

    /** Keeps {@code reply}, written in full. */
    synchronized void add(Reply reply) {
        ring[(int) (added++ % CAPACITY)] = reply;
    }

    /** The last {@code last} replies kept, oldest first. */
    synchronized List<Reply> last(int last) {
        int n = (int) Math.min(Math.min(last, added), CAPACITY);
        List<Reply> replies = new ArrayList<>(n);
        for (long i = added - n; i < added; i++) {
            replies.add(ring[(int) (i % CAPACITY)]);
        }
        return replies;
    }

    /**
     * The text each event of {@code step} carries, in characters: its first choice's {@code
     * delta.content}; 0 for an event with none (the role's first chunk).
     */
    static int[] chars(RenderedStep step) {
        int[] chars = new int[step.events.length];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = contentLength(step.events[i]);
        }
        return chars;
    }

    private static int contentLength(Buffer event) {
        String text = event.toString(StandardCharsets.UTF_8);
        int start = text.indexOf('{');
        int end = text.lastIndexOf('}');
        if (start < 0 || end < start) {
            return 0;
        }
        try {
            JsonNode content = Json.MAPPER.readTree(text.substring(start, end + 1)).path("choices").path(0)
                    .path("delta").path("content");
            return content.isTextual() ? content.asText().length() : 0;
        } catch (IOException e) {
            return 0; // a malformed chunk carries no text a client could deliver
        }
    }

    /**
     * {@code {"replies":[{"key":"..","turn":0,"step":1,"writes":[ns,...],"chars":[n,...]},...]}}: the
     * last {@code last} replies, oldest first, each with the events it wrote.
     */
    byte[] toJson(int last) {
        List<Reply> replies = last(last);
        return Json.bytes(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("replies");
            for (Reply reply : replies) {
                int[] chars = chars(reply.rendered);
                g.writeStartObject();
                g.writeStringField("key", reply.key);
                g.writeNumberField("turn", reply.turn);
                g.writeNumberField("step", reply.step);
                g.writeArrayFieldStart("writes");
                for (int i = 0; i < reply.written; i++) {
                    g.writeNumber(reply.writes[i]);
                }
                g.writeEndArray();
                g.writeArrayFieldStart("chars");
                for (int i = 0; i < reply.written; i++) {
                    g.writeNumber(chars[i]);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
