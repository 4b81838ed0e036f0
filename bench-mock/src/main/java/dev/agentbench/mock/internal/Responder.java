package dev.agentbench.mock.internal;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * Sends a rendered step: JSON or SSE, with the step's faults. Without faults it is a handful of
 * writes of pre-rendered buffers; faults that wait use event-loop timers, never a blocked thread.
 * Every wait is bounded by the hang limit, so nothing the mock opens outlives it.
 */
final class Responder {

    static final CharSequence TEXT_EVENT_STREAM = HttpHeaders.createOptimized("text/event-stream");
    static final CharSequence NO_CACHE = HttpHeaders.createOptimized("no-cache");
    static final CharSequence RETRY_AFTER = HttpHeaders.createOptimized("Retry-After");

    private final Vertx vertx;
    private final MockMetrics metrics;
    private final long hangLimitMs;

    Responder(Vertx vertx, MockMetrics metrics, long hangLimitMs) {
        this.vertx = vertx;
        this.metrics = metrics;
        this.hangLimitMs = hangLimitMs;
    }

    /**
     * Sends {@code step} as the reply to a request that asked for {@code stream} and {@code usage};
     * every hold (delay timer) is recorded in {@code load}, unless it is {@code null} (the marker), and
     * so is the mock's own work on a reply it writes in full: from {@code workNanos} (the request's
     * last byte read) to the reply's last byte written, each wait left out. A wait is left out by
     * moving the work's start on by as long as the timer took to fire, lateness included: the
     * scheduled wait is the script's, and a late timer is the event loop's, not the reply's work.
     */
    void send(HttpServerResponse response, RenderedStep step, boolean stream, boolean usage, long startNanos,
            long workNanos, LoadCounters load) {
        send(response, step, stream, usage, startNanos, workNanos, load, null);
    }

    /**
     * As {@link #send(HttpServerResponse, RenderedStep, boolean, boolean, long, long, LoadCounters)},
     * stamping into {@code tagged} (unless it is {@code null}) the time just before each streamed event
     * is written, and keeping it once the stream is written in full.
     */
    void send(HttpServerResponse response, RenderedStep step, boolean stream, boolean usage, long startNanos,
            long workNanos, LoadCounters load, StreamWrites.Reply tagged) {
        metrics.countStep(step);
        if (step.delayMs > 0) {
            long delayMs = bounded(step.delayMs);
            long set = System.nanoTime();
            vertx.setTimer(delayMs, id -> {
                long fired = System.nanoTime();
                if (load != null) {
                    load.held(delayMs, set, fired);
                }
                if (!response.closed()) {
                    begin(response, step, stream, usage, startNanos, workNanos + (fired - set), load, tagged);
                }
            });
        } else {
            begin(response, step, stream, usage, startNanos, workNanos, load, tagged);
        }
    }

    private void begin(HttpServerResponse response, RenderedStep step, boolean stream, boolean usage, long start,
            long work, LoadCounters load, StreamWrites.Reply tagged) {
        switch (step.kind) {
            case STATUS -> {
                response.setStatusCode(step.status).putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON);
                if (step.retryAfter != null) {
                    response.putHeader(RETRY_AFTER, step.retryAfter);
                }
                response.end(step.errorBody);
                served(load, work);
                metrics.recordLatency(start);
            }
            case HANG -> hang(response, stream);
            default -> {
                if (stream) {
                    stream(response, step, usage, start, work, load, tagged);
                } else {
                    json(response, step, start, work, load);
                }
            }
        }
    }

    /** Records the mock's work on a reply whose last byte it has just written, begun at {@code work}. */
    private static void served(LoadCounters load, long work) {
        if (load != null) {
            load.served(System.nanoTime() - work);
        }
    }

    private void json(HttpServerResponse response, RenderedStep step, long start, long work, LoadCounters load) {
        response.putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON);
        if (step.cutOff) {
            // Announce the whole body, send half of it, and close the connection.
            Buffer body = step.json;
            response.putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length()));
            response.write(body.slice(0, body.length() / 2)).onComplete(done -> response.reset());
            return;
        }
        response.end(step.json);
        served(load, work);
        metrics.recordLatency(start);
    }

    private void stream(HttpServerResponse response, RenderedStep step, boolean usage, long start, long work,
            LoadCounters load, StreamWrites.Reply tagged) {
        response.setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, TEXT_EVENT_STREAM)
                .putHeader(HttpHeaders.CACHE_CONTROL, NO_CACHE);
        if (step.chunkDelayMs == 0) {
            if (tagged == null) {
                writeAll(response, step, usage, start, work, load, null);
            } else {
                // A reply written while the request is still being read is flushed only once the read
                // is over, all of it at once; written on the next turn of the event loop, each event is
                // flushed as it is written, as a model server flushes each token, and its write time is
                // when it went to the socket.
                vertx.runOnContext(v -> {
                    if (!response.closed()) {
                        writeAll(response, step, usage, start, work, load, tagged);
                    }
                });
            }
            return;
        }
        new DelayedStream(response, step, usage, start, work, load, tagged).next();
    }

    /** Writes every event of a stream with no chunk delay, then its end. */
    private void writeAll(HttpServerResponse response, RenderedStep step, boolean usage, long start, long work,
            LoadCounters load, StreamWrites.Reply tagged) {
        Future<Void> written = null;
        Buffer[] events = step.events;
        for (int i = 0; i < events.length; i++) {
            if (tagged != null) {
                tagged.stamp(i);
            }
            written = response.write(events[i]);
        }
        if (step.cutOff) {
            // Close only once the events are on the wire, so the client sees them, then the break.
            written.onComplete(done -> response.reset());
            return;
        }
        response.write(step.finish);
        if (usage) {
            response.write(step.usage);
        }
        response.end(Renderer.DONE);
        served(load, work);
        metrics.recordLatency(start);
        if (tagged != null) {
            tagged.done();
        }
    }

    /** A stream that waits {@code chunkDelayMs} before each event. */
    private final class DelayedStream {
        private final HttpServerResponse response;
        private final RenderedStep step;
        private final Buffer[] events;
        private final long start;
        private final LoadCounters load;
        private final StreamWrites.Reply tagged;
        private final long delayMs;
        private int next;
        /** When the mock's work on this reply began, moved on by each wait so far. */
        private long work;

        DelayedStream(HttpServerResponse response, RenderedStep step, boolean usage, long start, long work,
                LoadCounters load, StreamWrites.Reply tagged) {
            this.response = response;
            this.tagged = tagged;
            this.step = step;
            this.start = start;
            this.work = work;
            this.load = load;
            this.delayMs = bounded(step.chunkDelayMs);
            int tail = step.cutOff ? 0 : (usage ? 3 : 2);
            this.events = java.util.Arrays.copyOf(step.events, step.events.length + tail);
            if (!step.cutOff) {
                int i = step.events.length;
                events[i++] = step.finish;
                if (usage) {
                    events[i++] = step.usage;
                }
                events[i] = Renderer.DONE;
            }
        }

        void next() {
            long set = System.nanoTime();
            vertx.setTimer(delayMs, id -> {
                long fired = System.nanoTime();
                work += fired - set;
                if (load != null) {
                    load.held(delayMs, set, fired);
                }
                if (response.closed()) {
                    return;
                }
                if (tagged != null) {
                    tagged.stamp(next);
                }
                Buffer event = events[next++];
                if (next < events.length) {
                    response.write(event);
                    next();
                } else if (step.cutOff) {
                    response.write(event).onComplete(done -> response.reset());
                } else {
                    response.end(event);
                    served(load, work);
                    metrics.recordLatency(start);
                    if (tagged != null) {
                        tagged.done();
                    }
                }
            });
        }
    }

    /** Headers, then nothing; the connection is closed after the hang limit (or by the client). */
    private void hang(HttpServerResponse response, boolean stream) {
        response.setChunked(true).putHeader(HttpHeaders.CONTENT_TYPE, stream ? TEXT_EVENT_STREAM : Errors.APPLICATION_JSON);
        if (stream) {
            response.putHeader(HttpHeaders.CACHE_CONTROL, NO_CACHE);
        }
        response.writeHead();
        long timer = vertx.setTimer(hangLimitMs, id -> {
            if (!response.closed()) {
                response.reset();
            }
        });
        response.closeHandler(v -> vertx.cancelTimer(timer));
    }

    private long bounded(long delayMs) {
        return Math.max(1, Math.min(delayMs, hangLimitMs));
    }
}
