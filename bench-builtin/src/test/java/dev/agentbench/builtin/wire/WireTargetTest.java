package dev.agentbench.builtin.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The wire target against a bare socket server that keeps connections, closes them, or never answers. */
class WireTargetTest {

    private static final String REPLY = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"Hello\"},\"finish_reason\":\"stop\"}]}";

    /** What the server does with each connection after each request. */
    enum Mode { KEEP, CLOSE_AFTER_REPLY, CLOSE_WITHOUT_REPLY }

    private final ServerSocket server;
    private final AtomicInteger connections = new AtomicInteger();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile Mode mode = Mode.KEEP;
    private final Thread acceptor;

    WireTargetTest() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::accept, "wire-test-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        acceptor.join(5000);
    }

    private void accept() {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                connections.incrementAndGet();
                serve(socket);
            } catch (IOException e) {
                // the next connection, or the server closed
            }
        }
    }

    private void serve(Socket socket) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
        OutputStream out = socket.getOutputStream();
        while (true) {
            String requestLine = in.readLine();
            if (requestLine == null) {
                return;
            }
            int length = 0;
            for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            char[] body = new char[length];
            for (int read = 0; read < length; ) {
                read += in.read(body, read, length - read);
            }
            requests.add(requestLine + "\n" + new String(body));
            if (mode == Mode.CLOSE_WITHOUT_REPLY) {
                return;
            }
            byte[] reply = REPLY.getBytes(StandardCharsets.UTF_8);
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + reply.length
                    + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(reply);
            out.flush();
            if (mode == Mode.CLOSE_AFTER_REPLY) {
                return;
            }
        }
    }

    private TargetHandle open() {
        URI base = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/s/turn1/v1");
        return new WireTarget().open(new TargetContext(base, "key", "mock-model", "Be brief.", List.of(),
                Script.singleText("unused", "hi", "hello"), Map.of()));
    }

    @Test
    void turnsOfOneThreadShareOneKeptAliveConnection() throws Exception {
        try (TargetHandle handle = open()) {
            for (int i = 0; i < 3; i++) {
                assertThat(handle.runTurn("u", "s" + i, "hi")).isEqualTo(TurnResult.text("Hello"));
            }
        }
        assertThat(connections).hasValue(1);
        assertThat(requests).hasSize(3).allSatisfy(request -> assertThat(request)
                .startsWith("POST /s/turn1/v1/chat/completions HTTP/1.1\n")
                .contains("{\"role\":\"system\",\"content\":\"Be brief.\"}")
                .contains("\"stream\":false"));
    }

    @Test
    void aConnectionTheServerClosedIsReplacedAndTheRequestSentAgain() throws Exception {
        mode = Mode.CLOSE_AFTER_REPLY;
        try (TargetHandle handle = open()) {
            for (int i = 0; i < 3; i++) {
                assertThat(handle.runTurn("u", "s" + i, "hi").finalText()).isEqualTo("Hello");
            }
        }
        assertThat(connections).hasValue(3);
        assertThat(requests).hasSize(3);
    }

    @Test
    void aServerThatNeverAnswersFailsTheTurnAfterOneResend() throws Exception {
        mode = Mode.CLOSE_WITHOUT_REPLY;
        try (TargetHandle handle = open()) {
            assertThatThrownBy(() -> handle.runTurn("u", "s", "hi"))
                    .isInstanceOf(IOException.class)
                    .hasMessage("The model closed the connection without answering, twice");
        }
        assertThat(requests).hasSize(2);
    }

    @Test
    void aBaseUrlThatIsNotPlainHttpIsRefused() {
        TargetContext context = new TargetContext(URI.create("https://example.com/v1"), "k", "m", "i", List.of(),
                Script.singleText("unused", "hi", "hello"), Map.of());
        assertThatThrownBy(() -> new WireTarget().open(context))
                .hasMessage("The wire target speaks plain http to a host, got [https://example.com/v1]");
    }
}
