package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Windows and timed passes sized by operations, end to end: the packaged jar runs {@code turn1} of the
 * calibration target with turns of 300 ms, with the real mock and a child JVM. Windows of 1 s would hold
 * 4 such turns; {@code --window-iterations 6} makes each warm-up window hold 6, and the timed pass's
 * windows too; {@code --min-iterations 8} times 8 turns where 1 s would time 4. run.json and the cell's
 * spec record the setting.
 */
class WindowIterationsJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void slowOperationsFillEachWindowWithTheOperationsAsked(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        Path run = JarRunner.runOk(work, Duration.ofMinutes(4), results, List.of("run", "--targets", "calibration",
                "--benchmarks", "turn1", "--forks", "1", "--warmup-time", "1s", "--warmup-max", "6s", "--measure-time",
                "1s", "--min-iterations", "8", "--window-iterations", "6", "--no-mock-warmup", "--plugins",
                JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString(), "--quiet"),
                "spinMicros=300000");

        JsonNode cell = JSON.readTree(run.resolve("calibration/turn1.json").toFile());
        assertThat(cell.path("status").asText()).isEqualTo("OK");
        JsonNode fork = cell.path("forks").get(0);
        assertThat(fork.path("time").path("n").asInt()).as("8 turns of 300 ms where 1 s times 4").isEqualTo(8);
        List<Integer> warmup = new ArrayList<>();
        List<Integer> timed = new ArrayList<>();
        for (JsonNode window : fork.path("warmup").path("curve")) {
            (window.path("phase").asText().equals("warmup") ? warmup : timed).add(window.path("iterations").asInt());
        }
        assertThat(warmup).as("6 s of 300 ms turns, 6 a window").hasSizeBetween(2, 4).containsOnly(6);
        assertThat(timed).as("8 timed turns: one window of 6 and the 2 left folded into it").containsExactly(8);
        assertThat(JSON.readTree(run.resolve("run.json").toFile()).path("settings").path("windowIterations").asText())
                .isEqualTo("6");
    }
}
