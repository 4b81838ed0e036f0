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
 * Gate mode end to end: the packaged jar runs two columns of the calibration target in one run
 * ({@code calibration} and {@code calibration-twin}, the same code under two names) with the real
 * mock and a child JVM per fork, {@code --gate} adding forks to both until compare's interval is
 * narrow; {@code compare RUN --between} then calls a 10% slowdown of the twin's {@code turn1} a
 * regression, and the twin as it is no change.
 */
class GateJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(6);


    /** A gate run of turn1 of the two columns; the run directory. */
    private static Path gate(Path work, String name, String... targetOptions) throws Exception {
        Path results = work.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--gate", "calibration,calibration-twin",
                "--benchmarks", "turn1", "--gate-max-forks", "16",
                "--forks", "3", "--warmup-time", "1s", "--warmup-max", "3s", "--measure-time", "1s",
                "--no-mock-warmup", "--noise-threshold", "100", "--plugins", JarRunner.calibrationPlugin().toString(),
                "--results-dir", results.toString(), "--quiet"));
        return JarRunner.runOk(work, LIMIT, results, args, targetOptions);
    }

    @Test
    void aTenPercentSlowerTwinIsARegressionAndTheSameCodeIsNot(@TempDir Path work) throws Exception {
        Path slower = gate(work, "slower", "slower=turn1", "slowdown=1.1", "slowerTarget=calibration-twin");
        Path json = work.resolve("compare.json");
        // --noise-threshold 100 and --judge-disturbed: a fork that others' CPU or the machine's steal
        // disturbed, with no clean rerun, would leave the cell not compared; what is tested here is the
        // gate and its verdict, and NoiseJarIT tests the guard
        JarRunner.Result caught = JarRunner.run(work, LIMIT, "compare", slower.toString(),
                "--between", "calibration", "calibration-twin", "--json", json.toString(), "--judge-disturbed");
        System.out.println(caught.out());
        assertThat(caught.exitCode()).as(caught.out() + caught.err()).isEqualTo(Main.REGRESSION);
        assertThat(caught.out()).contains("**1 regression** in 1 cell compared: `calibration-twin/turn1`");
        JsonNode cell = JSON.readTree(json.toFile()).path("cells").get(0);
        assertThat(cell.path("verdict").asText()).isEqualTo("REGRESSION");
        // one turn of 100 µs made 110 µs, less the harness's own share of the turn
        assertThat(cell.path("ratio").asDouble()).isBetween(1.05, 1.15);
        assertThat(cell.path("base").path("forks").asInt()).isGreaterThanOrEqualTo(3);

        String notes = JSON.readTree(slower.resolve("run.json").toFile()).path("notes").toString();
        assertThat(notes).contains("Gate calibration vs calibration-twin, turn1:");

        Path same = gate(work, "same");
        JarRunner.Result clean = JarRunner.run(work, LIMIT, "compare", same.toString(),
                "--between", "calibration", "calibration-twin", "--judge-disturbed");
        System.out.println(clean.out());
        assertThat(clean.exitCode()).as(clean.out() + clean.err()).isEqualTo(Main.OK);
        assertThat(clean.out()).contains("**No regression** in 1 cell compared").doesNotContain("REGRESSION");
    }
}
