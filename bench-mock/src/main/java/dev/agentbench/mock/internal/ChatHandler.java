package dev.agentbench.mock.internal;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.List;

/**
 * The hot path: {@code POST /s/{name}/v1/chat/completions} (a registered script) and
 * {@code POST /v1/chat/completions} (the marker script). These requests are claimed before the
 * router sees them, so that each costs one small body buffer, one streaming parse and a few
 * writes of pre-rendered bytes — no routing context, regex match or generic body handler.
 */
final class ChatHandler {

    static final String SCRIPT_PREFIX = "/s/";
    static final String CHAT_SUFFIX = "/v1/chat/completions";

    private final ScriptRegistry scripts;
    private final MockMetrics metrics;
    private final Responder responder;
    private final MarkerScript marker;
    private final int maxBodyBytes;

    ChatHandler(ScriptRegistry scripts, MockMetrics metrics, Responder responder, int maxBodyBytes) {
        this.scripts = scripts;
        this.metrics = metrics;
        this.responder = responder;
        this.marker = new MarkerScript(scripts.renderer());
        this.maxBodyBytes = maxBodyBytes;
    }

    /** Whether {@code path} is a chat-completions path: the root one or a script's. */
    static boolean isChatPath(String path) {
        return path.endsWith(CHAT_SUFFIX) && (path.length() == CHAT_SUFFIX.length()
                || path.length() >= SCRIPT_PREFIX.length() + CHAT_SUFFIX.length() && path.startsWith(SCRIPT_PREFIX));
    }

    /** Serves a request whose path {@link #isChatPath is a chat path}. */
    void handle(HttpServerRequest request) {
        long start = System.nanoTime();
        if (request.method() != HttpMethod.POST) {
            Errors.send(request.response(), 405, "Method [" + request.method().name() + "] is not allowed on ["
                    + request.path() + "]", "method_not_allowed");
            return;
        }
        String path = request.path();
        if (path.length() == CHAT_SUFFIX.length()) {
            metrics.markerRequests.increment();
            readBody(request, body -> markerChat(request.response(), body, start));
        } else {
            metrics.scriptRequests.increment();
            String name = path.substring(SCRIPT_PREFIX.length(), path.length() - CHAT_SUFFIX.length());
            RenderedScript script = scripts.get(name);
            if (script == null) {
                metrics.unknownScript.increment();
                List<String> known = scripts.names();
                Errors.send(request.response(), 404, "Unknown script [" + name + "]; registered scripts: "
                        + (known.size() > 20 ? known.subList(0, 20) + " and " + (known.size() - 20) + " more" : known),
                        "unknown_script");
                return;
            }
            HttpServerResponse response = request.response();
            if (!response.closed()) {
                // In flight from here until the response ends or its connection closes, whichever
                // comes first: Vert.x calls the end handler exactly once for either.
                LoadCounters load = script.load();
                load.accept();
                response.endHandler(load);
            }
            readBody(request, body -> scriptChat(response, script, body, start));
        }
    }

    private void scriptChat(HttpServerResponse response, RenderedScript script, Buffer body, long start) {
        // The mock's own work starts here, the whole request in hand: until its last byte arrives the
        // mock waits on the client, and a client that writes headers and body apart would charge
        // that gap to the mock.
        long work = System.nanoTime();
        ChatRequest request = parse(response, body, false, script.checked());
        if (request == null) {
            return;
        }
        if (request.carried() != null) {
            String missing = script.check(request);
            if (missing != null) {
                metrics.incompleteRequest.increment();
                Errors.send(response, 400, missing, "request_incomplete");
                return;
            }
        }
        RenderedStep step = script.step(request.turn(), request.step());
        if (step == null) {
            metrics.pastEnd.increment();
            Errors.send(response, 500, script.describeEnd(request.turn(), request.step()), "script_ended");
            return;
        }
        responder.send(response, step, request.stream(), request.includeUsage(), start, work,
                script.load().forTurn(request.turn()), tagged(request, step, script, body));
    }

    /**
     * The write times to stamp for a streamed text reply whose request carries a stream tag; {@code
     * null} for any other (the body is searched only for a streamed text reply).
     */
    private static StreamWrites.Reply tagged(ChatRequest request, RenderedStep step, RenderedScript script,
            Buffer body) {
        if (!request.stream() || step.kind != RenderedStep.Kind.TEXT) {
            return null;
        }
        byte[] bytes = body.getBytes();
        String key = dev.agentbench.api.StreamTag.find(bytes, 0, bytes.length);
        return key == null ? null : script.writes().reply(key, request.turn(), request.step(), step);
    }

    private void markerChat(HttpServerResponse response, Buffer body, long start) {
        ChatRequest request = parse(response, body, true, false);
        if (request != null) {
            responder.send(response, marker.reply(request), request.stream(), request.includeUsage(), start, start,
                    null);
        }
    }

    /** The request, or {@code null} after answering 400. */
    private ChatRequest parse(HttpServerResponse response, Buffer body, boolean wantText, boolean measure) {
        try {
            return ChatRequest.parse(body.getBytes(), wantText, measure);
        } catch (ChatRequest.BadRequestException e) {
            metrics.badRequest.increment();
            Errors.send(response, 400, e.getMessage(), "invalid_request");
            return null;
        }
    }

    /** Reads the whole body, or answers 413 (and closes the connection) once it passes the cap. */
    private void readBody(HttpServerRequest request, Handler<Buffer> then) {
        String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        long length = -1;
        if (declared != null) {
            try {
                length = Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                length = -1;
            }
        }
        if (length > maxBodyBytes) {
            tooLarge(request);
            return;
        }
        Buffer body = Buffer.buffer(length >= 0 ? (int) length : 1024);
        long expected = length;
        boolean[] refused = {false};
        boolean[] ended = {false};
        request.handler(chunk -> {
            if (refused[0]) {
                return;
            }
            if (body.length() + chunk.length() > maxBodyBytes) {
                refused[0] = true;
                tooLarge(request);
            } else {
                body.appendBuffer(chunk);
                if (expected < 0 || body.length() < expected) {
                    QuickAck.now(request);
                }
            }
        });
        request.endHandler(v -> {
            ended[0] = true;
            if (!refused[0]) {
                then.handle(body);
            }
        });
        if (expected != 0 && QuickAck.supported()) {
            // What was read with the head is handed over in this same event-loop task. Once that is
            // done, a request with none of its body yet is one whose client wrote the head apart, and
            // may hold the body back until the head is acknowledged (ADK's and Spring AI's OkHttp do,
            // for long requests).
            Vertx.currentContext().runOnContext(v -> {
                if (!refused[0] && !ended[0] && body.length() == 0) {
                    QuickAck.now(request);
                }
            });
        }
    }

    private void tooLarge(HttpServerRequest request) {
        metrics.badRequest.increment();
        // The rest of the body is not read: the connection cannot be reused.
        request.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        Errors.send(request.response(), 413, "Request body larger than the limit of " + maxBodyBytes + " bytes",
                "body_too_large");
    }
}
