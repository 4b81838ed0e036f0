package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentbench.api.script.Script;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import dev.agentbench.mock.RawConnections;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A client with Nagle's algorithm on that writes a request in two pieces (as OkHttp does past 8 KiB)
 * holds the second piece until the first is acknowledged.
 * Had the mock left its ACK to Linux's delayed-ACK timer, every such request would have waited at
 * least 40 ms for it, whatever else the machine did; the mock acknowledges a request it has read
 * only part of at once, so such requests take about a loopback round trip more than others.
 */
class QuickAckTest {

    private static final int REQUESTS = 12;
    private static final int PIECE = 8 * 1024;
    /** Half the shortest delayed ACK Linux sends (40 ms): no request that waited for one is faster. */
    private static final long WAITED_FOR_A_DELAYED_ACK_NANOS = 20_000_000L;

    private static MockServer mock;

    @BeforeAll
    static void start() {
        mock = MockServer.start(MockConfig.defaults());
        mock.register(Script.singleText("nagle", "Hi", "Hello"));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @ParameterizedTest(name = "a body of {0} KiB, the head written apart: {1}")
    @CsvSource({"12, false", "40, false", "200, false", "1, true", "40, true"})
    void aRequestWrittenInPiecesByANagleClientDoesNotWaitForADelayedAck(int kib, boolean headApart)
            throws IOException {
        assumeTrue(QuickAck.supported(), "TCP_QUICKACK is Linux's");
        long[] nanos = exchange(kib * 1024, headApart);

        assertThat(median(nanos)).as("nanos of each exchange: " + Arrays.toString(nanos))
                .isLessThan(WAITED_FOR_A_DELAYED_ACK_NANOS);
    }

    /**
     * {@link #REQUESTS} exchanges on one kept-alive connection, Nagle on, each request with a body of
     * {@code bodyBytes} written 8 KiB at a time as OkHttp writes it (its buffer's segments), after
     * the head on its own when {@code headApart}; nanos of each.
     */
    private static long[] exchange(int bodyBytes, boolean headApart) throws IOException {
        URI base = URI.create(mock.baseUrl("nagle"));
        String path = base.getPath() + "/chat/completions";
        String content = "x".repeat(bodyBytes - 80);
        byte[] request = RawConnections.post(path,
                "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"" + content + "\"}]}");
        int headLength = new String(request, StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n") + 4;

        long[] nanos = new long[REQUESTS];
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setTcpNoDelay(false);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < REQUESTS; i++) {
                long start = System.nanoTime();
                int at = 0;
                if (headApart) {
                    out.write(request, 0, headLength);
                    at = headLength;
                }
                for (; at < request.length; at += PIECE) {
                    out.write(request, at, Math.min(PIECE, request.length - at));
                }
                String reply = readReply(in);
                nanos[i] = System.nanoTime() - start;
                assertThat(reply).startsWith("HTTP/1.1 200").contains("Hello");
                assertThat(reply.toLowerCase(Locale.ROOT)).as("a JSON reply has a Content-Length")
                        .contains("\r\ncontent-length:");
            }
        }
        return nanos;
    }

    /** One reply, read whole. */
    private static String readReply(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[16 * 1024];
        while (!RawConnections.isComplete(received.toString(StandardCharsets.ISO_8859_1))) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("The mock closed the connection after [" + received + "]");
            }
            received.write(buffer, 0, n);
        }
        return received.toString(StandardCharsets.ISO_8859_1);
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
