package dev.agentbench.core.link;

import dev.agentbench.api.script.Script;
import dev.agentbench.core.internal.JsonText;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The mock's admin API, as the child uses it: {@code PUT /admin/scripts/<name>} registers a script,
 * {@code DELETE} removes it, and {@code /s/<name>/v1} is where it is served. Uses
 * {@link HttpURLConnection} with {@code Connection: close}, so that it leaves no client thread or
 * pooled connection in the measured JVM, and writes the script with the JDK alone ({@link JsonText}),
 * so that a cold start does not load Jackson before it builds the agent.
 */
final class MockAdmin {

    private static final int TIMEOUT_MILLIS = 10_000;

    private final String base;

    /** @param mockUrl where the mock listens, for example {@code http://127.0.0.1:41234} */
    MockAdmin(String mockUrl) {
        this.base = mockUrl.endsWith("/") ? mockUrl.substring(0, mockUrl.length() - 1) : mockUrl;
    }

    /** The OpenAI-compatible base URL that serves the script registered as {@code name}. */
    URI scriptUrl(String name) {
        return URI.create(base + "/s/" + name + "/v1");
    }

    /** Registers {@code script} under {@code name}; throws when the mock does not accept it. */
    void register(String name, Script script) throws IOException {
        byte[] body = JsonText.write(script).getBytes(StandardCharsets.UTF_8);
        call("PUT", name, body);
    }

    /** Removes the script registered under {@code name}. */
    void unregister(String name) throws IOException {
        call("DELETE", name, null);
    }

    private void call(String method, String name, byte[] body) throws IOException {
        URI uri = URI.create(base + "/admin/scripts/" + name);
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        try {
            connection.setRequestMethod(method);
            connection.setConnectTimeout(TIMEOUT_MILLIS);
            connection.setReadTimeout(TIMEOUT_MILLIS);
            connection.setRequestProperty("Connection", "close");
            if (body != null) {
                connection.setDoOutput(true);
                connection.setRequestProperty("Content-Type", "application/json");
                connection.setFixedLengthStreamingMode(body.length);
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(body);
                }
            }
            int status = connection.getResponseCode();
            if (status / 100 != 2) {
                throw new IOException("The mock answered " + method + " [" + uri + "] with HTTP " + status + ": "
                        + read(connection.getErrorStream()));
            }
            read(connection.getInputStream());
        } finally {
            connection.disconnect();
        }
    }

    private static String read(InputStream in) throws IOException {
        if (in == null) {
            return "";
        }
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
