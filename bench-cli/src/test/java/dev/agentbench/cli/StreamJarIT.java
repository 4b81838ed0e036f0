package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streaming observed end to end: the packaged jar, the real mock and a child JVM per cell. A short
 * streamed reply with a 20 ms chunk delay (the calibration plugin's {@code stream_calibration}) is
 * played by a target that hands each piece over as it arrives, one that collects the whole stream and
 * hands it over at the end, the floor {@code wire}, and {@code noop}, which has no stream: the
 * buffering one is flagged buffered, the streaming ones are not, and {@code noop}'s cell is not
 * applicable, which fails nothing.
 */
class StreamJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(6);

    @Test
    void aTargetThatBuffersIsFlaggedAndOnesThatStreamAreNot(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result run = JarRunner.run(work, LIMIT, "run",
                "--targets", "calibration-streams,calibration-buffers,wire,noop",
                "--benchmarks", "stream_calibration", "--forks", "1", "--warmup-time", "1s", "--warmup-max", "2s",
                // a busy machine disturbs forks; rerunning them only makes the test longer
                "--iterations", "10", "--rerun-disturbed", "0", "--no-mock-warmup",
                "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as("cells OK or not applicable fail nothing: " + run.out() + run.err()).isZero();
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();
        assertThat(run.out() + run.err()).contains("BUFFERED")
                .contains("not applicable: noop makes no model call, so it has no stream to deliver");

        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        Map<String, JsonNode> cells = new HashMap<>();
        JSON.readTree(runDir.resolve("summary.json").toFile()).path("cells")
                .forEach(cell -> cells.put(cell.path("target").asText(), cell));
        assertThat(cells).containsOnlyKeys("calibration-streams", "calibration-buffers", "wire", "noop");

        JsonNode buffers = cells.get("calibration-buffers");
        assertThat(buffers.path("status").asText()).as(buffers.toString()).isEqualTo("OK");
        assertThat(buffers.path("metrics").path("buffered").asDouble()).as(buffers.toString()).isEqualTo(1.0);
        assertThat(buffers.path("metrics").path("lateShare").asDouble()).isEqualTo(1.0);

        for (String streams : new String[] {"calibration-streams", "wire"}) {
            JsonNode cell = cells.get(streams);
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            JsonNode figures = cell.path("metrics");
            assertThat(figures.path("buffered").asDouble()).as(cell.toString()).isEqualTo(0.0);
            assertThat(figures.path("spreadRatio").asDouble()).as(streams + " spreads as the sends do")
                    .isGreaterThan(0.8).isLessThan(1.2);
            assertThat(figures.path("sendSpreadMillis").asDouble()).as("chunks 20 ms apart").isGreaterThan(40.0);
            assertThat(figures.path("addedFirstTokenMicros").asDouble()).as(streams + "'s own part of the first token")
                    .isPositive().isLessThan(20_000.0);
            assertThat(figures.path("pairedSessions").asDouble()).isEqualTo(10.0);
        }

        JsonNode noop = cells.get("noop");
        assertThat(noop.path("status").asText()).isEqualTo("NOT_APPLICABLE");
        assertThat(noop.path("error").asText()).isEqualTo("noop makes no model call, so it has no stream to deliver");

        assertThat(run.out() + run.err()).contains("COMPLETED: 3 of 4 cells OK (1 not applicable)");
        assertThat(Files.exists(runDir.resolve("calibration-buffers/stream_calibration.stream.json")))
                .as("the buffering target's timeline").isTrue();
        String report = Files.readString(runDir.resolve("report.md"));
        assertThat(report).contains("### Streaming").contains("## Cells not applicable")
                .contains("`noop/stream_calibration` not applicable: noop makes no model call");
        String html = Files.readString(runDir.resolve("report.html"));
        assertThat(html).contains("Streaming").contains("id=\"stream-timelines\"")
                .contains("<figcaption>calibration-buffers stream_calibration</figcaption>");
    }

    /**
     * Every built-in benchmark that observes the stream pairs it on a real run: {@code reply} with
     * {@code stream=true} among them, whose user messages once went untagged so that every fork
     * failed after its timed pass. With a chunk delay the 20 sessions held for the heap each live one
     * keeps take some 6 s, and nothing the timed pass left may leave the heap meanwhile: the client
     * that read the mock's write times once did, some seconds after it was dropped, and every such
     * cell read about -4 KB a session.
     */
    @Test
    void everyBuiltInStreamedBenchmarkPairsItsSessions(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result run = JarRunner.run(work, LIMIT, "run", "--targets", "wire",
                "--benchmarks", "reply,stream_text,stream_after_tool", "--param", "tokens=256", "--param", "stream=true",
                "--param", "delay=1", "--forks", "1", "--warmup-time", "1s", "--warmup-max", "2s", "--iterations", "10",
                "--rerun-disturbed", "0", "--no-mock-warmup", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();

        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        Map<String, JsonNode> cells = new HashMap<>();
        JSON.readTree(runDir.resolve("summary.json").toFile()).path("cells")
                .forEach(cell -> cells.put(cell.path("benchmark").asText(), cell));
        assertThat(cells).hasSize(3);
        for (JsonNode cell : cells.values()) {
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            JsonNode figures = cell.path("metrics");
            assertThat(figures.path("pairedSessions").asDouble()).as(cell.toString()).isEqualTo(10.0);
            assertThat(figures.path("allocatedBytesPerChunk").isNumber()).as(cell.toString()).isTrue();
            if (!cell.path("benchmark").asText().equals("reply")) {
                // wire keeps a socket a session: some 1.6 KB
                assertThat(figures.path("retainedPerSession").asDouble()).as(cell.toString()).isGreaterThan(500.0);
                assertThat(cell.path("warnings").toString()).doesNotContain("read negative");
            }
        }
        JsonNode reply = cells.values().stream().filter(cell -> cell.path("benchmark").asText().startsWith("reply"))
                .findFirst().orElseThrow();
        assertThat(reply.path("metrics").path("chunksPerReply").asDouble()).as("256 tokens, one chunk each")
                .isGreaterThanOrEqualTo(256.0);
    }

    /** A plugin's streamed benchmark that forgets the tag fails its dry run, with the reason. */
    @Test
    void aStreamedBenchmarkThatDoesNotTagItsMessagesFailsEvenADryRun(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result run = JarRunner.run(work, LIMIT, "run", "--targets", "wire",
                "--benchmarks", "stream_calibration,stream_untagged", "--dry-run",
                "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isNotZero();
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();
        assertThat(run.out() + run.err()).contains("did the benchmark tag its user messages with StreamTag?")
                .contains("1 of 2 cells OK");

        Map<String, String> status = new HashMap<>();
        JSON.readTree(JarRunner.onlyRunDir(results).orElseThrow().resolve("summary.json").toFile()).path("cells")
                .forEach(cell -> status.put(cell.path("benchmark").asText(), cell.path("status").asText()));
        assertThat(status).containsEntry("stream_calibration", "OK").containsEntry("stream_untagged", "FAILED");
    }
}
