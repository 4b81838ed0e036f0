package dev.agentbench.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.script.Script;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The reply depends on the request alone: concurrent sessions never see each other's position. */
class StatelessRoutingTest {

    private static final int SESSIONS = 32;
    private static final int TURNS = 10;
    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults().withScripts(List.of(TestScripts.turns("ten", TURNS))));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @Test
    void concurrentSessionsEachGetTheirExactReplies() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Integer>> sessions = new ArrayList<>();
            for (int s = 0; s < SESSIONS; s++) {
                boolean stream = s % 2 == 1;
                sessions.add(pool.submit(() -> {
                    go.await();
                    return play(stream);
                }));
            }
            go.countDown();
            for (Future<Integer> session : sessions) {
                assertThat(session.get(90, TimeUnit.SECONDS)).isEqualTo(TURNS * 2);
            }
        } finally {
            pool.shutdownNow();
        }
        JsonNode meters = MockHttp.json(MockHttp.get(mock.baseUrl() + "/admin/metrics").body()).path("meters");
        assertThat(MockServerTest.count(meters, "mock.replies", "kind", "past_end")).isZero();
    }

    /** Plays the whole script as a client would, checking every reply; returns the replies checked. */
    private static int play(boolean stream) throws Exception {
        String url = mock.baseUrl("ten") + "/chat/completions";
        ObjectNode body = MockHttp.MAPPER.createObjectNode().put("model", "m").put("stream", stream);
        ArrayNode messages = body.putArray("messages");
        int checked = 0;
        for (int turn = 0; turn < TURNS; turn++) {
            messages.addObject().put("role", "user").put("content", "question " + turn);

            JsonNode call = toolCall(MockHttp.post(url, body.toString()), stream);
            String id = Script.toolCallId(turn, 0, 0);
            assertThat(call.path("id").asText()).isEqualTo(id);
            assertThat(call.path("function").path("name").asText()).isEqualTo("lookup");
            assertThat(call.path("function").path("arguments").asText()).isEqualTo("{\"turn\":" + turn + "}");
            checked++;
            ObjectNode assistant = messages.addObject().put("role", "assistant").put("content", "");
            assistant.putArray("tool_calls").add(call);
            messages.addObject().put("role", "tool").put("tool_call_id", id).put("content", "{\"found\":true}");

            String text = text(MockHttp.post(url, body.toString()), stream);
            assertThat(text).isEqualTo("answer " + turn);
            checked++;
            messages.addObject().put("role", "assistant").put("content", text);
        }
        return checked;
    }

    private static JsonNode toolCall(HttpResponse<String> response, boolean stream) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        if (!stream) {
            JsonNode calls = MockHttp.json(response.body()).path("choices").get(0).path("message").path("tool_calls");
            assertThat(calls).hasSize(1);
            return calls.get(0);
        }
        ObjectNode call = MockHttp.MAPPER.createObjectNode();
        StringBuilder arguments = new StringBuilder();
        for (JsonNode chunk : MockHttp.chunks(response.body())) {
            for (JsonNode delta : chunk.path("choices").path(0).path("delta").path("tool_calls")) {
                assertThat(delta.path("index").asInt()).isZero();
                if (delta.has("id")) {
                    call.put("id", delta.path("id").asText()).put("type", "function");
                    call.putObject("function").put("name", delta.path("function").path("name").asText());
                }
                arguments.append(delta.path("function").path("arguments").asText());
            }
        }
        ((ObjectNode) call.path("function")).put("arguments", arguments.toString());
        return call;
    }

    private static String text(HttpResponse<String> response, boolean stream) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return stream ? MockHttp.streamedText(MockHttp.chunks(response.body()))
                : MockHttp.json(response.body()).path("choices").get(0).path("message").path("content").asText();
    }
}
