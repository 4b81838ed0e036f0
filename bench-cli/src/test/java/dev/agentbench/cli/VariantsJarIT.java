package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.core.variant.Jvm;
import dev.agentbench.core.variant.JvmFinder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variants and JVMs through the packaged jar, with the real mock and real child JVMs: {@code raw} on
 * two JVMs beside {@code langchain4j} from another plugin folder (a copy of the shipped one, as an
 * author's branch build would be), each a column of its own that names its JVM; and a version that
 * cannot be resolved offline, refused in one line before anything starts.
 */
class VariantsJarIT {

    private static final Duration LIMIT = Duration.ofMinutes(6);
    private static final String[] SHORT = {"--benchmarks", "turn1", "--forks", "1", "--warmup-time", "1s",
        "--warmup-max", "2s", "--measure-time", "1s", "--no-mock-warmup", "--quiet"};

    /** A JDK of another feature version than the one running, when one is installed where --jvm looks. */
    private static Optional<Jvm> otherJvm() {
        int running = Runtime.version().feature();
        JvmFinder finder = JvmFinder.standard();
        for (int feature = 8; feature <= 40; feature++) {
            if (feature == running) {
                continue;
            }
            try {
                return Optional.of(finder.find(Integer.toString(feature)));
            } catch (IllegalArgumentException e) {
                // not installed
            }
        }
        return Optional.empty();
    }

    @Test
    void rawOnTwoJvmsAndATargetFromAnotherFolderAreColumnsOfTheirOwn(@TempDir Path work) throws Exception {
        Optional<Jvm> other = otherJvm();
        assumeTrue(other.isPresent(), "no second JDK installed");
        int running = Runtime.version().feature();
        int second = other.get().runtime().feature();
        Path branch = copy(JarRunner.jar().toAbsolutePath().getParent().resolve("plugins/langchain4j"),
                work.resolve("branch-build"));
        Path results = work.resolve("results");
        List<String> args = new ArrayList<>(List.of("run", "--targets", "raw,langchain4j@" + branch, "--jvm",
                System.getProperty("java.home") + "," + other.get().java(), "--results-dir", results.toString()));
        args.addAll(List.of(SHORT));

        JarRunner.Result run = JarRunner.run(work, LIMIT, args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.survivors()).isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        ObjectMapper json = new ObjectMapper();
        JsonNode targets = json.readTree(runDir.resolve("run.json").toFile()).get("targets");
        String a = "java" + running;
        String b = "java" + second;
        List<String> names = new ArrayList<>();
        targets.forEach(target -> names.add(target.get("name").asText()));
        assertThat(names).containsExactly("raw~" + a, "raw~" + b, "langchain4j@branch-build~" + a,
                "langchain4j@branch-build~" + b);
        for (JsonNode target : targets) {
            String name = target.get("name").asText();
            int feature = name.endsWith(a) ? running : second;
            assertThat(target.get("jvm").get("feature").asInt()).as(name).isEqualTo(feature);
            JsonNode cell = json.readTree(runDir.resolve(name).resolve("turn1.json").toFile());
            assertThat(cell.get("status").asText()).as(name + ": " + cell.get("error")).isEqualTo("OK");
            assertThat(cell.get("target").asText()).isEqualTo(name);
            assertThat(cell.get("jvm").get("runtime").get("feature").asInt()).as(name).isEqualTo(feature);
            if (name.startsWith("langchain4j@")) {
                assertThat(target.get("target").asText()).isEqualTo("langchain4j");
                assertThat(target.get("variant").asText()).isEqualTo(branch.toString());
                assertThat(target.get("location").asText()).isEqualTo(branch.toString());
                assertThat(target.get("version").asText()).isNotBlank().doesNotStartWith("unknown");
                assertThat(JarRunner.classPathOf(runDir.resolve(name).resolve("turn1.log")))
                        .as("the branch's jars, and no other plugin's")
                        .anyMatch(entry -> entry.startsWith(branch))
                        .noneMatch(entry -> entry.toString().contains("/plugins/"));
            }
        }
    }

    @Test
    void aVersionNotInTheLocalRepositoryIsRefusedOfflineInOneLine(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-Dmaven.repo.local=" + work.resolve("empty-repository"),
                "-jar", JarRunner.jar().toString(), "run", "--targets", "langchain4j@0.0.1", "--offline",
                "--variant-cache", work.resolve("cache").toString(), "--results-dir", results.toString()));
        command.addAll(List.of(SHORT));

        JarRunner.Result run = JarRunner.runCommand(work, LIMIT, command);

        BadInputTest.assertOneClearLine(run.exitCode(), run.out(), run.err(), "agentbench: Target [langchain4j@0.0.1]:"
                + " Cannot resolve [dev.langchain4j:langchain4j:0.0.1, dev.langchain4j:langchain4j-open-ai:0.0.1]"
                + " offline: ");
        assertThat(run.err()).contains("offline mode").contains("dev.langchain4j:langchain4j");
        assertThat(run.descendants()).as("nothing started").isEmpty();
        assertThat(Files.exists(results) ? JarRunner.runDirs(results) : List.of()).as("no run directory").isEmpty();

        JarRunner.Result noJvm = JarRunner.run(work, LIMIT, "run", "--targets", "raw", "--jvm", "99",
                "--results-dir", results.toString());
        BadInputTest.assertOneClearLine(noJvm.exitCode(), noJvm.out(), noJvm.err(), "agentbench: JVM [99] is not found");
    }

    private static Path copy(Path folder, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> jars = Files.list(folder)) {
            for (Path jar : jars.toList()) {
                Files.copy(jar, to.resolve(jar.getFileName()));
            }
        }
        return to.toRealPath();
    }
}
