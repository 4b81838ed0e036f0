package dev.agentbench.testkit;

import com.sun.net.httpserver.HttpServer;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A loopback server that answers every chat completion with a stream that ends cleanly ({@code data:
 * [DONE]}) before its final chunk: the text arrives, the chunk with {@code finish_reason} never does.
 * The mock cannot send this (its cut-off fault closes the connection, which clients report as an
 * error). A target that streams should report such a turn as not completed; one whose framework gives
 * it no way to tell documents that, and the harness still fails the turn when its text is short.
 *
 * <pre>{@code
 * try (UnfinishedStream server = UnfinishedStream.start();
 *         TargetHandle handle = new MyTarget().open(server.context(Map.of("stream", "true")))) {
 *     TurnResult result = handle.runTurn("user-1", "session-1", UnfinishedStream.USER);
 *     assertThat(result.finalText()).isEqualTo(UnfinishedStream.TEXT);
 *     assertThat(result.completed()).isFalse();
 * }
 * }</pre>
 */
public final class UnfinishedStream implements AutoCloseable {

    /** What the user says. */
    public static final String USER = "hi";

    /** The text the stream carries, in two chunks, and what the script expects as the whole reply. */
    public static final String TEXT = "Half an answer";

    private static final String STREAM = """
            data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Half an "}}]}

            data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"answer"}}]}

            data: [DONE]

            """;

    private final HttpServer server;

    private UnfinishedStream(HttpServer server) {
        this.server = server;
    }

    /** Starts the server on a free loopback port. */
    public static UnfinishedStream start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body = STREAM.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return new UnfinishedStream(server);
    }

    /** The OpenAI-compatible base URL, {@code http://127.0.0.1:PORT/v1}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    /**
     * A context for one turn against this server: no tools, a one-turn script whose reply is {@link
     * #TEXT}, and {@code options} (a streaming target needs its own stream option among them).
     */
    public TargetContext context(Map<String, String> options) {
        return new TargetContext(baseUrl(), "agentbench", "agentbench-mock", "Be brief.", List.of(),
                Script.singleText("unfinished", USER, TEXT), new HashMap<>(options));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
