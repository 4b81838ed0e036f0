package dev.agentbench.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.StreamTag;
import dev.agentbench.api.script.Fault;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * When the mock wrote each chunk of a streamed reply whose request carries a stream tag: kept per
 * script, served by the admin API, and the write times are those of the chunks as the client sees
 * them arrive (a chunk delay apart).
 */
class StreamWritesTest {

    private static MockServer mock;

    @BeforeAll
    static void start() throws Exception {
        mock = MockServer.start(MockConfig.defaults());
        mock.register(TestScripts.fault("slow", new Fault(0, null, 0, 0, 15, false, false, false)));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    private static String request(boolean stream, String user) {
        ObjectNode body = (ObjectNode) MockHttp.MAPPER.createObjectNode().put("model", "any").put("stream", stream);
        body.putArray("messages").addObject().put("role", "user").put("content", user);
        return body.toString();
    }

    private static JsonNode writes(String query) throws Exception {
        HttpResponse<String> reply = MockHttp.get(mock.baseUrl() + "/admin/scripts/slow/writes" + query);
        assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
        return MockHttp.json(reply.body()).path("replies");
    }

    @Test
    void aTaggedStreamedReplyKeepsTheWriteTimeAndTextOfEachChunk() throws Exception {
        long before = System.nanoTime();
        HttpResponse<String> reply = MockHttp.post(mock.baseUrl("slow") + "/chat/completions",
                request(true, StreamTag.tagged("Hi", "session-t7-0")));
        long after = System.nanoTime();
        assertThat(reply.statusCode()).isEqualTo(200);
        // untagged, and tagged but not streamed: nothing kept
        MockHttp.post(mock.baseUrl("slow") + "/chat/completions", request(true, "Hi"));
        MockHttp.post(mock.baseUrl("slow") + "/chat/completions", request(false, StreamTag.tagged("Hi", "session-x")));

        JsonNode replies = writes("?last=10");
        assertThat(replies).hasSize(1);
        JsonNode one = replies.get(0);
        assertThat(one.path("key").asText()).isEqualTo("session-t7-0");
        assertThat(one.path("turn").asInt()).isZero();
        assertThat(one.path("step").asInt()).isZero();
        JsonNode writes = one.path("writes");
        JsonNode chars = one.path("chars");
        assertThat(writes.size()).isEqualTo(chars.size()).isGreaterThan(2);
        assertThat(chars.get(0).asInt()).as("the role's chunk has no text").isZero();
        int text = 0;
        for (int i = 0; i < writes.size(); i++) {
            text += chars.get(i).asInt();
            assertThat(writes.get(i).asLong()).as("this JVM's clock around the request").isBetween(before, after);
            if (i > 0) {
                assertThat(writes.get(i).asLong() - writes.get(i - 1).asLong()).as("a chunk delay apart")
                        .isGreaterThanOrEqualTo(14_000_000L);
            }
        }
        assertThat(text).isEqualTo(TestScripts.TEXT.length());
        assertThat(writes("")).hasSize(1);
        assertThat(writes("?last=0")).isEmpty();
    }

    @Test
    void aBadCountIsRefusedInOneLine() throws Exception {
        HttpResponse<String> reply = MockHttp.get(mock.baseUrl() + "/admin/scripts/slow/writes?last=many");
        assertThat(reply.statusCode()).isEqualTo(400);
        assertThat(reply.body()).contains("Parameter [last] must be a whole number of 0 or more, was [many]");
        assertThat(MockHttp.get(mock.baseUrl() + "/admin/scripts/none/writes").statusCode()).isEqualTo(404);
    }
}
