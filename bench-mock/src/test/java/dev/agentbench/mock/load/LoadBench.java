package dev.agentbench.mock.load;

import dev.agentbench.api.script.Script;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A load benchmark of the mock, side by side with a bare Vert.x server returning the same bytes.
 * Loopback only, bounded in time and in requests. Run (from the repository root):
 *
 * <pre>
 * mvn -B -q -pl bench-mock test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp bench-mock/target/test-classes:bench-mock/target/classes:$(cat bench-mock/target/test-classpath.txt) \
 *      dev.agentbench.mock.load.LoadBench [--connections 32] [--seconds 10] [--warmup-seconds 5] [--event-loops 2]
 * </pre>
 *
 * With {@code --serve N} it only starts both servers, prints their URLs and request bodies, and
 * serves for N seconds (at most 600), for an outside load generator: {@code bench-mock/load/wrk.sh}.
 *
 * Each of {@code connections} clients sends one request at a time on its own keep-alive connection
 * and checks every reply's status and length; it prints requests/s, latency percentiles and the
 * CPU time each server's threads spent per request (the figure least disturbed by other load).
 */
public final class LoadBench {

    /** A hard bound on requests per measurement, whatever the duration. */
    static final long MAX_REQUESTS = 5_000_000;

    private static final String BODY = """
            {"model":"gpt-4o-mini","stream":%s,"stream_options":{"include_usage":%s},
             "messages":[{"role":"system","content":"You are a helpful assistant."},
                         {"role":"user","content":"What is the weather in Paris today?"}],
             "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather by city",
                "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}]}
            """;

    private LoadBench() {}

    public static void main(String[] args) throws Exception {
        int connections = 32;
        int seconds = 10;
        int warmup = 5;
        int eventLoops = 2;
        int serve = 0;
        for (int i = 0; i + 1 < args.length; i += 2) {
            int value = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--connections" -> connections = value;
                case "--seconds" -> seconds = value;
                case "--warmup-seconds" -> warmup = value;
                case "--event-loops" -> eventLoops = value;
                case "--serve" -> serve = Math.min(value, 600);
                default -> throw new IllegalArgumentException("Unknown option [" + args[i] + "]");
            }
        }
        Script script = Script.singleText("load", "What is the weather in Paris today?",
                "It is sunny in Paris today, 24 degrees, with a light breeze from the west.");
        Vertx clientVertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops));
        HttpClientAgent client = clientVertx.createHttpClient(new HttpClientOptions().setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(connections));
        Set<Long> others = threadIds();
        try (MockServer mock = MockServer.start(MockConfig.defaults().withEventLoops(eventLoops)
                .withScripts(List.of(script)))) {
            Set<Long> mockThreads = threadIds();
            mockThreads.removeAll(others);
            String path = "/s/load/v1/chat/completions";
            Buffer jsonBody = Buffer.buffer(BODY.formatted("false", "false"));
            Buffer sseBody = Buffer.buffer(BODY.formatted("true", "true"));
            Buffer json = fetch(client, mock.port(), path, jsonBody);
            Buffer sse = fetch(client, mock.port(), path, sseBody);
            List<Buffer> events = new ArrayList<>();
            for (String event : sse.toString().split("(?<=\n\n)")) {
                events.add(Buffer.buffer(event));
            }
            others = threadIds();
            try (BareServer bare = BareServer.start(eventLoops, json, events)) {
                Set<Long> bareThreads = threadIds();
                bareThreads.removeAll(others);
                if (serve > 0) {
                    // For an outside load generator (wrk): both servers, for a bounded time.
                    System.out.println("mock json " + mock.baseUrl() + path);
                    System.out.println("mock sse " + mock.baseUrl() + path);
                    System.out.println("bare json http://127.0.0.1:" + bare.port + "/json");
                    System.out.println("body json " + jsonBody.toString().replace("\n", " "));
                    System.out.println("body sse " + sseBody.toString().replace("\n", " "));
                    System.out.println("bare sse http://127.0.0.1:" + bare.port + "/sse");
                    System.out.println("serving for " + serve + " s");
                    System.out.flush();
                    Thread.sleep(TimeUnit.SECONDS.toMillis(serve));
                    return;
                }
                System.out.printf(Locale.ROOT, "agentbench-mock load: %d connections, %d s each after %d s warm-up, "
                        + "%d event loops per server, %d cores%n", connections, seconds, warmup, eventLoops,
                        Runtime.getRuntime().availableProcessors());
                System.out.printf(Locale.ROOT, "%-10s %-5s %12s %10s %10s %14s %8s%n", "server", "reply", "req/s",
                        "p50 ms", "p99 ms", "server CPU/req", "errors");
                for (String kind : List.of("json", "sse")) {
                    Buffer body = kind.equals("json") ? jsonBody : sseBody;
                    int expected = (kind.equals("json") ? json : sse).length();
                    double bareRate = 0;
                    for (String server : List.of("bare", "mock")) {
                        int port = server.equals("mock") ? mock.port() : bare.port;
                        String uri = server.equals("mock") ? path : "/" + kind;
                        Set<Long> threads = server.equals("mock") ? mockThreads : bareThreads;
                        run(client, port, uri, body, expected, connections, warmup);
                        long cpu = cpuNanos(threads);
                        Result result = run(client, port, uri, body, expected, connections, seconds);
                        double cpuPerRequest = (cpuNanos(threads) - cpu) / 1e3 / result.requests();
                        if (server.equals("bare")) {
                            bareRate = result.rate();
                        }
                        System.out.printf(Locale.ROOT, "%-10s %-5s %12.0f %10.3f %10.3f %11.1f us %8d%s%n", server,
                                kind, result.rate(), result.percentile(50), result.percentile(99), cpuPerRequest,
                                result.errors,
                                server.equals("mock") ? String.format(Locale.ROOT, "   (%.0f%% of bare)",
                                        100 * result.rate() / bareRate) : "");
                    }
                }
            }
        } finally {
            clientVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** The ids of the live threads. */
    private static Set<Long> threadIds() {
        Set<Long> ids = new HashSet<>();
        for (long id : ManagementFactory.getThreadMXBean().getAllThreadIds()) {
            ids.add(id);
        }
        return ids;
    }

    /** The CPU time the given threads have used, in ns: a server's cost, whatever else runs. */
    private static long cpuNanos(Set<Long> threads) {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (long id : threads) {
            total += Math.max(0, bean.getThreadCpuTime(id));
        }
        return total;
    }

    private static Buffer fetch(HttpClientAgent client, int port, String uri, Buffer body) throws Exception {
        return client.request(options(port, uri)).compose(request -> request.send(body))
                .compose(response -> response.body()).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static RequestOptions options(int port, String uri) {
        // A reply that takes longer than 10 s counts as an error, so a run always ends.
        return new RequestOptions().setMethod(HttpMethod.POST).setHost("127.0.0.1").setPort(port).setURI(uri)
                .setTimeout(10_000).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
    }

    /** What one measurement saw. */
    record Result(long requests, long errors, double seconds, long[] latencies) {
        double rate() {
            return requests / seconds;
        }

        double percentile(int p) {
            if (latencies.length == 0) {
                return Double.NaN;
            }
            int index = (int) Math.min(latencies.length - 1, Math.ceil(p / 100.0 * latencies.length) - 1);
            return latencies[Math.max(0, index)] / 1e6;
        }
    }

    /** {@code connections} closed loops for {@code seconds}, or until {@link #MAX_REQUESTS}. */
    private static Result run(HttpClientAgent agent, int port, String uri, Buffer body, int expectedLength,
            int loops, int seconds) throws Exception {
        List<HttpClientConnection> connections = new ArrayList<>();
        try {
            return measure(agent, port, uri, body, expectedLength, loops, seconds, connections);
        } finally {
            for (HttpClientConnection connection : connections) {
                connection.close();
            }
        }
    }

    private static Result measure(HttpClientAgent agent, int port, String uri, Buffer body, int expectedLength,
            int loops, int seconds, List<HttpClientConnection> connections) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong issued = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        List<long[]> perLoop = new ArrayList<>();
        int[] counts = new int[loops];
        List<CompletableFuture<Void>> done = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < loops; c++) {
            long[] latencies = new long[(int) (MAX_REQUESTS / loops)];
            perLoop.add(latencies);
            CompletableFuture<Void> finished = new CompletableFuture<>();
            done.add(finished);
            int loop = c;
            HttpClientConnection connection = agent.connect(new HttpConnectOptions().setHost("127.0.0.1").setPort(port))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            connections.add(connection);
            new Loop(connection, options(port, uri), body, expectedLength, deadline, issued, errors, latencies, counts,
                    loop, finished).next();
        }
        try {
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(seconds + 30L, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            int stuck = 0;
            for (CompletableFuture<Void> f : done) {
                stuck += f.isDone() ? 0 : 1;
            }
            Thread.getAllStackTraces().forEach((t, st) -> {
                if (t.getName().contains("vert.x")) {
                    System.err.println(t.getName() + " " + t.getState() + " " + (st.length > 0 ? st[0] : ""));
                }
            });
            throw new IllegalStateException(stuck + " of " + loops + " loops did not finish; counts "
                    + Arrays.toString(counts) + " issued " + issued.get(), e);
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long total = 0;
        for (int count : counts) {
            total += count;
        }
        long[] all = new long[(int) total];
        int at = 0;
        for (int c = 0; c < loops; c++) {
            System.arraycopy(perLoop.get(c), 0, all, at, counts[c]);
            at += counts[c];
        }
        Arrays.sort(all);
        return new Result(total, errors.get(), elapsed, all);
    }

    /** One closed loop on its own connection: a request, its whole reply, the next request. */
    private record Loop(HttpClient client, RequestOptions options, Buffer body, int expectedLength, long deadline,
            AtomicLong issued, AtomicLong errors, long[] latencies, int[] counts, int index,
            CompletableFuture<Void> finished) {

        void next() {
            if (System.nanoTime() >= deadline || issued.incrementAndGet() > MAX_REQUESTS
                    || counts[index] >= latencies.length) {
                finished.complete(null);
                return;
            }
            long sent = System.nanoTime();
            client.request(options).compose(request -> request.send(body)).compose(response -> {
                if (response.statusCode() != 200) {
                    errors.incrementAndGet();
                }
                return response.body();
            }).onComplete(result -> {
                if (result.failed() || result.result().length() != expectedLength) {
                    if (errors.incrementAndGet() <= 3) {
                        System.err.println("error: " + (result.failed() ? result.cause() : "length " + result.result().length()));
                    }
                }
                latencies[counts[index]++] = System.nanoTime() - sent;
                next();
            });
        }
    }
}
