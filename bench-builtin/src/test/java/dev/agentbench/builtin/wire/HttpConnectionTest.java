package dev.agentbench.builtin.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.ToolCall;
import dev.agentbench.builtin.loop.Reply;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Responses as a server sends them, arriving a few bytes at a time, as loopback reads may split them. */
class HttpConnectionTest {

    /** A connection reading {@code wire} at most {@code piece} bytes per read. */
    private static HttpConnection reading(String wire, int piece) {
        InputStream in = new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, piece));
            }
        };
        return new HttpConnection(() -> {}, in, new ByteArrayOutputStream());
    }

    private static String body(HttpConnection connection) throws IOException {
        WireClient.Buffer body = WireClient.readAll(connection, new WireClient.Buffer(4));
        return new String(body.array(), 0, body.size(), StandardCharsets.UTF_8);
    }

    @Test
    void contentLengthBodiesFollowEachOtherOnOneKeptAliveConnection() throws IOException {
        HttpConnection connection = reading("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhelloHTTP/1.1 404 Not Found\r\n"
                + "Content-Length: 7\r\nContent-Type: application/json\r\n\r\n{\"a\":1}", 3);
        HttpConnection.Head first = connection.readHead();
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.contentLength()).isEqualTo(5);
        assertThat(body(connection)).isEqualTo("hello");
        assertThat(connection.reusable()).isTrue();
        assertThat(connection.readHead().status()).isEqualTo(404);
        assertThat(body(connection)).isEqualTo("{\"a\":1}");
        assertThat(connection.readHead()).as("the peer closed it, no byte of a third response").isNull();
    }

    @Test
    void chunkedBodiesAreJoinedAndTheNextResponseFollows() throws IOException {
        HttpConnection connection = reading("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4\r\nWiki\r\n6;ext=1\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nX-Trailer: t\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", 2);
        assertThat(connection.readHead().chunked()).isTrue();
        assertThat(body(connection)).isEqualTo("Wikipedia in \r\n\r\nchunks.");
        assertThat(connection.reusable()).isTrue();
        connection.readHead();
        assertThat(body(connection)).isEqualTo("ok");
    }

    @Test
    void connectionCloseAndHttp10AreNotKeptAndABodyWithoutLengthEndsWithTheConnection() throws IOException {
        HttpConnection closing = reading("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", 100);
        assertThat(closing.readHead().close()).isTrue();
        assertThat(body(closing)).isEqualTo("ok");
        assertThat(closing.reusable()).isFalse();

        HttpConnection toTheEnd = reading("HTTP/1.0 200 OK\r\n\r\nall of it", 4);
        toTheEnd.readHead();
        assertThat(body(toTheEnd)).isEqualTo("all of it");
        assertThat(toTheEnd.reusable()).isFalse();
    }

    @Test
    void aConnectionClosedMidBodyOrMidHeadIsAnErrorNotAShortReply() throws IOException {
        HttpConnection cut = reading("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf", 100);
        cut.readHead();
        assertThatThrownBy(() -> body(cut)).isInstanceOf(EOFException.class)
                .hasMessage("The connection closed before the end of the response body");

        HttpConnection cutChunk = reading("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8\r\nabc", 100);
        cutChunk.readHead();
        assertThatThrownBy(() -> body(cutChunk)).isInstanceOf(EOFException.class);

        HttpConnection cutHead = reading("HTTP/1.1 200 OK\r\nContent-Le", 100);
        assertThatThrownBy(cutHead::readHead).isInstanceOf(EOFException.class)
                .hasMessage("The connection closed in the middle of the response's head");

        assertThatThrownBy(() -> reading("SSH-2.0-OpenSSH\r\n\r\n", 100).readHead())
                .hasMessage("Not an HTTP/1.x status line: [SSH-2.0-OpenSSH]");
    }

    /** The mock's framing of a streamed reply: one chunk per event; here each event split over two chunks. */
    private static String sse(String... events) {
        StringBuilder wire = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n");
        for (String event : events) {
            byte[] bytes = ("data: " + event + "\n\n").getBytes(StandardCharsets.UTF_8);
            int half = bytes.length / 2;
            wire.append(Integer.toHexString(half)).append("\r\n")
                    .append(new String(bytes, 0, half, StandardCharsets.UTF_8)).append("\r\n")
                    .append(Integer.toHexString(bytes.length - half)).append("\r\n")
                    .append(new String(bytes, half, bytes.length - half, StandardCharsets.UTF_8)).append("\r\n");
        }
        return wire.append("0\r\n\r\n").toString();
    }

    @Test
    void eventsSplitAcrossChunksAndReadsAreJoinedAndTheStreamIsReadToItsEnd() throws IOException {
        String wire = sse(
                "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":\"a\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"b\",\"type\":\"function\",\"function\":{\"name\":\"g\",\"arguments\":\"\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"x\\\":\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":\"{}\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"1}\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
                "{\"choices\":[],\"usage\":{\"prompt_tokens\":10}}",
                "[DONE]") + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
        for (int piece : new int[] {1, 3, 7, 4096}) {
            HttpConnection connection = reading(wire, piece);
            connection.readHead();
            Reply reply = WireClient.readEvents(connection, new WireClient.Buffer(8));
            assertThat(reply.toolCalls()).as("read %d bytes at a time", piece).containsExactly(
                    new ToolCall("a", "f", "{\"x\":1}"), new ToolCall("b", "g", "{}"));
            assertThat(reply.finishReason()).isEqualTo("tool_calls");
            assertThat(connection.reusable()).isTrue();
            assertThat(connection.readHead().status()).as("the next response on the connection").isEqualTo(200);
        }
    }

    @Test
    void aTextStreamJoinsItsPiecesAndAStreamCutBeforeDoneFails() throws IOException {
        HttpConnection connection = reading(sse(
                "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Héllo \"}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"there\"}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}",
                "[DONE]"), 5);
        connection.readHead();
        assertThat(WireClient.readEvents(connection, new WireClient.Buffer(8)))
                .isEqualTo(new Reply("Héllo there", java.util.List.of(), "stop"));

        String cut = sse("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}");
        HttpConnection cutConnection = reading(cut.substring(0, cut.length() - "0\r\n\r\n".length()), 5);
        cutConnection.readHead();
        assertThatThrownBy(() -> WireClient.readEvents(cutConnection, new WireClient.Buffer(8)))
                .isInstanceOf(EOFException.class);

        HttpConnection ended = reading(sse("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}"), 5);
        ended.readHead();
        assertThatThrownBy(() -> WireClient.readEvents(ended, new WireClient.Buffer(8)))
                .hasMessage("The stream ended before data: [DONE]");
    }
}
