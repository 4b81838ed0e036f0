package dev.agentbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnfinishedStreamTest {

    @Test
    void theStreamCarriesTheTextAndEndsCleanlyWithoutAFinishReason() throws Exception {
        try (UnfinishedStream server = UnfinishedStream.start()) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(server.baseUrl() + "/chat/completions"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"stream\":true}")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
            assertThat(response.body()).contains("\"content\":\"Half an \"", "\"content\":\"answer\"")
                    .doesNotContain("finish_reason").endsWith("data: [DONE]\n\n");
            assertThat(server.context(Map.of("stream", "true")).options()).containsEntry("stream", "true");
            assertThat(server.context(Map.of()).script().turns().get(0).finalText()).isEqualTo(UnfinishedStream.TEXT);
        }
    }
}
