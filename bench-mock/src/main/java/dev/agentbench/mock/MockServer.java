package dev.agentbench.mock;

import dev.agentbench.api.script.Script;
import dev.agentbench.mock.internal.MockMetrics;
import dev.agentbench.mock.internal.MockVerticle;
import dev.agentbench.mock.internal.RenderedScript;
import dev.agentbench.mock.internal.Renderer;
import dev.agentbench.mock.internal.ScriptRegistry;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A running mock: the in-process handle for tests and tools. The mock normally runs in its own JVM
 * ({@link MockMain}); in-process use is for the mock's own tests and for commands that only serve.
 *
 * <pre>{@code
 * try (MockServer mock = MockServer.start(MockConfig.defaults())) {
 *     mock.register(Script.singleText("hello", "Hi", "Hello!"));
 *     String baseUrl = mock.baseUrl("hello");   // http://127.0.0.1:PORT/s/hello/v1
 * }
 * }</pre>
 */
public final class MockServer implements AutoCloseable {

    private static final long START_TIMEOUT_SECONDS = 30;

    private final Vertx vertx;
    private final MockConfig config;
    private final ScriptRegistry scripts;
    private final MockMetrics metrics;
    private final int port;

    private MockServer(Vertx vertx, MockConfig config, ScriptRegistry scripts, MockMetrics metrics, int port) {
        this.vertx = vertx;
        this.config = config;
        this.scripts = scripts;
        this.metrics = metrics;
        this.port = port;
    }

    /**
     * Starts a mock and returns once it listens, with the configured scripts registered.
     *
     * @throws IllegalStateException if it cannot listen (the port is taken, say)
     */
    public static MockServer start(MockConfig config) {
        Objects.requireNonNull(config, "config");
        ScriptRegistry scripts = new ScriptRegistry(new Renderer(config.textChunks()));
        config.scripts().forEach(scripts::register);
        MockMetrics metrics = new MockMetrics();
        metrics.gaugeScripts(scripts, ScriptRegistry::size);
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(config.eventLoops()));
        try {
            long hangLimitMs = config.hangLimit().toMillis();
            // One server per event loop, all on one port. Vert.x shares a port between servers that
            // ask for the same one; a negative port means "a free port, shared".
            int bindPort = config.port() == 0 ? -1 : config.port();
            List<MockVerticle> servers = new java.util.concurrent.CopyOnWriteArrayList<>();
            await(vertx.deployVerticle(() -> {
                MockVerticle server = new MockVerticle(config.host(), bindPort, config.maxBodyBytes(), hangLimitMs,
                        scripts, metrics);
                servers.add(server);
                return server;
            }, new DeploymentOptions().setInstances(config.eventLoops())));
            int port = servers.get(0).actualPort();
            return new MockServer(vertx, config, scripts, metrics, port);
        } catch (RuntimeException e) {
            vertx.close();
            throw new IllegalStateException("Mock cannot listen on [" + config.host() + ":" + config.port() + "]: "
                    + e.getMessage(), e);
        }
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IllegalStateException(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new IllegalStateException("not started within " + START_TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        }
    }

    /** The port it listens on (the actual one when configured with 0). */
    public int port() {
        return port;
    }

    /** The host it listens on. */
    public String host() {
        return config.host();
    }

    /** {@code http://HOST:PORT}, with an IPv6 host in brackets. */
    public String baseUrl() {
        String host = config.host();
        return "http://" + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** The base URL an OpenAI client is given for {@code script}: {@code http://HOST:PORT/s/<script>/v1}. */
    public String baseUrl(String script) {
        return baseUrl() + "/s/" + script + "/v1";
    }

    /** Registers {@code script} (rendering every step now), replacing one of the same name. */
    public void register(Script script) {
        register(script, 0);
    }

    /**
     * Registers {@code script} as {@link #register(Script)} does, its serve times ({@link
     * ScriptLoad#serveMedianNanos()}) over the replies of the turns from {@code timedFromTurn} (from 0)
     * on: those of a benchmark's timed part, when it prepares each session with the first turns.
     *
     * @throws IllegalArgumentException unless {@code timedFromTurn} is from 0 to the script's turns
     */
    public void register(Script script, int timedFromTurn) {
        scripts.register(Objects.requireNonNull(script, "script"), timedFromTurn);
    }

    /** Removes the script of that name; whether there was one. */
    public boolean unregister(String name) {
        return scripts.remove(name);
    }

    /** The names of the registered scripts, sorted. */
    public List<String> scripts() {
        return scripts.names();
    }

    /**
     * The load counters of {@code script} since it was registered, as served at
     * {@code GET /admin/scripts/{script}/load}; {@code null} if no script of that name is registered.
     */
    public ScriptLoad load(String script) {
        RenderedScript rendered = scripts.get(Objects.requireNonNull(script, "script"));
        return rendered == null ? null : rendered.load().snapshot();
    }

    /** The counters as served at {@code GET /admin/metrics}. */
    public String metricsJson() {
        return new String(metrics.toJson(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Stops serving and releases every thread and socket; waits up to 10 s. */
    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // Best effort: a mock that does not stop in time is left to the JVM's exit.
        }
    }
}
