package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request whose connection is closed before any byte of response: what the JDK 17 client's
 * connection-pool race (JDK-8338569) looks like to LangChain4j ("header parser received no bytes").
 * The blocking model's own retry sends it again; the streaming model fails the turn.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class DroppedConnectionTest {

    private static final String JSON_REPLY = """
            {"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,
             "message":{"role":"assistant","content":"Hello."},"finish_reason":"stop"}]}""";
    private static final String SSE_REPLY = """
            data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hello."}}]}

            data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

            data: [DONE]

            """;

    private final AtomicInteger requests = new AtomicInteger();
    private HttpServer server;

    /** Drops the first request's connection without a response; answers the others. */
    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (requests.incrementAndGet() == 1) {
                exchange.close();
                return;
            }
            boolean stream = body.contains("\"stream\":true");
            byte[] reply = (stream ? SSE_REPLY : JSON_REPLY).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", stream ? "text/event-stream" : "application/json");
            exchange.sendResponseHeaders(200, reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private TargetHandle open(boolean stream) {
        URI baseUrl = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
        return new LangChain4jTarget().open(new TargetContext(baseUrl, "k", "m", "Be brief.", List.of(),
                Script.singleText("s", "hi", "Hello."), Map.of("stream", String.valueOf(stream))));
    }

    @Test
    void theBlockingModelSendsTheRequestAgain() throws Exception {
        try (TargetHandle handle = open(false)) {
            TurnResult result = handle.runTurn("user-1", "session-1", "hi");
            assertThat(result.completed()).isTrue();
            assertThat(result.finalText()).isEqualTo("Hello.");
        }
        assertThat(requests.get()).isEqualTo(2);
    }

    @Test
    void theStreamingModelFailsTheTurn() throws Exception {
        try (TargetHandle handle = open(true)) {
            assertThatThrownBy(() -> handle.runTurn("user-1", "session-1", "hi"))
                    .hasMessageContaining("header parser received no bytes");
        }
        assertThat(requests.get()).isEqualTo(1);
    }
}
