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
 * {@code compare} as a CI gate, end to end: the packaged jar runs a target of known cost (the
 * calibration plugin jar: each turn spins 100 µs of wall time) with the real mock and a child JVM per
 * cell; a run in which one benchmark is made 50% slower is caught on that cell and on no other: the
 * other benchmark, the same code in both runs, compares clean. (A whole run of the same code
 * comparing clean, exit 0, is GateJarIT's last step.)
 *
 * <p>Why 3 forks and 50%: the gate's interval is the wider of Welch's t on the forks' medians and a
 * bootstrap, and on a busy 2-core machine the forks of the spinning {@code turn5} once spread by 10%.
 * With 2 forks a side t's 99% quantile is about 10 and such a spread hides any slowdown below 2×
 * ({@code NOT_SIGNIFICANT}, which is the gate refusing to guess); with 3 a side it is 4.6, and 50%
 * stays significant under that spread. A slowdown of 10% in forks that agree within 1% is caught in
 * bench-report's unit tests.
 */
class CompareJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(3);


    private static Path run(Path work, String name, String... targetOptions) throws Exception {
        Path results = work.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--targets", "calibration", "--benchmarks", "turn1,turn5",
                // passes as the defaults make them (forks, warm-up until steady, a time-boxed timed
                // pass), only shorter: the harness's few microseconds per turn, still being compiled
                // after a short warm-up, once differed by 10% between two JVMs
                "--forks", "3", "--warmup-time", "1s", "--warmup-max", "3s", "--measure-time", "1s",
                // the calibration target never calls the mock: warming it would only cost time
                "--no-mock-warmup",
                "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString(), "--quiet"));
        for (String option : targetOptions) {
            args.add("-O");
            args.add(option);
        }
        JarRunner.Result result = JarRunner.run(work, LIMIT, args.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        assertThat(result.survivors()).isEmpty();
        return results;
    }

    @Test
    void aHalfAgainSlowerBenchmarkIsTheOnlyRegression(@TempDir Path work) throws Exception {
        Path base = run(work, "base");
        Path slower = run(work, "slower", "slower=turn5", "slowdown=1.5");

        Path json = work.resolve("compare.json");
        // --judge-disturbed: a fork the machine's steal disturbed, with no clean rerun, would leave its cell
        // not compared; what is tested here is the verdict, and NoiseJarIT tests the guard
        JarRunner.Result caught = JarRunner.run(work, LIMIT, "compare", base.resolve("latest").toString(),
                slower.toString(), "--json", json.toString(), "--judge-disturbed");
        System.out.println(caught.out());
        assertThat(caught.exitCode()).as(caught.out() + caught.err()).isEqualTo(Main.REGRESSION);
        assertThat(caught.err()).isEmpty();
        assertThat(caught.out()).contains("**1 regression** in 2 cells compared: `calibration/turn5`");

        JsonNode comparison = JSON.readTree(json.toFile());
        assertThat(comparison.path("regression").asBoolean()).isTrue();
        JsonNode cells = comparison.path("cells");
        assertThat(cells).hasSize(2);
        JsonNode turn1 = cells.get(0);
        JsonNode turn5 = cells.get(1);
        assertThat(turn1.path("name").asText()).isEqualTo("turn1");
        assertThat(turn1.path("verdict").asText()).isNotEqualTo("REGRESSION");
        assertThat(turn5.path("name").asText()).isEqualTo("turn5");
        assertThat(turn5.path("verdict").asText()).isEqualTo("REGRESSION");
        // five turns of 100 µs made 150 µs: about 1.5, less the harness's own share of each turn
        assertThat(turn5.path("ratio").asDouble()).isBetween(1.3, 1.7);
        assertThat(turn5.path("low").asDouble()).isGreaterThan(1.0);
        assertThat(turn5.path("base").path("median").asDouble()).isBetween(0.5e6, 0.8e6);
    }
}
