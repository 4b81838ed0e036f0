package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input through the packaged jar's real entry point ({@code java -jar bench-cli.jar}): one line
 * on stderr, exit code 2, no stack trace, and nothing started. {@link BadInputTest} holds every kind
 * in process; these prove that no exception escapes {@code main}.
 */
class BadInputJarIT {

    private static final Duration LIMIT = Duration.ofMinutes(2);

    private static void assertRefused(JarRunner.Result result, String expected) {
        BadInputTest.assertOneClearLine(result.exitCode(), result.out(), result.err(), expected);
        assertThat(result.descendants()).as("nothing started").isEmpty();
    }

    @Test
    void anUnknownCommandAndABadNumber(@TempDir Path work) throws Exception {
        assertRefused(JarRunner.run(work, LIMIT, "frobnicate"), "agentbench: Unknown command [frobnicate]; commands: run");
        assertRefused(JarRunner.run(work, LIMIT, "run", "--iterations", "abc"),
                "agentbench: Invalid value for option '--iterations': 'abc' is not an int");
    }

    @Test
    void aResultsDirectoryThatIsAFile(@TempDir Path work) throws Exception {
        Path file = Files.writeString(work.resolve("results"), "a file\n");
        assertRefused(JarRunner.run(work, LIMIT, "run", "--targets", "noop", "--benchmarks", "turn1",
                "--results-dir", file.toString()), "agentbench: Results directory [" + file + "] is a file, not a directory");
    }

    @Test
    void aRunOfANewerResultsFormat(@TempDir Path work) throws Exception {
        Path runDir = ReportCommandTest.run(work.resolve("results"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode info = (ObjectNode) json.readTree(runDir.resolve("run.json").toFile());
        int newer = dev.agentbench.api.result.RunLayout.FORMAT + 1;
        json.writeValue(runDir.resolve("run.json").toFile(), info.put("format", newer));
        assertRefused(JarRunner.run(work, LIMIT, "report", runDir.toString()), "agentbench: [" + runDir.resolve("run.json")
                + "] is results format " + newer + "; this agentbench reads format "
                + dev.agentbench.api.result.RunLayout.FORMAT + " (use a newer agentbench)");
        assertThat(runDir.resolve("report.md")).doesNotExist();
    }

    @Test
    void aParameterValueTheBenchmarkRefusesAndAParameterNoSelectedBenchmarkTakes(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        String plugin = JarRunner.calibrationPlugin().toString();
        assertRefused(JarRunner.run(work, LIMIT, "run", "--targets", "calibration", "--benchmarks",
                "calibration_history", "--param", "history=1,0", "--plugins", plugin, "--results-dir",
                results.toString()), "agentbench: Benchmark [calibration_history] cannot run with"
                + " history=0,prepare_ms=50: Parameter [history] must be a whole number from 1 to 1000, was [0]");
        assertRefused(JarRunner.run(work, LIMIT, "run", "--targets", "calibration", "--benchmarks", "turn1",
                "--param", "history=4", "--plugins", plugin, "--results-dir", results.toString()),
                "agentbench: Parameter [history] is declared by none of the selected benchmarks [turn1], which take"
                + " no parameters");
        assertThat(results).as("nothing made for a refused run").doesNotExist();
    }

    @Test
    void aMissingScriptAndACorruptPluginJar(@TempDir Path work) throws Exception {
        assertRefused(JarRunner.run(work, LIMIT, "mock", "--script", work.resolve("nope.json").toString()),
                "agentbench: Script file [" + work.resolve("nope.json") + "] does not exist");
        Path plugin = Files.createDirectories(work.resolve("plugins").resolve("broken"));
        Files.writeString(plugin.resolve("target.jar"), "not a jar");
        assertRefused(JarRunner.run(work, LIMIT, "list", "--plugins", work.resolve("plugins").toString()),
                "agentbench: Plugin jar [" + plugin.resolve("target.jar") + "] is not a readable jar: ");
    }

    /**
     * A plugin folder the user cannot read. Root reads through any permission, so as root the jar runs
     * as the user {@code nobody} (util-linux's {@code setpriv}), from a copy of the jar it can read.
     */
    @Test
    void anUnreadablePluginFolder(@TempDir Path work) throws Exception {
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = Files.copy(JarRunner.jar(), work.resolve("bench-cli.jar"));
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--r--"));
        Path locked = Files.createDirectories(work.resolve("locked"));
        Path parent = Files.createDirectories(work.resolve("plugins"));
        Path lockedInside = Files.createDirectories(parent.resolve("mine"));
        Files.writeString(lockedInside.resolve("target.jar"), "never read");
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(lockedInside, PosixFilePermissions.fromString("---------"));
        // a results directory the user may write: the refusal must be the plugin path's, before any cell
        Path results = Files.createDirectories(work.resolve("results"));
        Files.setPosixFilePermissions(results, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<String> asUser = "root".equals(System.getProperty("user.name"))
                ? List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")
                : List.of();
        assertRefused(JarRunner.runWith(work, LIMIT, asUser, jar, "run", "--plugins", locked.toString(),
                "--results-dir", results.toString()),
                "agentbench: Plugin path [" + locked + "] is not readable");
        assertRefused(JarRunner.runWith(work, LIMIT, asUser, jar, "list", "--plugins", parent.toString()),
                "agentbench: Plugin folder [" + lockedInside + "] is not readable");
        try (java.util.stream.Stream<Path> made = Files.list(results)) {
            assertThat(made).as("nothing made in the results directory").isEmpty();
        }
    }
}
