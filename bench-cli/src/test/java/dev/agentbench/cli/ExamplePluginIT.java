package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin guide's example target builds on its own, as a third party builds it, and the real jar
 * lists and measures it: the folder {@code docs/examples/jdkclient-target} is copied out of the
 * repository, built with Maven against the bench-api (and bench-testkit) of this build, and its
 * plugin folder handed to {@code list} and {@code run} with {@code --plugins}.
 */
class ExamplePluginIT {

    private static final String EXAMPLE = "jdkclient-target";
    private static final String TARGET = "jdkclient";
    private static final Duration MAVEN_LIMIT = Duration.ofMinutes(4);
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theExampleTargetBuildsFromItsOwnFolderAndRunsAsAPlugin(@TempDir Path work) throws Exception {
        Path root = DocFiles.repositoryRoot();
        Path project = work.resolve(EXAMPLE);
        copy(root.resolve("docs/examples").resolve(EXAMPLE), project);

        // The example is pinned to one agentbench version: it must be the one this build makes.
        JarRunner.Result version = JarRunner.run(work, RUN_LIMIT, "--version");
        Matcher harness = Pattern.compile("agentbench (\\S+)").matcher(version.out());
        assertThat(harness.find()).as(version.out()).isTrue();
        Matcher pinned = Pattern.compile("<agentbench\\.version>([^<]+)</agentbench\\.version>")
                .matcher(Files.readString(project.resolve("pom.xml")));
        assertThat(pinned.find()).as("the example's pom declares agentbench.version").isTrue();
        assertThat(pinned.group(1)).as("agentbench.version in docs/examples/" + EXAMPLE + "/pom.xml")
                .isEqualTo(harness.group(1));

        // This build's bench-api and bench-testkit (and the parent pom) into the local repository,
        // where the example, a project of its own, finds them.
        maven(root, work.resolve("install.log"), "-f", root.resolve("pom.xml").toString(),
                "-pl", "bench-api,bench-testkit", "-am", "install", "-Dmaven.test.skip=true");
        // As the example's README says: package, which runs its contract tests and lays out the folder.
        maven(project, work.resolve("package.log"), "package");

        Path plugin = project.resolve("target/" + EXAMPLE + "-1.0.0-plugin");
        assertThat(plugin).isDirectory();
        try (Stream<Path> jars = Files.list(plugin)) {
            List<String> names = jars.map(jar -> jar.getFileName().toString()).sorted().toList();
            assertThat(names).as("the plugin folder").contains("com.example." + EXAMPLE + "-1.0.0.jar")
                    .anyMatch(name -> name.startsWith("com.fasterxml.jackson.core.jackson-databind-"))
                    .noneMatch(name -> name.contains("bench-api"))
                    .noneMatch(name -> name.contains("bench-testkit") || name.contains("junit"));
        }

        JarRunner.Result list = JarRunner.run(work, RUN_LIMIT, "list", "--plugins", plugin.toString());
        assertThat(list.exitCode()).as(list.err()).isZero();
        assertThat(list.out()).containsPattern("(?m)^  " + TARGET + " +Example plugin: .*\\[" + Pattern.quote(plugin.toString()) + "\\]$");

        Path results = work.resolve("results");
        JarRunner.Result run = JarRunner.run(work, RUN_LIMIT, "run", "--plugins", plugin.toString(),
                "--targets", TARGET, "--benchmarks", "turn1,tools", "--iterations", "50", "--warmup", "20",
                "--warmup-time", "0s", "--warmup-max", "0s", "--no-mock-warmup", "--rerun-disturbed", "0",
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        assertThat(summary.path("cells")).hasSize(2);
        for (JsonNode cell : summary.path("cells")) {
            assertThat(cell.path("target").asText()).isEqualTo(TARGET);
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            assertThat(cell.path("time").path("n").asLong()).as("50 iterations in each of 3 forks").isEqualTo(150);
            assertThat(cell.path("forks")).hasSize(3);
        }
        // The cell's JVM had the plugin folder on its class path, and nothing of another plugin.
        JsonNode settings = JSON.readTree(runDir.resolve("run.json").toFile()).path("settings");
        assertThat(settings.path("pluginDirs").asText()).contains(plugin.toString());
    }

    /** Runs {@code mvn -B -ntp -q <args>} in {@code dir}; fails with the end of its output. */
    private static void maven(Path dir, Path log, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(mvn().toString(), "-B", "-ntp", "-q"));
        String localRepository = System.getProperty("localRepository");
        if (localRepository != null && !localRepository.isBlank()) {
            command.add("-Dmaven.repo.local=" + localRepository);
        }
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.remove("MAVEN_BASEDIR"); // the example is a project of its own, not a module of ours
        environment.remove("MAVEN_PROJECTBASEDIR");
        Process process = builder.start();
        try {
            if (!process.waitFor(MAVEN_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError(String.join(" ", command) + " did not end within " + MAVEN_LIMIT + "\n" + tail(log));
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        assertThat(process.exitValue()).as(String.join(" ", command) + " in " + dir + "\n" + tail(log)).isZero();
    }

    /** {@code mvn} of the Maven running this build ({@code maven.home}), else the first on the PATH. */
    private static Path mvn() {
        String executable = File.separatorChar == '\\' ? "mvn.cmd" : "mvn";
        List<Path> candidates = new ArrayList<>();
        String mavenHome = System.getProperty("maven.home");
        if (mavenHome != null) {
            candidates.add(Path.of(mavenHome, "bin", executable));
        }
        for (String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                candidates.add(Path.of(entry, executable));
            }
        }
        return candidates.stream().filter(Files::isExecutable).findFirst().orElseThrow(() -> new AssertionError(
                "No " + executable + " in maven.home [" + mavenHome + "] nor on the PATH: this test builds the example with Maven"));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(path -> !from.relativize(path).startsWith("target")).toList()) {
                Path copy = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy);
                }
            }
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
