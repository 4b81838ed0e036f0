package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentbench agree}, in process, on run directories written here (those of {@link
 * CompareCommandTest}: the calibration target on turn1 at 300 µs and turn5 at 1.5 ms, two forks of 100
 * samples 2% apart): the table, the JSON, the exit codes and bad input.
 */
class AgreeCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static CommandLineTest.Outcome execute(String... args) {
        return CommandLineTest.execute(args);
    }

    @Test
    void twoRunsOfOnePlanAgreeAndExit0(@TempDir Path temp) throws Exception {
        Path a = CompareCommandTest.run(temp.resolve("a"), "20261206-080000-aaaa", 1, 1.0);
        Path b = CompareCommandTest.run(temp.resolve("b"), "20261206-083000-bbbb", 11, 1.0);

        CommandLineTest.Outcome outcome = execute("agree", a.toString(), b.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.OK);
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out()).startsWith("# agentbench agree: `20261206-080000-aaaa` and `20261206-083000-bbbb`")
                .containsPattern("\\*\\*Agree\\*\\*: 2 cells checked; medians within [0-2]\\.\\d% \\(largest `calibration/turn[15]` [+-][0-2]\\.\\d%\\)\\.")
                .containsPattern("\\| turn5 \\| calibration \\| 1\\.\\d\\d ms \\| 1\\.\\d\\d ms \\| [+-][0-2]\\.\\d% \\| – \\| – \\| – \\|");
    }

    @Test
    void aCellTwentyPercentSlowerDisagreesExits3AndIsNamed(@TempDir Path temp) throws Exception {
        Path a = CompareCommandTest.run(temp.resolve("a"), "20261206-080000-aaaa", 1, 1.0);
        Path b = CompareCommandTest.run(temp.resolve("b"), "20261206-083000-bbbb", 11, 1.2);
        Path json = temp.resolve("out/agree.json");

        CommandLineTest.Outcome outcome = execute("agree", a.toString(), b.toString(), "--json", json.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.DISAGREE);
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out())
                .containsPattern("\\*\\*Disagree\\*\\*: 1 of 2 medians outside ±3% \\(`calibration/turn5` \\+(19|20|21)\\.\\d%\\)\\.")
                .containsPattern("\\| turn5 \\| calibration \\| .* \\| \\*\\*\\+(19|20|21)\\.\\d%\\*\\* \\|");
        JsonNode written = MAPPER.readTree(json.toFile());
        assertThat(written.path("format").asText()).isEqualTo("agentbench-agree");
        assertThat(written.path("agree").asBoolean()).isFalse();
        assertThat(written.path("cells").get(1).path("name").asText()).isEqualTo("turn5");
        assertThat(written.path("cells").get(1).path("outside").asBoolean()).isTrue();

        CommandLineTest.Outcome asJson = execute("agree", a.toString(), b.toString(), "--format", "json");
        assertThat(asJson.exitCode()).isEqualTo(Main.DISAGREE);
        assertThat(asJson.out()).isEqualTo(Files.readString(json));

        // a bound above the change lets it through; results directories mean their newest runs
        assertThat(execute("agree", temp.resolve("a").toString(), temp.resolve("b").resolve("latest").toString(),
                "--median-within", "25%").exitCode()).isEqualTo(Main.OK);
    }

    @Test
    void badInputIsOneLineAndExit2(@TempDir Path temp) throws Exception {
        String run = CompareCommandTest.run(temp.resolve("a"), "20261206-080000-aaaa", 1, 1.0).toString();
        CompareCommandTest.assertUsage(execute("agree", temp.resolve("nope").toString(), run),
                "agentbench: No such run directory [" + temp.resolve("nope") + "]");
        CompareCommandTest.assertUsage(execute("agree", run), "Missing required parameter: 'RUN_B'");
        CompareCommandTest.assertUsage(execute("agree", run, run, "--median-within", "3"),
                "agentbench: Median bound [3] is not a percentage such as 5% or 2.5%");
        CompareCommandTest.assertUsage(execute("agree", run, run, "--ratio-within", "100%"), "agentbench: Ratio bound [100%] must be below 100%");
        CompareCommandTest.assertUsage(execute("agree", run, run, "--retained-within", "-1"),
                "agentbench: Retained bound [-1] must be a number of bytes, at least 0, such as 32");
        CompareCommandTest.assertUsage(execute("agree", run, run, "--retained-within", "32B"),
                "agentbench: Retained bound [32B] must be a number of bytes, at least 0, such as 32");
        CompareCommandTest.assertUsage(execute("agree", run, run, "--format", "pdf"), "Unknown format [pdf]; known formats: [md, json]");
        CompareCommandTest.assertUsage(execute("agree", run, run, "--baseline", "nope"),
                "agentbench: Baseline [nope] is not a target of run [" + run + "]; its targets: [calibration]");

        Path other = temp.resolve("b/20261206-083000-bbbb");
        Files.createDirectories(other);
        MAPPER.writeValue(new RunLayout(other).runJson().toFile(), new RunInfo("20261206-083000-bbbb",
                RunStatus.COMPLETED, "2026-12-06T08:30:00Z", "2026-12-06T08:31:00Z", List.of("run"), Map.of(),
                List.of(new PlannedCell("raw", "tools", 1)), Map.of()));
        CompareCommandTest.assertUsage(execute("agree", run, other.toString()),
                "agentbench: Runs [" + run + "] and [" + other + "] have no cell in common: nothing to hold to the other");
    }

    @Test
    void helpNamesTheCommandAndItsExitCodes() {
        assertThat(execute("--help").out()).contains("agree");
        CommandLineTest.Outcome help = execute("agree", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("RUN_A", "RUN_B", "--median-within", "--ratio-within", "--baseline",
                "3 a checked median, ratio or retained heap lies");
    }
}
