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
 * The allocation verdict end to end: the packaged jar runs {@code turn1} of two columns of the
 * calibration target ({@code calibration} and {@code calibration-twin}, the same code under two names),
 * one fork each, with the real mock and a child JVM per fork, each turn allocating 20 KB besides its
 * answer. {@code compare RUN --between} calls the twin a regression on allocation when it allocates 5%
 * more per turn, and the twin as it is no change, although one fork a side is too few to judge time.
 */
class AllocationJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(4);

    /** A run of turn1 of both columns, one fork each; the run directory. */
    private static Path run(Path work, String name, String... targetOptions) throws Exception {
        Path results = work.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--targets", "calibration,calibration-twin",
                "--benchmarks", "turn1", "--forks", "1", "--warmup-time", "1s", "--warmup-max", "3s",
                "--measure-time", "1s", "--no-mock-warmup", "--plugins", JarRunner.calibrationPlugin().toString(),
                "--results-dir", results.toString(), "--quiet", "-O", "allocateBytes=20000"));
        return JarRunner.runOk(work, LIMIT, results, args, targetOptions);
    }

    @Test
    void fivePercentMoreAllocationIsARegressionWithOneForkASideAndTheSameCodeIsNot(@TempDir Path work)
            throws Exception {
        Path more = run(work, "more", "moreAllocation=1.05", "moreAllocationTarget=calibration-twin");
        Path json = work.resolve("compare.json");
        JarRunner.Result caught = JarRunner.run(work, LIMIT, "compare", more.toString(),
                "--between", "calibration", "calibration-twin", "--json", json.toString());
        System.out.println(caught.out());
        assertThat(caught.exitCode()).as(caught.out() + caught.err()).isEqualTo(Main.REGRESSION);
        assertThat(caught.out()).containsPattern("\\*\\*1 regression\\*\\* in 1 cell compared: "
                + "`calibration-twin/turn1` allocation 1\\.0[45]\\d×");
        JsonNode cell = JSON.readTree(json.toFile()).path("cells").get(0);
        assertThat(cell.path("verdict").asText()).as("time needs two forks a side").isEqualTo("TOO_FEW_FORKS");
        assertThat(cell.path("allocation").path("verdict").asText()).isEqualTo("REGRESSION");
        // 20,000 bytes made 21,000, beside what the harness and the answer allocate per turn
        assertThat(cell.path("allocation").path("ratio").asDouble()).isBetween(1.04, 1.06);
        // the cell's file keeps the memory pass's samples that one fork's interval is made of
        String cellJson = Files.readString(more.resolve("calibration-twin").resolve("turn1.json"));
        assertThat(cellJson).contains("\"allocationSamples\"");

        Path same = run(work, "same");
        JarRunner.Result clean = JarRunner.run(work, LIMIT, "compare", same.toString(),
                "--between", "calibration", "calibration-twin");
        System.out.println(clean.out());
        assertThat(clean.exitCode()).as(clean.out() + clean.err()).isEqualTo(Main.OK);
        assertThat(clean.out()).contains("**No regression** in 1 cell compared").doesNotContain("REGRESSION");
    }
}
