package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code session_growth} of a target that leaks, end to end: the packaged jar runs the test plugin's
 * {@code leaking} target (each turn spins 100 µs of wall time; each deleted session leaves an array
 * in a static list never cleared) with the real mock and a child JVM per cell. At some 4,000 sessions
 * a second, 32 KiB a session fills the cell's 256 MiB heap in two seconds, long before the default
 * warm-up's 15 s: the heap budget ends the warm-up, and the cell reports the leak per session. A leak
 * of 4 MiB a session, for which 500 sessions cannot fit, fails the cell with its rate.
 */
class LeakJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(2);


    /** One fork of {@code session_growth} of a target leaking {@code leakBytes} per session; returns its run directory. */
    private static Run growth(Path work, int leakBytes) throws Exception {
        Path results = work.resolve("leak-" + leakBytes);
        JarRunner.Result result = JarRunner.run(work, LIMIT, "run", "--targets", "leaking",
                "--benchmarks", "session_growth", "--forks", "1",
                // the default warm-up's floor (15 s), a shorter cap; the heap a quarter of the default
                "--warmup-max", "30s", "--jvm-arg=-Xms256m", "--jvm-arg=-Xmx256m",
                // the target never calls the mock: warming it would only cost time
                "--no-mock-warmup",
                "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString(), "--quiet",
                "-O", "leakBytes=" + leakBytes);
        assertThat(result.survivors()).isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        JsonNode cell = JSON.readTree(runDir.resolve("leaking/session_growth.json").toFile());
        String log = Files.readString(runDir.resolve("leaking/session_growth.log"));
        return new Run(result, cell, log);
    }

    private record Run(JarRunner.Result result, JsonNode cell, String log) {}

    private static void assertMeasured(Run run, int leakBytes) {
        assertThat(run.result().exitCode()).as(run.result().out() + run.result().err() + run.log()).isZero();
        assertThat(run.cell().path("status").asText()).isEqualTo("OK");
        assertThat(run.log()).contains("ended by the heap budget");
        JsonNode memory = run.cell().path("memory");
        assertThat(memory.path("retainedUnit").asText()).isEqualTo("session");
        assertThat(memory.path("retainedBytesPerUnit").asDouble()).as(run.log())
                .isBetween(leakBytes * 0.95, leakBytes * 1.05);
        assertThat(run.cell().path("time").path("n").asInt()).as("sessions between the readings").isEqualTo(500);
    }

    @Test
    void aLeakOf32KiBPerSessionIsReportedAs32KiBPerSession(@TempDir Path work) throws Exception {
        assertMeasured(growth(work, 32 * 1024), 32 * 1024);
    }

    @Test
    void aLeakOf64KiBPerSessionIsReportedAs64KiBPerSession(@TempDir Path work) throws Exception {
        assertMeasured(growth(work, 64 * 1024), 64 * 1024);
    }

    @Test
    void aLeakOf4MiBPerSessionFailsTheCellWithItsRateAndNoOutOfMemoryError(@TempDir Path work) throws Exception {
        Run run = growth(work, 4 << 20);

        assertThat(run.result().exitCode()).as(run.result().out() + run.result().err()).isEqualTo(1);
        assertThat(run.cell().path("status").asText()).isEqualTo("FAILED");
        // an array of 4 MiB and its header takes five regions of G1's 1 MiB: the heap sees 5 MiB
        assertThat(run.cell().path("error").asText()).matches("session_growth leaks about [45](\\.\\d)? MiB per "
                + "session \\(over \\d+ warm-up sessions\\): \\d+ sessions would fill the 256 MiB heap and \\d+ fit "
                + "in what is left, fewer than the 500 it runs between two settled heap readings "
                + "\\(--growth-sessions\\); .*");
        assertThat(run.log() + run.result().out() + run.result().err()).doesNotContain("OutOfMemoryError")
                .doesNotContain("\tat ");
    }
}
