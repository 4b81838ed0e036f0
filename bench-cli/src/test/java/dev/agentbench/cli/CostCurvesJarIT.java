package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost curves' known answers, end to end: the packaged jar runs the test plugin's {@code
 * calibration_sweep} benchmark (its parameter {@code size} swept over 1, 16, 64 and 256 by default) on
 * {@code calibration-square}, whose turn spins 20 µs plus 2 ms × (size / 256)², and
 * {@code calibration-linear}, 20 µs plus 2 ms × size / 256, each with the real mock and two child JVMs a cell.
 * The floor is as large as the whole cost at size 1, which pulls a plain log–log slope well below the
 * growth; the reports' exponents read 2 ± 0.2 and 1 ± 0.1 all the same, in time and in CPU time, and
 * the square's is flagged superlinear. Each session keeps 64 KiB × (size / 256)^p until deleted: the
 * retained heap per live session reads it.
 */
class CostCurvesJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(8);

    private static JarRunner.Result result;
    private static JsonNode summary;
    private static String markdown;
    private static String html;

    @BeforeAll
    static void run(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        result = JarRunner.run(work, LIMIT, "run", "--targets", "calibration-square,calibration-linear",
                "--benchmarks", "calibration_sweep", "--forks", "2", "--warmup-time", "1s", "--warmup-max", "3s",
                "--measure-time", "1s",
                // a disturbed fork stands: reruns on a busy machine would take longer than the test may
                "--rerun-disturbed", "0",
                // the targets never call the mock: warming it would only cost time
                "--no-mock-warmup",
                "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString(), "--quiet");
        assertThat(result.survivors()).isEmpty();
        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        markdown = Files.readString(runDir.resolve("report.md"));
        html = Files.readString(runDir.resolve("report.html"));
    }

    /** The curve of {@code figure} for {@code target} in the run's sweep of {@code size}. */
    private static JsonNode curve(String target, String figure) {
        for (JsonNode sweep : summary.path("curves")) {
            if (sweep.path("benchmark").asText().equals("calibration_sweep")
                    && sweep.path("parameter").asText().equals("size")) {
                for (JsonNode curve : sweep.path("curves")) {
                    if (curve.path("target").asText().equals(target) && curve.path("figure").asText().equals(figure)) {
                        return curve;
                    }
                }
            }
        }
        throw new AssertionError("No curve of [" + figure + "] for [" + target + "] in " + summary.path("curves"));
    }

    @Test
    void aCostThatGrowsAsTheSquareReadsTwoAndIsFlaggedSuperlinear() {
        for (String figure : new String[] {"time", "cpu"}) {
            JsonNode curve = curve("calibration-square", figure);
            assertThat(curve.path("exponent").path("value").asDouble()).as(figure + ": " + curve).isBetween(1.8, 2.2);
            assertThat(curve.path("superlinear").asBoolean()).as(figure + ": " + curve).isTrue();
        }
    }

    @Test
    void aCostThatGrowsLinearlyReadsOneAndIsNotFlagged() {
        for (String figure : new String[] {"time", "cpu"}) {
            JsonNode curve = curve("calibration-linear", figure);
            assertThat(curve.path("exponent").path("value").asDouble()).as(figure + ": " + curve).isBetween(0.9, 1.1);
            assertThat(curve.path("superlinear").asBoolean()).as(figure + ": " + curve).isFalse();
        }
    }

    @Test
    void theRetainedHeapPerLiveSessionReadsWhatEachSessionKeeps() {
        for (String target : new String[] {"calibration-square", "calibration-linear"}) {
            JsonNode points = curve(target, "retainedPerSession").path("points");
            assertThat(points).hasSize(4);
            assertThat(points.get(3).path("median").asDouble()).as(target + ": " + points)
                    .isBetween(64 * 1024 * 0.9, 64 * 1024 * 1.2);
        }
    }

    @Test
    void theReportsShowTheCurves() {
        assertThat(markdown).contains("## Cost curves").contains("### calibration_sweep against `size`")
                .containsPattern("\\| `calibration-square` \\|( [^|]+ \\|){4} [12]\\.\\d\\d[^|]*\\| \\*\\*superlinear\\*\\* \\|");
        assertThat(html).contains("id=\"cost-curves\"").contains("calibration-linear at size=256");
    }
}
