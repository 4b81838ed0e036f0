package dev.agentbench.mock;

import static dev.agentbench.mock.MockHttp.chat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.script.Fault;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The mock's own time per reply: what it spends writing a reply, the script's waits left out. */
class ServeTimeTest {

    private static MockServer mock;

    @BeforeAll
    static void start() throws Exception {
        mock = MockServer.start(MockConfig.defaults());
        // a cold mock's first replies take far longer than its settled ones (benchmark runs warm it first)
        serve("warm", new Fault(0, null, 0, 0, 0, false, false, false), false, 500);
        serve("warm-stream", new Fault(0, null, 0, 0, 0, false, false, false), true, 500);
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    private static ScriptLoad serve(String name, Fault fault, boolean stream, int requests) throws Exception {
        mock.register(TestScripts.fault(name, fault));
        HttpRequest request = HttpRequest.newBuilder(URI.create(mock.baseUrl(name) + "/chat/completions"))
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(chat(stream, false, "user")))
                .build();
        for (int i = 0; i < requests; i++) {
            HttpResponse<String> reply = MockHttp.CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
        }
        // the mock times a reply once its last byte is written, which the client may read first
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        ScriptLoad load = mock.load(name);
        while (load.served() < requests && System.nanoTime() < deadline) {
            Thread.sleep(5);
            load = mock.load(name);
        }
        return load;
    }

    @Test
    void aScriptedDelayIsNotTheMocksTime() throws Exception {
        ScriptLoad load = serve("delayed", Fault.delay(5), false, 50);

        assertThat(load.served()).isEqualTo(50);
        assertThat(load.holds()).isEqualTo(50);
        // every reply waited 5 ms as the script asked; were the wait counted, no reply would take less
        assertThat(load.serveMedianNanos()).isPositive().isLessThan(5_000_000L / 2);
        assertThat(load.serveP99Nanos()).isGreaterThanOrEqualTo(load.serveMedianNanos());
    }

    @Test
    void aStreamsChunkDelaysAreNotTheMocksTimeEither() throws Exception {
        ScriptLoad load = serve("chunked", new Fault(0, null, 0, 5, 5, false, false, false), true, 20);

        assertThat(load.served()).isEqualTo(20);
        // the first byte's delay and one per event: each reply waited at least 4 × 5 ms
        assertThat(load.holds()).isGreaterThanOrEqualTo(20 * 4);
        long waitedPerReply = load.heldNanos() / load.served();
        // a write after each wait, each on a woken event loop, but far less than the waits themselves
        assertThat(load.serveMedianNanos()).isPositive().isLessThan(waitedPerReply / 2);
    }

    @Test
    void aScriptTimedFromItsSecondTurnTimesOnlyThatTurnsRepliesAndStillCountsEveryRequest() throws Exception {
        // what a benchmark that prepares each session with its first turn registers
        mock.register(TestScripts.turns("prepared", 2), 1);
        List<String> earlier = List.of(chat(false, false, "user"), chat(false, false, "user", "assistant", "tool"));
        List<String> timed = List.of(chat(false, false, "user", "assistant", "tool", "assistant", "user"),
                chat(false, false, "user", "assistant", "tool", "assistant", "user", "assistant", "tool"));
        for (int session = 0; session < 10; session++) {
            for (String body : concat(earlier, timed)) {
                HttpResponse<String> reply = MockHttp.post(mock.baseUrl("prepared") + "/chat/completions", body);
                assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        ScriptLoad load = mock.load("prepared");
        while (load.served() < 20 && System.nanoTime() < deadline) {
            Thread.sleep(5);
            load = mock.load("prepared");
        }
        Thread.sleep(50); // a reply of the first turn timed by mistake would land by now

        assertThat(mock.load("prepared").requests()).isEqualTo(40);
        assertThat(mock.load("prepared").served()).as("the second turn's 20 replies, not the first's").isEqualTo(20);
        assertThat(mock.load("prepared").serveMedianNanos()).isPositive();

        mock.register(TestScripts.turns("prepared", 2));
        for (String body : concat(earlier, timed)) {
            MockHttp.post(mock.baseUrl("prepared") + "/chat/completions", body);
        }
        deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (mock.load("prepared").served() < 4 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(mock.load("prepared").served()).as("registered plainly, every turn is timed").isEqualTo(4);
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> both = new java.util.ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    @Test
    void aReplyCutOffIsNotServed() throws Exception {
        mock.register(TestScripts.fault("cut", new Fault(0, null, 0, 0, 0, true, false, false)));
        HttpRequest request = HttpRequest.newBuilder(URI.create(mock.baseUrl("cut") + "/chat/completions"))
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(chat(false, false, "user")))
                .build();
        try {
            MockHttp.CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException expected) {
            // the connection closes mid-body
        }
        ScriptLoad load = mock.load("cut");
        assertThat(load.requests()).isEqualTo(1);
        assertThat(load.served()).isZero();
        assertThat(load.serveMedianNanos()).isZero();
    }
}
