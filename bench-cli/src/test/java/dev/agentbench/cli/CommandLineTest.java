package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.agentbench.core.Defaults;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line's parsing and its answers to bad input, in process: nothing is measured here. */
class CommandLineTest {

    record Outcome(int exitCode, String out, String err) {}

    static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void versionNamesTheCommitTheHarnessWasBuiltFromWhenTheBuildKnewIt() {
        Outcome outcome = execute("--version");
        assertThat(outcome.exitCode()).isZero();
        // the classes under test were built from this checkout: its build wrote the commit
        String commit = dev.agentbench.core.Build.commit().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(commit != null, "built outside a git work tree");
        List<String> lines = outcome.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).as("the version alone, which scripts read as its second word")
                .matches("agentbench [^,]+").doesNotContain("commit");
        assertThat(lines.get(1)).matches("Built from commit [0-9a-f]{40}(-dirty)?").endsWith(commit);
        assertThat(lines.get(2)).startsWith("JVM: ");
    }

    @Test
    void anUnknownOptionIsOneLineAndExitCode2() {
        Outcome outcome = execute("run", "--iterashuns=5");
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err().lines()).hasSize(1);
        assertThat(outcome.err()).startsWith("agentbench: Unknown option: '--iterashuns=5'")
                .contains("agentbench run --help");
    }

    @Test
    void aNumberThatIsNoNumberIsNamed() {
        Outcome outcome = execute("run", "--iterations", "many");
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err().lines()).hasSize(1);
        assertThat(outcome.err()).contains("'--iterations'").contains("many");
    }

    @Test
    void tooFewIterationsAreRefusedBeforeAnythingStarts(@TempDir Path results) throws Exception {
        Outcome outcome = execute("run", "--iterations", "0", "--results-dir", results.toString());
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).isEqualTo("agentbench: Iterations [0] must be at least 1" + System.lineSeparator());
        try (var entries = Files.list(results)) {
            assertThat(entries).isEmpty();
        }
    }

    @Test
    void aBadConcurrencyListIsRefused() {
        Outcome outcome = execute("run", "--concurrency", "1,x");
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).isEqualTo("agentbench: Invalid value for option '--concurrency' (N): 'x' is not an int "
                + "(see 'agentbench run --help')" + System.lineSeparator());
        assertThat(execute("run", "--concurrency", "1,0").err())
                .isEqualTo("agentbench: Concurrency [0] must be at least 1" + System.lineSeparator());
    }

    @Test
    void sizesOfTheMemoryAndColdStartBenchmarksAreValidatedLikeAnyOption() {
        assertThat(execute("run", "--footprint-agents", "0").err())
                .isEqualTo("agentbench: Footprint agents [0] must be at least 1" + System.lineSeparator());
        assertThat(execute("run", "--cold-starts", "-2").exitCode()).isEqualTo(Main.USAGE);
        assertThat(execute("run", "--growth-sessions", "lots").err()).contains("'--growth-sessions'").contains("lots");
    }

    @Test
    void aBadDurationSaysWhatADurationLooksLike() {
        Outcome outcome = execute("run", "--timeout", "soon");
        assertThat(outcome.exitCode()).isEqualTo(Main.USAGE);
        assertThat(outcome.err()).contains("[soon] is not a duration such as 500ms, 90s, 10m, 1h or PT10M");
    }

    @Test
    void durationsReadShortAndIsoForms() {
        DurationConverter converter = new DurationConverter();
        assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(converter.convert("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(converter.convert("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(converter.convert("pt1h")).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void everyRunOptionThatTakesAValueSaysItsDefault() {
        CommandLine.Model.CommandSpec run = new CommandLine(new Main()).getSubcommands().get("run").getCommandSpec();
        assertThat(run.options()).filteredOn(option -> option.arity().max() > 0)
                .allSatisfy(option -> assertThat(String.join(" ", option.description()))
                        .as(option.longestName()).contains("(default: "));
    }

    @Test
    void theRunHelpsDefaultsAreTheHarnesssDefaults() {
        String help = execute("run", "--help").out().replaceAll("\\s+", " ");
        assertThat(help).contains("per cell", "(default: " + Defaults.FORKS + ")")
                .contains("within --min-iterations and --max-iterations (default: " + Defaults.MEASURE_TIME.toSeconds() + "s)")
                .contains("however long they take (default: " + Defaults.MIN_ITERATIONS + ")")
                .contains("before --measure-time (default: " + Defaults.MAX_ITERATIONS + ")")
                .contains("show no trend (default: " + Defaults.WARMUP_TIME.toSeconds() + "s)")
                .contains("the report (default: " + Defaults.WARMUP_MAX.toSeconds() + "s, or --warmup-time")
                .contains("besides --warmup-time (default: " + Defaults.WARMUP_ITERATIONS + ")")
                .contains("recorded as TIMEOUT (default: " + Defaults.TIMEOUT.toMinutes() + "m)")
                .contains("each timed to its first reply (default: " + Defaults.COLD_STARTS + ")")
                .contains("after " + String.join(" ", Defaults.CHILD_JVM_ARGS) + ",");
    }

    @Test
    void helpListsTheCommandsAndExitCodes() {
        Outcome outcome = execute("--help");
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.out()).contains("run", "list", "Exit codes:", "bad usage");
    }

    @Test
    void listShowsTheBuiltInsWithTheirDescriptions() {
        Outcome outcome = execute("list");
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.out()).containsPattern("(?m)^  wire +Floor: ")
                .containsPattern("(?m)^  raw +The JDK HttpClient.s agent loop")
                .containsPattern("(?m)^  noop +Calibration: ")
                .containsPattern("(?m)^  turn1 +One session of one user turn");
    }
}
