package dev.agentbench.core.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The mock's own latency timer, {@code mock.latency} at {@code GET /admin/metrics}: how many chat
 * requests it has served and the total time it spent on them, from a request handled to its
 * response ended. Between two readings with no other load, the mean is the mock's own time per
 * request: what its JIT changes, without the client's time or the scheduler's.
 */
final class MockWarmMetrics {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TIMER = "mock.latency";

    /** One reading: requests served so far and the seconds spent on them. */
    record Reading(double count, double totalSeconds) {

        /** The mean time per request since {@code earlier}, in microseconds; {@code NaN} if none was served. */
        double meanMicrosSince(Reading earlier) {
            double requests = count - earlier.count;
            return requests > 0 ? (totalSeconds - earlier.totalSeconds) / requests * 1e6 : Double.NaN;
        }
    }

    private final HttpClient client;
    private final HttpRequest request;

    MockWarmMetrics(HttpClient client, String base) {
        this.client = client;
        this.request = HttpRequest.newBuilder(URI.create(base + "/admin/metrics"))
                .timeout(MockWarmer.REQUEST_TIMEOUT).GET().build();
    }

    /**
     * The timer now, or {@code null} when the mock does not serve it (an older mock, or another
     * server): the warm-up then judges by its own medians.
     */
    Reading read() throws IOException {
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while reading the mock's metrics");
        } catch (IOException e) {
            throw new IOException("The mock did not answer GET [" + request.uri() + "]: " + e, e);
        }
        if (response.statusCode() != 200) {
            return null;
        }
        JsonNode meters;
        try {
            meters = MAPPER.readTree(response.body()).path("meters");
        } catch (IOException e) {
            return null;
        }
        for (JsonNode meter : meters) {
            if (TIMER.equals(meter.path("name").asText())) {
                JsonNode measurements = meter.path("measurements");
                JsonNode count = measurements.path("COUNT");
                JsonNode total = measurements.path("TOTAL_TIME_SECONDS");
                return count.isNumber() && total.isNumber() ? new Reading(count.doubleValue(), total.doubleValue()) : null;
            }
        }
        return null;
    }
}
