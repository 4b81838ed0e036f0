package dev.agentbench.cli.calibration;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Two targets of known streaming behaviour, for the end-to-end test of the buffered flag: both stream
 * a text reply from the mock with the JDK's HTTP client, line by line; {@link Streams} hands each
 * piece to the observer as its event arrives, {@link Buffers} collects the whole stream and hands
 * every piece over only once the stream has ended, as a framework that buffers does. Text-only
 * scripts; no framework and no third-party library.
 */
public abstract class StreamCalibrationTarget implements BenchTarget {

    /** Hands each piece over as it arrives. */
    public static final class Streams extends StreamCalibrationTarget {

        public static final String NAME = "calibration-streams";

        public Streams() {
            super(false);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** Collects the whole stream, then hands its pieces over. */
    public static final class Buffers extends StreamCalibrationTarget {

        public static final String NAME = "calibration-buffers";

        public Buffers() {
            super(true);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    private final boolean buffers;

    StreamCalibrationTarget(boolean buffers) {
        this.buffers = buffers;
    }

    @Override
    public String description() {
        return buffers ? "Test target: streams from the mock, hands every piece over at the end"
                : "Test target: streams from the mock, hands each piece over as it arrives";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return new Handle(context, buffers);
    }

    private static final class Handle implements TargetHandle {
        private final TargetContext context;
        private final boolean buffers;
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        private final URI endpoint;
        /** Each session's messages, as role and content. */
        private final Map<String, List<String[]>> sessions = new ConcurrentHashMap<>();

        Handle(TargetContext context, boolean buffers) {
            this.context = context;
            this.buffers = buffers;
            String base = context.baseUrl().toString();
            this.endpoint = URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            return runTurn(userId, sessionId, message, StreamObserver.NONE);
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
                throws IOException, InterruptedException {
            List<String[]> messages = sessions.computeIfAbsent(sessionId, id -> {
                List<String[]> fresh = new ArrayList<>();
                fresh.add(new String[] {"system", context.instructions()});
                return fresh;
            });
            messages.add(new String[] {"user", message});
            StringBuilder body = new StringBuilder("{\"model\":").append(quote(context.model()))
                    .append(",\"stream\":true,\"messages\":[");
            for (int i = 0; i < messages.size(); i++) {
                body.append(i == 0 ? "" : ",").append("{\"role\":").append(quote(messages.get(i)[0]))
                        .append(",\"content\":").append(quote(messages.get(i)[1])).append('}');
            }
            body.append("]}");
            HttpRequest request = HttpRequest.newBuilder(endpoint).header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + context.apiKey())
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
            HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
            List<String> held = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            boolean done = false;
            try (Stream<String> lines = response.body()) {
                if (response.statusCode() != 200) {
                    throw new IOException("The model answered HTTP " + response.statusCode() + ": "
                            + String.join("\n", lines.toList()));
                }
                Iterator<String> iterator = lines.iterator();
                while (iterator.hasNext()) {
                    String line = iterator.next();
                    if (!line.startsWith("data:")) {
                        continue;
                    }
                    String data = line.substring(5).strip();
                    if (data.equals("[DONE]")) {
                        done = true;
                        break;
                    }
                    String piece = deltaContent(data);
                    if (piece != null && !piece.isEmpty()) {
                        text.append(piece);
                        if (buffers) {
                            held.add(piece);
                        } else {
                            observer.text(piece);
                        }
                    }
                }
            }
            if (!done) {
                throw new IOException("The stream ended before data: [DONE]");
            }
            for (String piece : held) {
                observer.text(piece);
            }
            messages.add(new String[] {"assistant", text.toString()});
            return TurnResult.text(text.toString());
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            sessions.remove(sessionId);
        }

        @Override
        public void close() {
            sessions.clear();
        }
    }

    /** The text of a chunk's {@code delta.content}, or {@code null} when it has none. */
    static String deltaContent(String json) {
        int delta = json.indexOf("\"delta\"");
        if (delta < 0) {
            return null;
        }
        int field = json.indexOf("\"content\"", delta);
        if (field < 0) {
            return null;
        }
        int i = field + "\"content\"".length();
        while (i < json.length() && (json.charAt(i) == ' ' || json.charAt(i) == ':')) {
            i++;
        }
        if (i >= json.length() || json.charAt(i) != '"') {
            return null; // null content
        }
        StringBuilder text = new StringBuilder();
        for (i++; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '"') {
                return text.toString();
            }
            if (c == '\\' && i + 1 < json.length()) {
                char e = json.charAt(++i);
                switch (e) {
                    case 'n' -> text.append('\n');
                    case 't' -> text.append('\t');
                    case 'r' -> text.append('\r');
                    case 'b' -> text.append('\b');
                    case 'f' -> text.append('\f');
                    case 'u' -> {
                        text.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    default -> text.append(e);
                }
            } else {
                text.append(c);
            }
        }
        return null;
    }

    /** {@code text} as a JSON string. */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
