package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentbench variance}, in process, on the run directories of {@link CompareCommandTest} (the
 * calibration target on turn1 at 300 µs and turn5 at 1.5 ms, two forks of 100 samples 2% apart): run B's
 * turn5 at 1.8 ms puts what lies between runs out of any number of forks' reach.
 */
class VarianceCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void twoRunsAreSplitByLevelAndACellThatMovedBetweenThemHasNoForksThatReachThePrecision(@TempDir Path temp)
            throws Exception {
        Path a = CompareCommandTest.run(temp.resolve("a"), "20261206-080000-aaaa", 1, 1.0);
        Path b = CompareCommandTest.run(temp.resolve("b"), "20261206-083000-bbbb", 11, 1.2);
        Path json = temp.resolve("out/variance.json");

        CommandLineTest.Outcome outcome = CommandLineTest.execute("variance", a.toString(), b.toString(), "--json",
                json.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out()).startsWith("# agentbench variance: 2 runs\n")
                .contains("| Run 2 | `20261206-083000-bbbb`, COMPLETED, started 2026-11-29T10:15:00Z |")
                .contains("\n## Time per operation\n")
                .doesNotContain("## CPU per operation")
                // 1.5 ms against 1.8 ms: about 13% between runs, twice that between two runs' medians
                .containsPattern("\\| `turn5` \\| `calibration` \\| 2 \\| 4 \\| 100 \\| 0\\.\\d% \\(0%\\) \\| \\d\\.\\d% "
                        + "\\(\\d%\\) \\| 1[23]\\.\\d% \\((9\\d|100)%\\) \\| ±\\d\\.\\d% \\| ±3\\d\\.\\d% \\| none \\|")
                .containsPattern("\\| `turn1` \\| `calibration` \\| 2 \\| 4 \\| 100 \\| 0\\.\\d% \\(\\d+%\\) .* \\| \\d \\|");
        JsonNode written = MAPPER.readTree(json.toFile());
        assertThat(written.path("format").asText()).isEqualTo("agentbench-variance");
        assertThat(written.path("precision").asDouble()).isEqualTo(0.05);
        assertThat(written.path("cells")).hasSize(2);
        assertThat(written.path("cells").get(1).path("name").asText()).isEqualTo("turn5");
        assertThat(written.path("cells").get(1).path("forksForPrecision").isNull()).isTrue();
        assertThat(written.path("cells").get(1).path("betweenRuns").path("share").asDouble()).isGreaterThan(0.9);

        CommandLineTest.Outcome asJson = CommandLineTest.execute("variance", a.toString(), b.toString(), "--format",
                "json");
        assertThat(asJson.exitCode()).isEqualTo(Main.OK);
        assertThat(asJson.out()).isEqualTo(Files.readString(json));

        // a precision of ±40% is within reach of turn5's runs too
        assertThat(CommandLineTest.execute("variance", a.toString(), b.toString(), "--precision", "40%").out())
                .containsPattern("\\| `turn5` \\| .* \\| \\d \\|\n");
    }

    @Test
    void badInputIsOneLineAndExit2(@TempDir Path temp) throws Exception {
        String run = CompareCommandTest.run(temp.resolve("a"), "20261206-080000-aaaa", 1, 1.0).toString();
        CompareCommandTest.assertUsage(CommandLineTest.execute("variance", temp.resolve("nope").toString()),
                "agentbench: No such run directory [" + temp.resolve("nope") + "]");
        CompareCommandTest.assertUsage(CommandLineTest.execute("variance"), "Missing required parameter: 'RUN'");
        CompareCommandTest.assertUsage(CommandLineTest.execute("variance", run, "--precision", "5"),
                "agentbench: Precision [5] is not a percentage such as 5% or 2.5%");
        CompareCommandTest.assertUsage(CommandLineTest.execute("variance", run, "--precision", "0%"),
                "agentbench: Precision [0%] must be above 0%, such as 5%");
        CompareCommandTest.assertUsage(CommandLineTest.execute("variance", run, "--format", "html"),
                "agentbench: Unknown format [html]; known formats: [md, json]");
    }
}
