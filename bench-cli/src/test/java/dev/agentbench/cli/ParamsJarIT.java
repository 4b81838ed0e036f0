package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmark parameters end to end: the packaged jar, with the calibration plugin's {@code
 * calibration_history} benchmark (earlier turns played untimed, then a 50 ms sleep, before one
 * timed turn of 100 µs of spinning) on the calibration target, the real mock and a child JVM per
 * cell. {@code list} shows the parameters with their defaults; {@code --param history=3,1} makes two
 * cells, named by their value and reported in numeric order, each timed without its preparation.
 */
class ParamsJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(3);

    @Test
    void listShowsEachParameterWithItsDefaults(@TempDir Path work) throws Exception {
        JarRunner.Result list = JarRunner.run(work, LIMIT, "list", "--plugins",
                JarRunner.calibrationPlugin().toString());

        assertThat(list.exitCode()).as(list.err()).isZero();
        List<String> lines = list.out().lines().toList();
        int benchmark = indexOf(lines, "calibration_history ");
        assertThat(lines.get(benchmark + 1)).contains("--param history=1,4 ", "earlier turns of the session");
        assertThat(lines.get(benchmark + 2)).contains("--param prepare_ms=50 ", "how long preparing a session sleeps");
    }

    @Test
    void eachValueIsACellOfItsOwnNamedAndOrderedByItsValueAndTimedWithoutItsPreparation(@TempDir Path work)
            throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result result = JarRunner.run(work, LIMIT, "run", "--targets", "calibration",
                "--benchmarks", "calibration_history,turn1", "--param", "history=3,1",
                "--forks", "1", "--iterations", "20", "--warmup", "5", "--warmup-time", "0s", "--warmup-max", "0s",
                // the calibration target never calls the mock: warming it would only cost time
                "--no-mock-warmup",
                "--plugins", JarRunner.calibrationPlugin().toString(), "--results-dir", results.toString(), "--quiet");
        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        assertThat(result.survivors()).isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();

        JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(names(run.path("cells"))).as("planned in the order given")
                .containsExactly("calibration_history_history=3", "calibration_history_history=1", "turn1");

        JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        JsonNode cells = summary.path("cells");
        assertThat(names(cells)).as("in plan order, as summary.json keeps them")
                .containsExactly("calibration_history_history=3", "calibration_history_history=1", "turn1");
        for (int i = 0; i <= 1; i++) {
            JsonNode cell = cells.get(i);
            String history = i == 0 ? "3" : "1";
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            assertThat(cell.path("benchmark").asText()).isEqualTo("calibration_history");
            assertThat(cell.path("params").toString()).as("every parameter, in declaration order")
                    .isEqualTo("{\"history\":\"" + history + "\",\"prepare_ms\":\"50\"}");
            assertThat(cell.path("time").path("median").asDouble()).as("one spinning turn, not the 50 ms sleep")
                    .isLessThan(10_000_000);
        }
        assertThat(cells.get(2).has("params")).as("a benchmark without parameters has none").isFalse();
        assertThat(runDir.resolve("calibration/calibration_history_history=1.json")).isRegularFile();
        assertThat(runDir.resolve("calibration/calibration_history_history=3.json")).isRegularFile();
        String log = Files.readString(runDir.resolve("calibration/calibration_history_history=3.log"));
        assertThat(log).contains("cell calibration/calibration_history_history=3 fork 1");

        JsonNode jmh = JSON.readTree(runDir.resolve("jmh-result.json").toFile());
        List<String> jmhEntries = new ArrayList<>();
        jmh.forEach(entry -> jmhEntries.add(entry.path("benchmark").asText() + " " + entry.path("params")));
        assertThat(jmhEntries).as("in report order: built-ins, then each value numerically").containsExactly("agentbench.calibration.turn1 ",
                "agentbench.calibration.calibration_history {\"history\":\"1\",\"prepare_ms\":\"50\"}",
                "agentbench.calibration.calibration_history {\"history\":\"3\",\"prepare_ms\":\"50\"}");

        String report = Files.readString(runDir.resolve("report.md"));
        assertThat(report).contains("calibration_history_history=1", "calibration_history_history=3");
        assertThat(report.indexOf("calibration_history_history=1")).isLessThan(
                report.indexOf("calibration_history_history=3"));
        assertThat(Files.readString(runDir.resolve("report.html"))).contains("calibration_history_history=3");
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("No line holds [" + text + "] in " + lines);
    }

    private static List<String> names(JsonNode cells) {
        List<String> names = new ArrayList<>();
        cells.forEach(cell -> names.add(cell.path("name").asText()));
        return names;
    }
}
