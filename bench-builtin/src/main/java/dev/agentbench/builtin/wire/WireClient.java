package dev.agentbench.builtin.wire;

import dev.agentbench.builtin.loop.ChatJson;
import dev.agentbench.builtin.loop.Message;
import dev.agentbench.builtin.loop.ModelClient;
import dev.agentbench.builtin.loop.Reply;
import dev.agentbench.api.StreamObserver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The {@code wire} target's model client: each call takes an idle connection (or opens one, the
 * first time a thread needs it), writes the request, reads the reply on the calling thread, and
 * gives the connection back. N sessions at once hold N connections; a connection goes back only
 * when its response was read to the end and the server keeps it open.
 *
 * <p>A connection the server closed (a pooled one it has dropped since its last exchange, say) is
 * found out by a request that cannot be written or gets no byte of response: that request is sent
 * once more, on a new connection, as {@code raw} and OkHttp do. Once any byte of a response has
 * arrived, a failure is the turn's.
 */
final class WireClient implements ModelClient {

    private final String host;
    private final int port;
    private final byte[] requestHead;
    private final ChatJson json;
    private final ConcurrentLinkedDeque<Exchange> idle = new ConcurrentLinkedDeque<>();
    private final Set<Exchange> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    WireClient(URI baseUrl, String apiKey, ChatJson json) {
        if (!"http".equals(baseUrl.getScheme()) || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("The wire target speaks plain http to a host, got [" + baseUrl + "]");
        }
        this.host = baseUrl.getHost();
        this.port = baseUrl.getPort() < 0 ? 80 : baseUrl.getPort();
        String path = baseUrl.getRawPath() == null || baseUrl.getRawPath().isEmpty() ? "/" : baseUrl.getRawPath();
        this.requestHead = ("POST " + (path.endsWith("/") ? path : path + "/") + "chat/completions HTTP/1.1\r\n"
                + "Host: " + host + ":" + port + "\r\n"
                + "Authorization: Bearer " + apiKey + "\r\n"
                + "Content-Type: application/json\r\n"
                + "Accept: " + (json.stream() ? "text/event-stream" : "application/json") + "\r\n"
                + "Content-Length: ").getBytes(StandardCharsets.ISO_8859_1);
        this.json = json;
    }

    /** A connection with the buffers its requests and replies are built in, reused call after call. */
    private static final class Exchange {
        final HttpConnection connection;
        final Buffer head = new Buffer(256);
        final Buffer body = new Buffer(4096);
        final Buffer reply = new Buffer(4096);

        Exchange(HttpConnection connection) {
            this.connection = connection;
        }
    }

    /** A byte buffer whose array is read in place. */
    static final class Buffer extends ByteArrayOutputStream {
        Buffer(int size) {
            super(size);
        }

        byte[] array() {
            return buf;
        }

        /** Makes room for {@code more} bytes past {@link #size()}. */
        void ensure(int more) {
            if (count + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, count + more));
            }
        }

        void advance(int n) {
            count += n;
        }
    }

    @Override
    public Reply complete(List<Message> messages) throws IOException {
        return complete(messages, StreamObserver.NONE);
    }

    /** As {@link #complete(List)}, each streamed piece told to {@code observer} as its event is parsed. */
    @Override
    public Reply complete(List<Message> messages, StreamObserver observer) throws IOException {
        Exchange exchange = idle.pollFirst();
        if (exchange == null) {
            exchange = connect();
        }
        try {
            exchange.body.reset();
            json.writeRequest(messages, exchange.body);
            exchange.head.reset();
            exchange.head.write(requestHead);
            exchange.head.write(Integer.toString(exchange.body.size()).getBytes(StandardCharsets.ISO_8859_1));
            exchange.head.write(new byte[] {'\r', '\n', '\r', '\n'});
            HttpConnection.Head response = send(exchange);
            if (response == null) { // closed before any byte of a reply: once more, on a new connection
                Exchange fresh = connect();
                fresh.head.write(exchange.head.array(), 0, exchange.head.size());
                fresh.body.write(exchange.body.array(), 0, exchange.body.size());
                drop(exchange);
                exchange = fresh;
                response = send(exchange);
                if (response == null) {
                    throw new IOException("The model closed the connection without answering, twice");
                }
            }
            Reply reply = read(exchange, response, observer);
            if (exchange.connection.reusable() && !closed) {
                idle.addFirst(exchange);
            } else {
                drop(exchange);
            }
            return reply;
        } catch (IOException | RuntimeException e) {
            drop(exchange);
            throw e;
        }
    }

    /** Sends the built request; {@code null} when the connection closed before any byte of a reply. */
    private static HttpConnection.Head send(Exchange exchange) throws IOException {
        try {
            exchange.connection.send(exchange.head.array(), exchange.head.size(),
                    exchange.body.array(), exchange.body.size());
        } catch (IOException e) { // a pooled connection the server has closed since
            return null;
        }
        return exchange.connection.readHead();
    }

    private Reply read(Exchange exchange, HttpConnection.Head response, StreamObserver observer) throws IOException {
        HttpConnection connection = exchange.connection;
        if (response.status() != 200 || !json.stream()) {
            Buffer body = readAll(connection, exchange.reply);
            if (response.status() != 200) {
                throw new IOException("The model answered HTTP " + response.status() + ": "
                        + new String(body.array(), 0, Math.min(body.size(), 1000), StandardCharsets.UTF_8));
            }
            return ChatJson.readCompletion(body.array(), 0, body.size());
        }
        return readEvents(connection, exchange.reply, observer);
    }

    static Buffer readAll(HttpConnection connection, Buffer into) throws IOException {
        into.reset();
        while (true) {
            into.ensure(4096);
            int n = connection.readBody(into.array(), into.size(), into.array().length - into.size());
            if (n < 0) {
                return into;
            }
            into.advance(n);
        }
    }

    /**
     * Reads server-sent events as they arrive, each {@code data:} line handed to the parser as soon
     * as its line is whole, however the bytes were split across reads and chunks; after
     * {@code [DONE]}, reads the body to its end so the connection can carry the next request.
     */
    static Reply readEvents(HttpConnection connection, Buffer lines) throws IOException {
        return readEvents(connection, lines, StreamObserver.NONE);
    }

    /** As {@link #readEvents(HttpConnection, Buffer)}, each piece told to {@code observer} as its event is parsed. */
    static Reply readEvents(HttpConnection connection, Buffer lines, StreamObserver observer) throws IOException {
        ChatJson.Events events = new ChatJson.Events(observer);
        lines.reset();
        int scanned = 0;
        while (true) {
            lines.ensure(4096);
            int n = connection.readBody(lines.array(), lines.size(), lines.array().length - lines.size());
            if (n < 0) {
                return events.reply(); // throws: the body ended before [DONE]
            }
            lines.advance(n);
            byte[] bytes = lines.array();
            int lineStart = 0;
            for (int i = scanned; i < lines.size(); i++) {
                if (bytes[i] != '\n') {
                    continue;
                }
                int end = i > lineStart && bytes[i - 1] == '\r' ? i - 1 : i;
                if (end - lineStart >= 5 && bytes[lineStart] == 'd' && bytes[lineStart + 1] == 'a'
                        && bytes[lineStart + 2] == 't' && bytes[lineStart + 3] == 'a' && bytes[lineStart + 4] == ':') {
                    if (events.data(bytes, lineStart + 5, end - lineStart - 5)) {
                        while (connection.readBody(bytes, 0, bytes.length) >= 0) {
                            // the rest of the body: the end of the chunked stream
                        }
                        return events.reply();
                    }
                } // blank separators, comments and other fields are skipped
                lineStart = i + 1;
            }
            int rest = lines.size() - lineStart; // an unfinished line waits for more bytes
            System.arraycopy(bytes, lineStart, bytes, 0, rest);
            lines.reset();
            lines.advance(rest);
            scanned = rest;
        }
    }

    private Exchange connect() throws IOException {
        if (closed) {
            throw new IOException("The wire client is closed");
        }
        Exchange exchange = new Exchange(HttpConnection.open(host, port));
        open.add(exchange);
        if (closed) { // closed meanwhile: do not leave this one open
            drop(exchange);
            throw new IOException("The wire client is closed");
        }
        return exchange;
    }

    private void drop(Exchange exchange) {
        exchange.connection.close();
        open.remove(exchange);
    }

    /** Closes every connection, idle or in use (a call blocked on one then fails). */
    @Override
    public void close() {
        closed = true;
        idle.clear();
        for (Exchange exchange : open) {
            drop(exchange);
        }
    }
}
