package dev.agentbench.builtin.target;

import dev.agentbench.builtin.loop.ChatJson;
import dev.agentbench.builtin.loop.Message;
import dev.agentbench.builtin.loop.ModelClient;
import dev.agentbench.builtin.loop.Reply;
import dev.agentbench.builtin.loop.ToolRunner;
import dev.agentbench.api.StreamObserver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The {@code raw} target's model client: the JDK's {@link HttpClient} (HTTP/1.1, a pool of
 * connections, a selector thread and an executor for its callbacks) carrying the requests and
 * replies that {@link ChatJson} writes and reads, as one JSON body or as server-sent events read
 * line by line. Anything that is not a complete reply (an error status, a stream cut before its
 * last chunk) is an exception.
 *
 * <p>Every {@code raw} agent of a JVM sends through one {@link HttpClient}, built with the first and
 * kept for the JVM's life, as the JDK means a client to be used: building an agent builds no client.
 * A client per agent would hold a selector thread and its file descriptors until the garbage collector
 * found the client unreachable (Java 17's client has no {@code close()}), so an {@code instantiation}
 * cell, which builds agents by the ten thousand between collections, ran out of file descriptors.
 */
final class ChatCompletionsClient implements ModelClient {

    private final URI endpoint;
    private final String authorization;
    private final ChatJson json;
    private final HttpClient http = Shared.HTTP;

    /** The one client of this JVM's {@code raw} agents, built when the first is; its threads are daemons. */
    private static final class Shared {
        private static final ExecutorService EXECUTOR =
                Executors.newCachedThreadPool(ToolRunner.daemonThreads("raw-http"));
        static final HttpClient HTTP = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .executor(EXECUTOR)
                .build();
    }

    ChatCompletionsClient(URI baseUrl, String apiKey, ChatJson json) {
        String base = baseUrl.toString();
        this.endpoint = URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
        this.authorization = "Bearer " + apiKey;
        this.json = json;
    }

    @Override
    public Reply complete(List<Message> messages) throws IOException, InterruptedException {
        return complete(messages, StreamObserver.NONE);
    }

    /** As {@link #complete(List)}, each streamed piece told to {@code observer} as its line is read. */
    @Override
    public Reply complete(List<Message> messages, StreamObserver observer) throws IOException, InterruptedException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(1024);
        json.writeRequest(messages, body);
        HttpRequest httpRequest = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Authorization", authorization)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
                .build();
        if (!json.stream()) {
            HttpResponse<byte[]> response = send(httpRequest, HttpResponse.BodyHandlers.ofByteArray());
            checkStatus(response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
            return ChatJson.readCompletion(response.body(), 0, response.body().length);
        }
        HttpResponse<Stream<String>> response = send(httpRequest, HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            checkStatus(response.statusCode(), () -> String.join("\n", lines.toList()));
            ChatJson.Events events = new ChatJson.Events(observer);
            Iterator<String> iterator = lines.iterator();
            while (iterator.hasNext()) {
                String line = iterator.next();
                if (line.startsWith("data:")) { // blank separators, comments and other fields are skipped
                    byte[] data = line.substring(5).getBytes(StandardCharsets.UTF_8);
                    if (events.data(data, 0, data.length)) {
                        break;
                    }
                }
            }
            return events.reply();
        }
    }

    /**
     * Sends once more, on a fresh exchange, when the first attempt got no byte of a response at all:
     * the JDK 17 client can hand out a pooled connection that its own idle-connection cleanup is
     * closing at that moment (a race fixed in JDK 24, JDK-8338569), and clients such as OkHttp retry
     * such a failure by default. Any failure after the first response byte is never retried.
     */
    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        try {
            return http.send(request, handler);
        } catch (IOException e) {
            if (!noResponseByte(e)) {
                throw e;
            }
            return http.send(request, handler);
        }
    }

    static boolean noResponseByte(IOException e) {
        return String.valueOf(e.getMessage()).contains("header parser received no bytes");
    }

    private static void checkStatus(int status, Supplier<String> body) throws IOException {
        if (status != 200) {
            throw new IOException("The model answered HTTP " + status + ": " + body.get());
        }
    }

    /** Closes nothing: the client is the JVM's, shared by every {@code raw} agent. */
    @Override
    public void close() {}
}
