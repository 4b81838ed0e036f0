package dev.agentbench.mock.load;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The yardstick: a bare Vert.x server on the same number of event loops that answers every request
 * with fixed bytes (the mock's own reply, captured) and does nothing else, so the mock's overhead is
 * whatever it does beyond this. SSE is written as the same events, one write each.
 */
final class BareServer implements AutoCloseable {

    private final Vertx vertx;
    final int port;

    private BareServer(Vertx vertx, int port) {
        this.vertx = vertx;
        this.port = port;
    }

    static BareServer start(int eventLoops, Buffer json, List<Buffer> events) throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops));
        int[] port = new int[1];
        vertx.deployVerticle(() -> new VerticleBase() {
            @Override
            public Future<?> start() {
                return vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(false))
                        .requestHandler(request -> handle(request, json, events))
                        .listen(-1, "127.0.0.1").onSuccess(server -> port[0] = server.actualPort());
            }
        }, new DeploymentOptions().setInstances(eventLoops)).toCompletionStage().toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        return new BareServer(vertx, port[0]);
    }

    private static void handle(HttpServerRequest request, Buffer json, List<Buffer> events) {
        if (request.path().endsWith("/sse")) {
            var response = request.response().setChunked(true)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream")
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
            for (int i = 0; i < events.size() - 1; i++) {
                response.write(events.get(i));
            }
            response.end(events.get(events.size() - 1));
        } else {
            request.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(json);
        }
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
