package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code load} benchmark end to end: the packaged jar registers the script with the model's
 * latency, child JVMs run sessions back to back, and the parent reads the mock's counters into each
 * cell's {@code load} figures.
 */
class LoadJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(3);

    @Test
    void theFloorKeepsEverySessionsModelCallInFlightAndItsTurnsAreTheModelsTimeAndLittleMore(@TempDir Path work)
            throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result run = JarRunner.run(work, LIMIT, "run", "--targets", "raw", "--benchmarks", "load",
                "--concurrency", "1,16", "--model-latency", "100ms", "--forks", "1", "--warmup-time", "1s",
                "--measure-time", "2s", "--no-mock-warmup", "--results-dir", results.toString(), "--quiet");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();

        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        assertThat(JSON.readTree(runDir.resolve("run.json").toFile()).path("settings").path("modelLatency").asText())
                .isEqualTo("PT0.1S");
        JsonNode cells = summary.path("cells");
        assertThat(cells).hasSize(2);
        for (JsonNode cell : cells) {
            int sessions = cell.path("concurrency").asInt();
            // a load cell's figures, by name and value
            JsonNode load = cell.path("metrics");
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            assertThat(cell.has("load")).as("format 3 has the figures, no load object").isFalse();
            assertThat(load.path("modelLatencyMillis").asDouble()).isEqualTo(100.0);
            // two model calls per turn, each held exactly 100 ms as the mock scheduled it
            assertThat(load.path("modelMillisPerTurn").asDouble()).isCloseTo(200.0, within(1e-6));
            assertThat(load.path("idealTurnsPerSecond").asDouble()).isCloseTo(sessions * 5.0, within(1e-6));
            assertThat(load.path("maxInFlight").asInt()).as("the floor holds nothing back").isEqualTo(sessions);
            assertThat(load.path("turnsPerSecond").asDouble()).isPositive()
                    .isLessThanOrEqualTo(load.path("idealTurnsPerSecond").asDouble() * 1.05);
            assertThat(load.path("efficiency").asDouble())
                    .isCloseTo(load.path("turnsPerSecond").asDouble() / load.path("idealTurnsPerSecond").asDouble(),
                            within(1e-9));
            assertThat(load.path("p50Millis").asDouble()).as("no turn is quicker than its model calls")
                    .isGreaterThanOrEqualTo(0.0).isLessThanOrEqualTo(load.path("p99Millis").asDouble());
            assertThat(cell.path("figures").get(0).path("section").asText()).isEqualTo("Throughput under model latency");
        }
    }
}
