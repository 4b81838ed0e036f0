package dev.agentbench.mock;

import static dev.agentbench.mock.MockHttp.chat;
import static dev.agentbench.mock.MockHttp.get;
import static dev.agentbench.mock.MockHttp.json;
import static dev.agentbench.mock.MockHttp.post;
import static dev.agentbench.mock.MockHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.script.Script;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The mock's endpoints, over real HTTP against a running server on a free port. */
class MockServerTest {

    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults().withTextChunks(5).withMaxBodyBytes(64 * 1024)
                .withScripts(List.of(TestScripts.text("text"), TestScripts.parallel("parallel"))));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    private static String chatUrl(String script) {
        return mock.baseUrl(script) + "/chat/completions";
    }

    @Test
    void listensOnAFreeLoopbackPort() {
        assertThat(mock.port()).isPositive();
        assertThat(mock.baseUrl()).isEqualTo("http://127.0.0.1:" + mock.port());
        assertThat(mock.baseUrl("x")).isEqualTo("http://127.0.0.1:" + mock.port() + "/s/x/v1");
    }

    @Test
    void nonStreamingTextReplyWhenStreamIsAbsentOrFalse() throws Exception {
        for (Boolean stream : new Boolean[] {null, false}) {
            HttpResponse<String> response = post(chatUrl("text"), chat(stream, false, "user"));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
            JsonNode choice = json(response.body()).path("choices").get(0);
            assertThat(choice.path("message").path("content").asText()).isEqualTo(TestScripts.TEXT);
            assertThat(choice.path("finish_reason").asText()).isEqualTo("stop");
        }
    }

    @Test
    void streamingTextIsSseAndReassemblesExactly() throws Exception {
        HttpResponse<String> response = post(chatUrl("text"), chat(true, false, "user"));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
        assertThat(response.headers().firstValue("cache-control")).hasValue("no-cache");
        assertThat(response.headers().firstValue("transfer-encoding")).hasValue("chunked");
        List<JsonNode> chunks = MockHttp.chunks(response.body());
        assertThat(chunks).hasSize(1 + 5 + 1);
        assertThat(MockHttp.streamedText(chunks)).isEqualTo(TestScripts.TEXT);
        assertThat(chunks.get(chunks.size() - 1).path("choices").get(0).path("finish_reason").asText()).isEqualTo("stop");
        assertThat(chunks).noneMatch(chunk -> chunk.has("usage"));
    }

    @Test
    void usageIsStreamedOnlyWhenAskedFor() throws Exception {
        List<JsonNode> chunks = MockHttp.chunks(post(chatUrl("text"), chat(true, true, "user")).body());
        JsonNode last = chunks.get(chunks.size() - 1);
        assertThat(last.path("choices")).isEmpty();
        assertThat(last.path("usage").path("prompt_tokens").asInt()).isPositive();
        assertThat(last.path("usage").path("total_tokens").asInt())
                .isEqualTo(last.path("usage").path("prompt_tokens").asInt() + last.path("usage").path("completion_tokens").asInt());
    }

    @Test
    void prettyPrintedRequestsAreServed() throws Exception {
        String pretty = new ObjectMapper().readTree(chat(null, false, "user")).toPrettyString();
        assertThat(pretty).contains("\n");
        assertThat(post(chatUrl("text"), pretty).statusCode()).isEqualTo(200);
    }

    @Test
    void pastTheEndIsA500NamingScriptTurnAndStep() throws Exception {
        HttpResponse<String> response = post(chatUrl("text"), chat(false, false, "user", "assistant", "user"));
        assertThat(response.statusCode()).isEqualTo(500);
        JsonNode error = json(response.body()).path("error");
        assertThat(error.path("message").asText()).contains("Script [text]", "turn [2]", "step [1]");
        assertThat(error.path("code").asText()).isEqualTo("script_ended");

        response = post(chatUrl("parallel"), chat(true, false, "user", "assistant", "tool", "assistant"));
        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(json(response.body()).path("error").path("message").asText())
                .contains("Script [parallel]", "turn [1]", "step [3]");
    }

    @Test
    void unknownScriptIs404NamingIt() throws Exception {
        HttpResponse<String> response = post(chatUrl("nope"), chat(false, false, "user"));
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(json(response.body()).path("error").path("message").asText()).startsWith("Unknown script [nope]");
    }

    @Test
    void badRequestsGetClearErrorsAndTheServerKeepsServing() throws Exception {
        HttpResponse<String> malformed = post(chatUrl("text"), "{\"messages\": [");
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(json(malformed.body()).path("error").path("message").asText()).startsWith("Malformed JSON");
        assertThat(post(chatUrl("text"), "{\"messages\":[]}").statusCode()).isEqualTo(400);
        assertThat(post(chatUrl("text"), "").statusCode()).isEqualTo(400);

        HttpResponse<String> tooLarge = post(chatUrl("text"), "{\"pad\":\"" + "x".repeat(70 * 1024) + "\"}");
        assertThat(tooLarge.statusCode()).isEqualTo(413);
        assertThat(json(tooLarge.body()).path("error").path("message").asText()).contains("65536 bytes");

        // Without a Content-Length (chunked), the cap applies as the body arrives.
        byte[] large = ("{\"pad\":\"" + "x".repeat(70 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpRequest chunked = HttpRequest.newBuilder(URI.create(chatUrl("text")))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(large)))
                .build();
        assertThat(MockHttp.CLIENT.send(chunked, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(413);

        HttpResponse<String> unknownPath = get(mock.baseUrl() + "/v2/things");
        assertThat(unknownPath.statusCode()).isEqualTo(404);
        assertThat(json(unknownPath.body()).path("error").path("message").asText()).isEqualTo("Unknown path [GET /v2/things]");
        HttpResponse<String> wrongMethod = get(chatUrl("text"));
        assertThat(wrongMethod.statusCode()).isEqualTo(405);
        assertThat(json(wrongMethod.body()).path("error").path("message").asText()).contains("[GET]");

        assertThat(post(mock.baseUrl() + "/s/v1/chat/completions", chat(false, false, "user")).statusCode())
                .isEqualTo(404);
        assertThat(post(mock.baseUrl() + "/x/v1/chat/completions", chat(false, false, "user")).statusCode())
                .isEqualTo(404);
        assertThat(send("PUT", chatUrl("text"), chat(false, false, "user")).statusCode()).isEqualTo(405);

        assertThat(post(chatUrl("text"), chat(false, false, "user")).statusCode()).isEqualTo(200);
    }

    @Test
    void healthAndModels() throws Exception {
        assertThat(get(mock.baseUrl() + "/").statusCode()).isEqualTo(200);
        HttpResponse<String> head = send("HEAD", mock.baseUrl() + "/", null);
        assertThat(head.statusCode()).isEqualTo(200);
        for (String url : List.of(mock.baseUrl() + "/v1/models", mock.baseUrl("text") + "/models")) {
            JsonNode models = json(get(url).body());
            assertThat(models.path("object").asText()).isEqualTo("list");
            assertThat(models.path("data").get(0).path("id").asText()).isEqualTo("agentbench-mock");
        }
    }

    @Test
    void adminRegistersReplacesListsAndDeletesScripts() throws Exception {
        String admin = mock.baseUrl() + "/admin/scripts/";
        String body = new ObjectMapper().writeValueAsString(Script.singleText("adm", "q", "first"));
        assertThat(send("PUT", admin + "adm", body).statusCode()).isEqualTo(204);
        assertThat(json(post(chatUrl("adm"), chat(false, false, "user")).body()).toString()).contains("first");

        String replacement = "{\"turns\":[{\"user\":\"q\",\"steps\":[{\"text\":\"second\"}]}]}";
        assertThat(send("PUT", admin + "adm", replacement).statusCode()).isEqualTo(204);
        assertThat(json(post(chatUrl("adm"), chat(false, false, "user")).body()).toString()).contains("second");

        JsonNode list = json(get(mock.baseUrl() + "/admin/scripts").body());
        assertThat(list.path("scripts")).extracting(JsonNode::asText).contains("adm", "text", "parallel");

        assertThat(send("DELETE", admin + "adm", null).statusCode()).isEqualTo(204);
        assertThat(send("DELETE", admin + "adm", null).statusCode()).isEqualTo(404);
        assertThat(post(chatUrl("adm"), chat(false, false, "user")).statusCode()).isEqualTo(404);
    }

    @Test
    void adminRejectsBadScriptsNamingTurnAndStep() throws Exception {
        String admin = mock.baseUrl() + "/admin/scripts/";
        HttpResponse<String> invalid = send("PUT", admin + "bad",
                "{\"turns\":[{\"user\":\"q\",\"steps\":[{\"text\":\"a\"}]},{\"user\":\"r\",\"steps\":[{\"toolCalls\":[]}]}]}");
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(json(invalid.body()).path("error").path("message").asText())
                .startsWith("Script [bad]: turn 2, step 1: A step needs text");

        HttpResponse<String> mismatch = send("PUT", admin + "one",
                new ObjectMapper().writeValueAsString(Script.singleText("two", "q", "a")));
        assertThat(mismatch.statusCode()).isEqualTo(400);
        assertThat(json(mismatch.body()).path("error").path("message").asText()).contains("[two]", "[one]");

        assertThat(send("PUT", admin + "b%20d", "{}").statusCode()).isEqualTo(400);
        assertThat(send("PUT", admin + "bad", "{not json").statusCode()).isEqualTo(400);
        assertThat(mock.scripts()).doesNotContain("bad", "one", "two");
    }

    @Test
    void adminRefusesToTimeATurnTheScriptDoesNotHave() throws Exception {
        String admin = mock.baseUrl() + "/admin/scripts/";
        String twoTurns = new ObjectMapper().writeValueAsString(TestScripts.turns("timed", 2));

        HttpResponse<String> past = send("PUT", admin + "timed?timedFromTurn=3", twoTurns);
        assertThat(past.statusCode()).isEqualTo(400);
        assertThat(json(past.body()).path("error").path("message").asText())
                .isEqualTo("Script [timed]: timedFromTurn [3] must be from 0 to its 2 turns");
        HttpResponse<String> word = send("PUT", admin + "timed?timedFromTurn=last", twoTurns);
        assertThat(word.statusCode()).isEqualTo(400);
        assertThat(json(word.body()).path("error").path("message").asText())
                .isEqualTo("Parameter [timedFromTurn] must be a whole number of 0 or more, was [last]");
        assertThat(send("PUT", admin + "timed?timedFromTurn=-1", twoTurns).statusCode()).isEqualTo(400);
        assertThat(mock.scripts()).doesNotContain("timed");

        assertThat(send("PUT", admin + "timed?timedFromTurn=2", twoTurns).statusCode())
                .as("every turn prepared: no reply timed").isEqualTo(204);
        assertThat(send("PUT", admin + "timed?timedFromTurn=1", twoTurns).statusCode()).isEqualTo(204);
        assertThat(mock.scripts()).contains("timed");
    }

    @Test
    void metricsCountRequestsAndReplies() throws Exception {
        post(chatUrl("parallel"), chat(false, false, "user"));
        JsonNode meters = json(get(mock.baseUrl() + "/admin/metrics").body()).path("meters");
        assertThat(count(meters, "mock.requests", "route", "script")).isGreaterThanOrEqualTo(1);
        assertThat(count(meters, "mock.replies", "kind", "tool_calls")).isGreaterThanOrEqualTo(1);
        assertThat(meters.toString()).contains("mock.latency", "mock.faults");
    }

    static double count(JsonNode meters, String name, String tag, String value) {
        for (JsonNode meter : meters) {
            if (meter.path("name").asText().equals(name) && meter.path("tags").path(tag).asText().equals(value)) {
                return meter.path("measurements").path("COUNT").asDouble();
            }
        }
        throw new AssertionError("No meter " + name + "{" + tag + "=" + value + "} in " + meters);
    }

    @Test
    void markerScriptAtTheRoot() throws Exception {
        String url = mock.baseUrl() + "/v1/chat/completions";
        String batch = "{\"messages\":[{\"role\":\"user\",\"content\":\"!batch3 get_weather\"}]}";
        JsonNode calls = json(post(url, batch).body()).path("choices").get(0).path("message").path("tool_calls");
        assertThat(calls).hasSize(3);
        assertThat(calls.get(2).path("id").asText()).isEqualTo("call_0_0_2");
        assertThat(calls.get(2).path("function").path("name").asText()).isEqualTo("get_weather");

        String afterTools = "{\"messages\":[{\"role\":\"user\",\"content\":\"!batch1\"},{\"role\":\"assistant\"},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"call_0_0_0\",\"content\":\"ok\"}]}";
        assertThat(json(post(url, afterTools).body()).path("choices").get(0).path("message").path("content").asText())
                .isEqualTo("agentbench-mock received 1 tool result.");
        HttpResponse<String> err = post(url, "{\"messages\":[{\"role\":\"user\",\"content\":\"!err\"}]}");
        assertThat(err.statusCode()).isEqualTo(500);
    }
}
