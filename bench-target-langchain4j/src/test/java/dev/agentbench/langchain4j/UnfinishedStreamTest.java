package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;

/**
 * A stream that ends cleanly before its final chunk (no {@code finish_reason}, then {@code [DONE]}):
 * LangChain4j completes the turn with the text it got, and the target reports it as not completed,
 * which fails the harness's checks. The mock cannot send this (its cut-off fault closes the
 * connection, which LangChain4j reports as an error), so a one-answer server sends it here.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class UnfinishedStreamTest {

    private static final String STREAM = """
            data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Half an "}}]}

            data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"answer"}}]}

            data: [DONE]

            """;

    @Test
    void aStreamWithoutItsFinalChunkIsReportedAsNotCompleted() throws Exception {
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
        try {
            URI baseUrl = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
            TargetContext context = new TargetContext(baseUrl, "k", "m", "Be brief.", List.of(),
                    Script.singleText("s", "hi", "Half an answer"), Map.of("stream", "true"));
            try (TargetHandle handle = new LangChain4jTarget().open(context)) {
                TurnResult result = handle.runTurn("user-1", "session-1", "hi");
                assertThat(result.finalText()).isEqualTo("Half an answer");
                assertThat(result.completed()).isFalse();
            }
        } finally {
            server.stop(0);
        }
    }
}
