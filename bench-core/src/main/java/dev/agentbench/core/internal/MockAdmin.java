package dev.agentbench.core.internal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;

/**
 * The mock's admin API, as the parent uses it: {@code PUT /admin/scripts/<name>} registers a script
 * (its JSON as {@link ResultsJson} writes it), {@code DELETE} removes it, and {@code /s/<name>/v1} is where it
 * is served. The parent registers every script a child JVM needs before the child starts, so that
 * nothing of this is on a measured JVM's path.
 */
public final class MockAdmin {

    /** How long one admin call may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;
    private final String base;

    /** @param mockUrl where the mock listens, for example {@code http://127.0.0.1:41234} */
    public MockAdmin(HttpClient client, URI mockUrl) {
        this.client = Objects.requireNonNull(client, "client");
        String url = mockUrl.toString();
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** A client for admin calls alone: HTTP/1.1, the admin timeout to connect. */
    public static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
    }

    /** Where the mock listens, without a trailing slash. */
    public String base() {
        return base;
    }

    /** The OpenAI-compatible base URL that serves the script registered as {@code name}. */
    public URI scriptUrl(String name) {
        return URI.create(base + "/s/" + name + "/v1");
    }

    /** Registers {@code script} under its name; throws when the mock does not accept it. */
    public void register(Script script) throws IOException {
        call("PUT", script.name(), ResultsJson.mapper().writeValueAsString(script));
    }

    /** Removes the script registered under {@code name}. */
    public void unregister(String name) throws IOException {
        call("DELETE", name, null);
    }

    /**
     * What the mock counted for the script registered as {@code name} since its registration
     * ({@code GET /admin/scripts/<name>/load}).
     */
    public MockLoad load(String name) throws IOException {
        String json = call("GET", name + "/load", null);
        return ResultsJson.mapper().readValue(json, MockLoad.class);
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
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MockLoad(long requests, long inFlight, long maxInFlight, long holds, long heldNanos,
            long lateMaxMicros, long lateP99Micros, long lateTotalMicros) {

        /** The model's time in one request, as the mock scheduled it: its holds over its requests. */
        public double heldNanosPerRequest() {
            return requests == 0 ? 0 : heldNanos / (double) requests;
        }

        /** How much later than asked a hold ended, on average, in nanoseconds; 0 with no holds. */
        public double lateNanosPerHold() {
            return holds == 0 ? 0 : lateTotalMicros * 1000.0 / holds;
        }
    }

    private String call(String method, String name, String body) throws IOException {
        URI uri = URI.create(base + "/admin/scripts/" + name);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT);
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
            throw new IOException("The mock answered " + method + " [" + uri + "] with [" + response.statusCode()
                    + "]: " + response.body());
        }
        return response.body();
    }
}
