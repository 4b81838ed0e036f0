package dev.agentbench.mockclient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.script.Script;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;

/**
 * The mock's admin API: {@code PUT /admin/scripts/<name>} registers a script (its JSON as Jackson
 * writes the record), {@code DELETE} removes it, {@code GET /admin/scripts/<name>/load} reads its
 * counters, and {@code /s/<name>/v1} is where it is served. A run's parent registers every script a
 * child JVM needs before the child starts, so that nothing of this is on a measured JVM's path; the
 * contract kit registers the scripts of a test class the same way.
 */
public final class MockAdmin {

    /** The most streamed replies the mock keeps the write times of, per script. */
    public static final int MAX_WRITES = 2048;

    /** How long one admin call may take, unless the constructor is given another time. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The admin API's JSON: scripts written as the records are, counters read tolerantly. */
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final String base;
    private final Duration timeout;

    /** @param mockUrl where the mock listens, for example {@code http://127.0.0.1:41234} */
    public MockAdmin(HttpClient client, URI mockUrl) {
        this(client, mockUrl, TIMEOUT);
    }

    /** @param timeout how long one admin call may take */
    public MockAdmin(HttpClient client, URI mockUrl, Duration timeout) {
        this.client = Objects.requireNonNull(client, "client");
        String url = mockUrl.toString();
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** A client for admin calls alone: HTTP/1.1, the admin timeout to connect. */
    public static HttpClient client() {
        return client(TIMEOUT);
    }

    /** A client for admin calls alone: HTTP/1.1, {@code connectTimeout} to connect. */
    public static HttpClient client(Duration connectTimeout) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
    }

    /** Where the mock listens, without a trailing slash. */
    public String base() {
        return base;
    }

    /**
     * The admin client of the mock that serves {@code scriptUrl} (as {@link #scriptUrl} makes it) and
     * the script's name, or empty when the URL is not one of a registered script.
     */
    public static java.util.Optional<java.util.Map.Entry<URI, String>> ofScriptUrl(URI scriptUrl) {
        String path = scriptUrl.getPath();
        if (path == null || !path.startsWith("/s/") || !path.endsWith("/v1")) {
            return java.util.Optional.empty();
        }
        String name = path.substring(3, path.length() - 3);
        if (name.isEmpty() || name.contains("/")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(java.util.Map.entry(URI.create(scriptUrl.getScheme() + "://"
                + scriptUrl.getRawAuthority()), name));
    }

    /** The OpenAI-compatible base URL that serves the script registered as {@code name}. */
    public URI scriptUrl(String name) {
        return URI.create(base + "/s/" + name + "/v1");
    }

    /**
     * Registers {@code script} under its name, replacing a script of that name.
     *
     * @throws Refused when the mock does not accept it
     * @throws com.fasterxml.jackson.core.JsonProcessingException when the script cannot be written as JSON
     * @throws IOException when the mock cannot be reached
     */
    public void register(Script script) throws IOException {
        register(script, 0);
    }

    /**
     * Registers {@code script} as {@link #register(Script)} does, the mock timing only the replies of
     * its turns from {@code timedFromTurn} (from 0) on ({@code PUT /admin/scripts/<name>?timedFromTurn=K}):
     * the turns a benchmark times, when it prepares each session with the first ones, so that {@link
     * MockLoad#serveMedianNanos()} is over the requests it times.
     *
     * @throws Refused when the mock does not accept it, {@code timedFromTurn} included
     */
    public void register(Script script, int timedFromTurn) throws IOException {
        call("PUT", script.name() + (timedFromTurn == 0 ? "" : "?timedFromTurn=" + timedFromTurn),
                JSON.writeValueAsString(script));
    }

    /**
     * Removes the script registered under {@code name}.
     *
     * @throws Refused when there is none, or the mock does not remove it
     */
    public void unregister(String name) throws IOException {
        call("DELETE", name, null);
    }

    /**
     * What the mock counted for the script registered as {@code name} since its registration
     * ({@code GET /admin/scripts/<name>/load}).
     */
    public MockLoad load(String name) throws IOException {
        String json = call("GET", name + "/load", null);
        return JSON.readValue(json, MockLoad.class);
    }

    /**
     * When the mock wrote each chunk of the last {@code last} streamed text replies of the script
     * registered as {@code name} whose request carried a {@link dev.agentbench.api.StreamTag stream
     * tag}, oldest first ({@code GET /admin/scripts/<name>/writes?last=N}). Read after a timed pass,
     * never during one.
     */
    public java.util.List<ReplyWrites> writes(String name, int last) throws IOException {
        String json = call("GET", name + "/writes?last=" + last, null);
        return JSON.readValue(json, Writes.class).replies();
    }

    /** The body of {@code /writes}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Writes(java.util.List<ReplyWrites> replies) {
        Writes {
            replies = replies == null ? java.util.List.of() : java.util.List.copyOf(replies);
        }
    }

    /**
     * One streamed text reply as the mock wrote it.
     *
     * @param key the stream tag's key the request carried (a session id)
     * @param turn the reply's turn in the script, from 0
     * @param step its step in the turn, from 0
     * @param writes {@link System#nanoTime()} in the mock's JVM just before it wrote each event that
     *     precedes the one with {@code finish_reason}, in order (the first is the role's, with no text)
     * @param chars the text each of those events carried, in characters (0 for the role's)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ReplyWrites(String key, int turn, int step, long[] writes, int[] chars) {
        public ReplyWrites {
            writes = writes == null ? new long[0] : writes;
            chars = chars == null ? new int[writes.length] : chars;
            if (chars.length != writes.length) {
                throw new IllegalArgumentException("Reply of [" + key + "] has " + writes.length + " write times and "
                        + chars.length + " lengths");
            }
        }
    }

    /**
     * The mock's load counters of one script, since it was registered.
     *
     * @param requests chat requests served
     * @param inFlight requests in flight now
     * @param maxInFlight the most requests in flight at once
     * @param holds how many holds (a reply's delay, a streamed chunk's delay) the mock made
     * @param heldNanos the time those holds asked for, summed
     * @param lateMaxMicros how much later than asked the latest hold ended
     * @param lateP99Micros the 99th percentile of how much later than asked the holds ended
     * @param lateTotalMicros how much later than asked the holds ended, summed
     * @param served replies the mock wrote in full and timed (of the turns it was registered to time)
     * @param serveMedianNanos the median of the mock's own time per reply served: from the request's
     *     last byte read to the reply's last byte written, the script's waits left out
     * @param serveP99Nanos the 99th percentile of that time
     * @param serveTotalNanos that time summed over the replies served
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MockLoad(long requests, long inFlight, long maxInFlight, long holds, long heldNanos,
            long lateMaxMicros, long lateP99Micros, long lateTotalMicros, long served, long serveMedianNanos,
            long serveP99Nanos, long serveTotalNanos) {

        /** The model's time in one request, as the mock scheduled it: its holds over its requests. */
        public double heldNanosPerRequest() {
            return requests == 0 ? 0 : heldNanos / (double) requests;
        }

        /** How much later than asked a hold ended, on average, in nanoseconds; 0 with no holds. */
        public double lateNanosPerHold() {
            return holds == 0 ? 0 : lateTotalMicros * 1000.0 / holds;
        }
    }

    /** The mock answered an admin call with a status other than 2xx. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        /** The answer; not kept when the exception is serialized. */
        private final transient HttpResponse<String> response;

        Refused(String method, URI uri, HttpResponse<String> response) {
            super("The mock answered " + method + " [" + uri + "] with [" + response.statusCode() + "]: "
                    + response.body());
            this.response = response;
        }

        /** The HTTP status the mock answered with. */
        public int status() {
            return response.statusCode();
        }

        /** What the mock said, its reason for refusing. */
        public String body() {
            return response.body();
        }
    }

    private String call(String method, String name, String body) throws IOException {
        URI uri = URI.create(base + "/admin/scripts/" + name);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while calling " + method + " [" + uri + "] on the mock");
        } catch (IOException e) {
            throw new IOException("The mock did not answer " + method + " [" + uri + "]: " + e, e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new Refused(method, uri, response);
        }
        return response.body();
    }
}
