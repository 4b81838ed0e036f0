package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code variance} end to end: the packaged jar runs {@code turn1} of the calibration target twice, four
 * forks a run, with the real mock and a child JVM per fork; each JVM spins its 2 ms turns longer or shorter
 * by a factor of its own (log-normal, spread 20%), as real frameworks' JVMs settle apart. The split
 * finds that spread between forks, almost nothing within a fork (thousands of turns a fork), and the
 * same bytes allocated by every JVM.
 */
class VarianceJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(6);

    private static Path run(Path work, String name) throws Exception {
        Path results = work.resolve(name);
        return JarRunner.runOk(work, LIMIT, results, List.of("run", "--targets", "calibration", "--benchmarks", "turn1",
                "--forks", "4", "--warmup-time", "1s", "--warmup-max", "2s", "--measure-time", "1s", "--no-mock-warmup",
                "--noise-threshold", "100", "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir",
                results.toString(), "--quiet"), "jvmSpread=0.2", "spinMicros=2000", "allocateBytes=20000");
    }

    private static JsonNode figure(JsonNode variance, String figure) {
        for (JsonNode cell : variance.path("cells")) {
            if (cell.path("figure").asText().equals(figure)) {
                return cell;
            }
        }
        throw new AssertionError("No " + figure + " in " + variance);
    }

    @Test
    void jvmsThatSettleApartShowAsSpreadBetweenForks(@TempDir Path work) throws Exception {
        Path a = run(work, "a");
        Path b = run(work, "b");
        Path json = work.resolve("variance.json");

        JarRunner.Result result = JarRunner.run(work, LIMIT, "variance", a.toString(), b.toString(), "--json",
                json.toString());

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("# agentbench variance: 2 runs")
                .contains("## Time per operation", "## CPU per operation", "## Allocation per operation")
                // forks of 2 s warm-ups are capped, not steady, and the row says so
                .containsPattern("\\| `turn1` \\| `calibration` \\(8 unsteady\\) \\| 2 \\| 8 \\| [\\d,]+ \\| ");
        JsonNode variance = JSON.readTree(json.toFile());
        JsonNode time = figure(variance, "time");
        assertThat(time.path("forks").asInt()).isEqualTo(8);
        assertThat(time.path("samplesPerFork").asLong()).as("1 s of 2 ms turns").isGreaterThan(200);
        // 8 JVMs drawn with a spread of 20% (of the spin; the mock's round trip adds a little of its own):
        // 6 degrees of freedom put the estimate within 4–45% 998 times in 1,000
        assertThat(time.path("betweenForks").path("sd").asDouble()).isBetween(0.04, 0.45);
        assertThat(time.path("within").path("sd").asDouble()).isLessThan(0.01);
        assertThat(time.path("within").path("share").asDouble()).isLessThan(0.05);
        assertThat(time.path("betweenRuns").isObject()).isTrue();
        JsonNode allocation = figure(variance, "allocation");
        assertThat(allocation.path("betweenForks").path("sd").asDouble()).as("every JVM allocates alike")
                .isLessThan(0.02);
    }
}
