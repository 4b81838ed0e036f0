package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.core.results.LatestRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatestRunAndRunIdsTest {

    @Test
    void runIdsAreUtcSecondsPlusARandomSuffix() {
        Clock clock = Clock.fixed(Instant.parse("2025-03-04T05:06:07.890Z"), ZoneId.of("Asia/Tokyo"));

        String first = RunIds.next(clock, new Random(1));
        String second = RunIds.next(clock, new Random(2));

        assertThat(first).matches("20250304-050607-[0-9a-f]{4}");
        assertThat(second).startsWith("20250304-050607-").isNotEqualTo(first);
    }

    @Test
    void latestFollowsTheNewestRun(@TempDir Path results) throws Exception {
        Files.createDirectories(results.resolve("run-a"));
        Files.createDirectories(results.resolve("run-b"));
        assertThat(LatestRun.resolve(results)).isEmpty();

        LatestRun.update(results, "run-a");
        assertThat(LatestRun.resolve(results)).contains(results.resolve("run-a"));

        LatestRun.update(results, "run-b");
        assertThat(LatestRun.resolve(results)).contains(results.resolve("run-b"));
        assertThat(Files.isSymbolicLink(results.resolve("latest"))).isTrue();
        assertThat(Files.readSymbolicLink(results.resolve("latest"))).isEqualTo(Path.of("run-b"));
        try (var entries = Files.list(results)) {
            assertThat(entries).extracting(path -> path.getFileName().toString())
                    .containsExactlyInAnyOrder("run-a", "run-b", "latest");
        }
    }

    @Test
    void aLatestFileHoldingTheRunIdIsReadToo(@TempDir Path results) throws Exception {
        Files.createDirectories(results.resolve("run-c"));
        Files.writeString(results.resolve("latest"), "run-c\n");

        assertThat(LatestRun.resolve(results)).contains(results.resolve("run-c"));
    }

    @Test
    void atomicWritesReplaceWholeFilesAndLeaveNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub").resolve("x.json");
        AtomicFiles.write(file, "one".getBytes());
        AtomicFiles.write(file, "two".getBytes());

        assertThat(file).hasContent("two");
        try (var entries = Files.list(file.getParent())) {
            assertThat(entries).containsExactly(file);
        }
    }

    @Test
    void environmentDescribesTheMachine() {
        var env = Environment.capture(Path.of("").toAbsolutePath());

        assertThat(env).containsKeys("java.vendor", "java.version", "java.vm.name", "os.name", "os.version",
                "os.arch", "cpus", "memory", "agentbench.version");
        assertThat(Long.parseLong(env.get("memory"))).isPositive();
        assertThat(env.get("agentbench.version")).isNotEqualTo("unknown").doesNotContain("${");
    }
}
