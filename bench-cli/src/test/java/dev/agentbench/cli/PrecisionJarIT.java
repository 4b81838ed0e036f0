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
 * {@code --precision} end to end: the packaged jar runs {@code turn1} of two columns of the calibration
 * target with the real mock and a child JVM per fork. JVMs that settle 10% apart ({@code jvmSpread})
 * never give an interval of ±2%: each cell gets forks up to {@code --precision-max-forks}, says in a
 * warning that it did not reach the precision, and run.json's notes count it. A loose precision that
 * the planned forks already reach adds none. No fork is rerun here, however the machine disturbs it
 * (others' CPU is let be, and a fork the host's steal disturbed is kept): a rerun would be one more
 * fork of the cell.
 */
class PrecisionJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(6);

    private static Path run(Path work, String name, String... extra) throws Exception {
        Path results = work.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--targets", "calibration,calibration-twin",
                "--benchmarks", "turn1", "--forks", "2", "--warmup-time", "1s", "--warmup-max", "2s",
                "--measure-time", "1s", "--no-mock-warmup", "--noise-threshold", "100", "--rerun-disturbed", "0",
                "--plugins", JarRunner.calibrationPlugin().toString(),
                "--results-dir", results.toString(), "--quiet"));
        args.addAll(List.of(extra));
        return JarRunner.runOk(work, LIMIT, results, args);
    }

    private static JsonNode cell(Path run, String target) throws Exception {
        return JSON.readTree(run.resolve(target).resolve("turn1.json").toFile());
    }

    @Test
    void wideCellsGetForksUpToTheirMostAndSayTheyDidNotReachThePrecision(@TempDir Path work) throws Exception {
        Path wide = run(work, "wide", "--precision", "2%", "--precision-max-forks", "4", "-O", "jvmSpread=0.1");
        for (String target : List.of("calibration", "calibration-twin")) {
            JsonNode cell = cell(wide, target);
            assertThat(cell.path("status").asText()).isEqualTo("OK");
            assertThat(cell.path("forks")).as(target + "'s forks").hasSize(4);
            assertThat(cell.path("warnings").toString())
                    .contains("Precision ±2.0% not reached: ±").contains("after 4 forks (its most forks were spent)");
        }
        JsonNode info = JSON.readTree(wide.resolve("run.json").toFile());
        assertThat(info.path("notes").toString()).contains(
                "Precision ±2.0% (at most 4 forks a cell): 0 of 2 cells reached it; not reached: calibration/turn1 ±");
        assertThat(info.path("settings").path("precision").asText()).isEqualTo("0.02");

        Path loose = run(work, "loose", "--precision", "50%");
        for (String target : List.of("calibration", "calibration-twin")) {
            assertThat(cell(loose, target).path("forks")).as("the planned forks reach ±50%").hasSize(2);
            assertThat(cell(loose, target).path("warnings").toString()).doesNotContain("Precision");
        }
        assertThat(JSON.readTree(loose.resolve("run.json").toFile()).path("notes").toString())
                .contains("Precision ±50.0% (at most 12 forks a cell): 2 of 2 cells reached it");
    }
}
