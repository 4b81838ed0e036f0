package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user guide's embedding example, word for word: its Java program and its two commands are
 * taken from the guide, compiled and run against the packaged jar in a fresh folder, with the real
 * mock and real child JVMs. The cells' JVMs must start from the harness jar alone, although the
 * program's own class path also holds the folder it was compiled into.
 */
class EmbeddingExampleIT {

    private static final Duration LIMIT = Duration.ofMinutes(4);
    private static final String SECTION = "## Embedding: the programmatic API";

    @Test
    void theUserGuidesEmbeddingExampleCompilesAndRunsAsShown(@TempDir Path work) throws Exception {
        List<List<String>> blocks = blocksOfSection(DocFiles.repositoryRoot().resolve("docs/user-guide.md"));
        String program = blocks.stream().filter(block -> block.get(0).equals("java")).findFirst()
                .map(block -> String.join("\n", block.subList(1, block.size())) + "\n").orElseThrow();
        List<String> commands = blocks.stream().filter(block -> block.get(0).equals("bash")).findFirst()
                .map(block -> block.subList(1, block.size())).orElseThrow();
        assertThat(commands).as("the guide compiles, then runs").hasSize(2);
        assertThat(commands.get(0)).startsWith("javac ");
        assertThat(commands.get(1)).startsWith("java ");
        Files.writeString(work.resolve("NightlyBench.java"), program, StandardCharsets.UTF_8);
        Files.createSymbolicLink(work.resolve("bench-cli.jar"), JarRunner.jar().toAbsolutePath());

        JarRunner.Result compiled = JarRunner.runCommand(work, LIMIT, jdkCommand(commands.get(0)));
        assertThat(compiled.exitCode()).as(commands.get(0) + "\n" + compiled.out() + compiled.err()).isZero();
        JarRunner.Result ran = JarRunner.runCommand(work, LIMIT, jdkCommand(commands.get(1)));

        assertThat(ran.exitCode()).as(commands.get(1) + "\n" + ran.out() + ran.err()).isZero();
        assertThat(ran.survivors()).as("processes left running").isEmpty();
        List<String> lines = ran.out().lines().toList();
        assertThat(lines).startsWith("1/2 raw turn1 OK", "2/2 noop turn1 OK");
        String last = lines.get(lines.size() - 1);
        assertThat(last).startsWith("COMPLETED, report: ").endsWith("report.md");
        Path report = Path.of(last.substring("COMPLETED, report: ".length()));
        assertThat(report).isRegularFile().startsWith(work.toRealPath().resolve("results"));
        Path runDir = report.getParent();
        assertThat(runDir.resolve("summary.json")).isRegularFile();
        Path harness = JarRunner.jar().toRealPath();
        for (String target : List.of("raw", "noop")) {
            List<Path> classPath = JarRunner.classPathOf(runDir.resolve(target).resolve("turn1.log"));
            assertThat(classPath).as(target + "'s JVM starts from the harness jar alone, not the program's class path")
                    .hasSize(1);
            assertThat(classPath.get(0).toRealPath()).isEqualTo(harness);
        }
    }

    /** The fenced blocks of the section, each as its info string (java, bash) followed by its lines. */
    private static List<List<String>> blocksOfSection(Path guide) throws IOException {
        List<String> lines = Files.readAllLines(guide, StandardCharsets.UTF_8);
        int start = lines.indexOf(SECTION);
        assertThat(start).as(SECTION + " in " + guide).isNotNegative();
        List<List<String>> blocks = new ArrayList<>();
        List<String> block = null;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (block == null && line.startsWith("## ")) {
                break;
            }
            if (line.startsWith("```")) {
                if (block == null) {
                    block = new ArrayList<>(List.of(line.substring(3).strip()));
                } else {
                    blocks.add(block);
                    block = null;
                }
            } else if (block != null) {
                block.add(line);
            }
        }
        return blocks;
    }

    /** A command line of the guide, its {@code javac} or {@code java} taken from the JDK that runs the tests. */
    private static List<String> jdkCommand(String line) {
        List<String> words = new ArrayList<>(List.of(line.strip().split(" +")));
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        words.set(0, bin.resolve(words.get(0)).toString());
        return words;
    }
}
