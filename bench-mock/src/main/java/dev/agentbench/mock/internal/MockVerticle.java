package dev.agentbench.mock.internal;

import dev.agentbench.api.script.Script;
import dev.agentbench.mock.ScriptJson;
import dev.agentbench.mock.ScriptLoad;
import io.netty.util.NetUtil;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.net.InetAddress;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One HTTP server of the mock on one event loop; the mock deploys one per event loop, all on the
 * same port. The router is set up in {@link #router()}, the one place that maps paths to handlers.
 */
public final class MockVerticle extends VerticleBase {

    private static final Logger LOG = Logger.getLogger(MockVerticle.class.getName());
    private static final Buffer HEALTH = Buffer.buffer("{\"status\":\"ok\"}");

    private final String host;
    private final int port;
    private final int maxBodyBytes;
    private final long hangLimitMs;
    private final ScriptRegistry scripts;
    private final MockMetrics metrics;
    private final Buffer models;
    private ChatHandler chat;
    private HttpServer server;

    public MockVerticle(String host, int port, int maxBodyBytes, long hangLimitMs, ScriptRegistry scripts,
            MockMetrics metrics) {
        this.host = host;
        this.port = port;
        this.maxBodyBytes = maxBodyBytes;
        this.hangLimitMs = hangLimitMs;
        this.scripts = scripts;
        this.metrics = metrics;
        this.models = Buffer.buffer(Json.bytes(g -> {
            g.writeStartObject();
            g.writeStringField("object", "list");
            g.writeArrayFieldStart("data");
            g.writeStartObject();
            g.writeStringField("id", Renderer.MODEL);
            g.writeStringField("object", "model");
            g.writeNumberField("created", 0);
            g.writeStringField("owned_by", "agentbench");
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
        }));
    }

    @Override
    public Future<?> start() {
        chat = new ChatHandler(scripts, metrics, new Responder(vertx, metrics, hangLimitMs), maxBodyBytes);
        Router router = router();
        HttpServerOptions options = new HttpServerOptions()
                .setHandle100ContinueAutomatically(true)
                // HTTP/1.1 only: every client speaks it, and the wire rules are chunked HTTP/1.1.
                .setHttp2ClearTextEnabled(false);
        return vertx.createHttpServer(options)
                .requestHandler(request -> dispatch(request, router))
                .listen(port, host)
                .onSuccess(s -> server = s);
    }

    /** The port this server listens on, once started. */
    public int actualPort() {
        return server.actualPort();
    }

    /**
     * Chat completions go straight to the {@link ChatHandler}: they are the hot path, and skip the
     * router's per-request context, path matching and generic body handler. Everything else goes
     * through the router.
     */
    private void dispatch(HttpServerRequest request, Router router) {
        if (ChatHandler.isChatPath(request.path())) {
            chat.handle(request);
        } else {
            router.handle(request);
        }
    }

    /** The router: every path but the chat completions, which {@link #dispatch} serves first. */
    private Router router() {
        Router router = Router.router(vertx);
        BodyHandler body = BodyHandler.create(false).setBodyLimit(maxBodyBytes);
        router.get("/v1/models").handler(this::models);
        router.get("/s/:name/v1/models").handler(this::models);
        router.get("/").handler(this::health);
        router.head("/").handler(this::health);
        router.route("/admin/*").handler(this::loopbackOnly);
        router.get("/admin/scripts").handler(this::listScripts);
        router.put("/admin/scripts/:name").handler(body).handler(this::putScript);
        router.delete("/admin/scripts/:name").handler(this::deleteScript);
        router.get("/admin/scripts/:name/load").handler(this::scriptLoad);
        router.get("/admin/scripts/:name/writes").handler(this::scriptWrites);
        router.get("/admin/metrics").handler(this::metrics);
        for (int status : new int[] {400, 403, 404, 405, 413, 500}) {
            router.errorHandler(status, this::routingError);
        }
        return router;
    }

    private void models(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON).end(models);
    }

    private void health(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON).end(HEALTH);
    }

    private void loopbackOnly(RoutingContext ctx) {
        SocketAddress remote = ctx.request().remoteAddress();
        if (remote != null && isLoopback(remote.hostAddress())) {
            ctx.next();
        } else {
            error(ctx, 403, "The admin API answers loopback callers only; caller ["
                    + (remote == null ? "unknown" : remote.hostAddress()) + "]", "forbidden");
        }
    }

    /** Whether {@code address}, an IP literal, is a loopback address (IPv4-mapped IPv6 included). */
    public static boolean isLoopback(String address) {
        if (address == null) {
            return false;
        }
        // Netty parses IP literals only, so no name is ever resolved here.
        InetAddress ip = NetUtil.createInetAddressFromIpAddressString(address);
        return ip != null && ip.isLoopbackAddress();
    }

    private void listScripts(RoutingContext ctx) {
        List<String> names = scripts.names();
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON).end(Buffer.buffer(Json.bytes(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("scripts");
            for (String name : names) {
                g.writeString(name);
            }
            g.writeEndArray();
            g.writeEndObject();
        })));
    }

    private void putScript(RoutingContext ctx) {
        String name = ctx.pathParam("name");
        if (!Script.NAME.matcher(name).matches()) {
            error(ctx, 400, "Script name [" + name + "] must match " + Script.NAME, "invalid_script");
            return;
        }
        Script script;
        try {
            script = ScriptJson.parse(ctx.body().asString(), name);
        } catch (IllegalArgumentException e) {
            error(ctx, 400, "Script [" + name + "]: " + e.getMessage(), "invalid_script");
            return;
        }
        if (!script.name().equals(name)) {
            error(ctx, 400, "Script name [" + script.name() + "] in the body differs from [" + name + "] in the path",
                    "invalid_script");
            return;
        }
        int timedFromTurn = wholeParam(ctx, "timedFromTurn", 0);
        if (timedFromTurn < 0) {
            return;
        }
        try {
            scripts.register(script, timedFromTurn);
        } catch (IllegalArgumentException e) {
            error(ctx, 400, "Script [" + name + "]: " + e.getMessage(), "invalid_script");
            return;
        }
        ctx.response().setStatusCode(204).end();
    }

    private void deleteScript(RoutingContext ctx) {
        String name = ctx.pathParam("name");
        if (scripts.remove(name)) {
            ctx.response().setStatusCode(204).end();
        } else {
            error(ctx, 404, "Unknown script [" + name + "]", "unknown_script");
        }
    }

    private void scriptLoad(RoutingContext ctx) {
        String name = ctx.pathParam("name");
        RenderedScript script = scripts.get(name);
        if (script == null) {
            error(ctx, 404, "Unknown script [" + name + "]", "unknown_script");
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON)
                .end(Buffer.buffer(loadJson(script.load().snapshot())));
    }

    /**
     * {@code GET /admin/scripts/{name}/writes?last=N}: when the mock wrote each event of the script's
     * last N tagged streamed text replies (all it keeps when {@code last} is absent), see {@link
     * StreamWrites#toJson}.
     */
    private void scriptWrites(RoutingContext ctx) {
        String name = ctx.pathParam("name");
        RenderedScript script = scripts.get(name);
        if (script == null) {
            error(ctx, 404, "Unknown script [" + name + "]", "unknown_script");
            return;
        }
        int last = wholeParam(ctx, "last", StreamWrites.CAPACITY);
        if (last < 0) {
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON)
                .end(Buffer.buffer(script.writes().toJson(last)));
    }

    /**
     * The query parameter {@code name} as a whole number of 0 or more, {@code absent} without it; -1
     * after answering 400 when it is not one.
     */
    private static int wholeParam(RoutingContext ctx, String name, int absent) {
        String param = ctx.request().getParam(name);
        if (param == null) {
            return absent;
        }
        int value;
        try {
            value = Integer.parseInt(param.trim());
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 0) {
            error(ctx, 400, "Parameter [" + name + "] must be a whole number of 0 or more, was [" + param + "]",
                    "invalid_request");
        }
        return value;
    }

    /**
     * {@code {"requests":N,"inFlight":N,"maxInFlight":N,"holds":N,"heldNanos":N,"lateMaxMicros":N,
     * "lateP99Micros":N,"lateTotalMicros":N,"served":N,"serveMedianNanos":N,"serveP99Nanos":N,
     * "serveTotalNanos":N}}: the fields of {@link ScriptLoad}, in its order.
     */
    static byte[] loadJson(ScriptLoad load) {
        return Json.bytes(g -> {
            g.writeStartObject();
            g.writeNumberField("requests", load.requests());
            g.writeNumberField("inFlight", load.inFlight());
            g.writeNumberField("maxInFlight", load.maxInFlight());
            g.writeNumberField("holds", load.holds());
            g.writeNumberField("heldNanos", load.heldNanos());
            g.writeNumberField("lateMaxMicros", load.lateMaxMicros());
            g.writeNumberField("lateP99Micros", load.lateP99Micros());
            g.writeNumberField("lateTotalMicros", load.lateTotalMicros());
            g.writeNumberField("served", load.served());
            g.writeNumberField("serveMedianNanos", load.serveMedianNanos());
            g.writeNumberField("serveP99Nanos", load.serveP99Nanos());
            g.writeNumberField("serveTotalNanos", load.serveTotalNanos());
            g.writeEndObject();
        });
    }

    private void metrics(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Errors.APPLICATION_JSON)
                .end(Buffer.buffer(metrics.toJson()));
    }

    /** Unmatched paths, wrong methods, oversized bodies and handler failures. */
    private void routingError(RoutingContext ctx) {
        int status = ctx.statusCode();
        String method = ctx.request().method().name();
        String path = ctx.request().path();
        switch (status) {
            case 404 -> error(ctx, 404, "Unknown path [" + method + " " + path + "]", "not_found");
            case 405 -> error(ctx, 405, "Method [" + method + "] is not allowed on [" + path + "]", "method_not_allowed");
            case 413 -> error(ctx, 413, "Request body larger than the limit of " + maxBodyBytes + " bytes", "body_too_large");
            case 400 -> error(ctx, 400, "Bad request [" + method + " " + path + "]"
                    + (ctx.failure() == null ? "" : ": " + ctx.failure().getMessage()), "invalid_request");
            default -> {
                LOG.log(Level.WARNING, "Failed " + method + " " + path, ctx.failure());
                error(ctx, status, "Internal error on [" + method + " " + path + "]: "
                        + (ctx.failure() == null ? "status " + status : ctx.failure()), "internal_error");
            }
        }
    }

    private static void error(RoutingContext ctx, int status, String message, String code) {
        HttpServerResponse response = ctx.response();
        Errors.send(response, status, message, code);
    }
}
