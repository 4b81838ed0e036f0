package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: the packaged jar, the real mock and real child JVMs, and the mock killed with SIGKILL
 * ({@link ProcessHandle#destroyForcibly}) while the second cell ({@code noop/turn1}) is in flight. The
 * mock is found among the run's processes by its main class; the cell in flight by its spec file.
 */
class MockDeathJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(4);
    private static final String MOCK = "dev.agentbench.mock.MockMain";
    /** Cells of a few seconds each, so that one is surely in flight when the mock is killed. */
    private static final List<String> RUN = List.of("run", "--targets", "raw,noop", "--benchmarks", "turn1,turn5",
            "--forks", "1", "--warmup", "20", "--warmup-time", "1s", "--warmup-max", "2s", "--measure-time", "1s");

    /**
     * What a run printed, its exit code, every process it started and the mocks among them, sampled
     * while it ran, and the mocks killed.
     */
    private record Ended(int exitCode, String out, String err, Map<Long, ProcessHandle> seen, Set<Long> mocks,
            List<Long> killed) {

        List<String> survivors() {
            return seen.values().stream().filter(ProcessHandle::isAlive)
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
        }

        String all() {
            return "stdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    /**
     * Runs the jar with {@code args}; once the child JVM of {@code noop/turn1} has run half a second,
     * kills the mock, and, when {@code killEveryNewMock}, every mock started after it as soon as it
     * is seen.
     */
    private static Ended run(Path work, boolean killEveryNewMock, String... extra) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()), "-jar",
                JarRunner.jar().toString()));
        command.addAll(RUN);
        command.addAll(List.of(extra));
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Process process = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        Map<Long, ProcessHandle> seen = new HashMap<>();
        List<Long> killed = new ArrayList<>();
        Set<Long> mocks = new java.util.HashSet<>();
        long deadline = System.nanoTime() + LIMIT.toNanos();
        Long inFlightSince = null;
        try {
            while (!process.waitFor(20, TimeUnit.MILLISECONDS)) {
                List<ProcessHandle> now = process.descendants().toList();
                now.forEach(handle -> seen.putIfAbsent(handle.pid(), handle));
                now.stream().filter(p -> commandLine(p).contains(MOCK)).forEach(p -> mocks.add(p.pid()));
                if (killed.isEmpty()) {
                    boolean inFlight = now.stream().anyMatch(p -> commandLine(p).contains("ChildMain")
                            && commandLine(p).contains("noop" + java.io.File.separator + "turn1.spec"));
                    if (inFlight && inFlightSince == null) {
                        inFlightSince = System.nanoTime();
                    }
                    if (inFlightSince != null && System.nanoTime() - inFlightSince > 500_000_000L) {
                        now.stream().filter(p -> commandLine(p).contains(MOCK)).forEach(p -> {
                            killed.add(p.pid());
                            p.destroyForcibly();
                        });
                    }
                } else if (killEveryNewMock) {
                    now.stream().filter(p -> commandLine(p).contains(MOCK) && !killed.contains(p.pid())).forEach(p -> {
                        killed.add(p.pid());
                        p.destroyForcibly();
                    });
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the run did not end within " + LIMIT + "\nstdout:\n" + Files.readString(out)
                            + "\nstderr:\n" + Files.readString(err));
                }
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        for (int i = 0; i < 50 && seen.values().stream().anyMatch(ProcessHandle::isAlive); i++) {
            Thread.sleep(100);
        }
        return new Ended(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), seen, mocks, killed);
    }

    private static String commandLine(ProcessHandle process) {
        return process.info().commandLine().orElse("");
    }

    /** Each cell's status, {@code raw/turn1 -> OK}, from summary.json. */
    private static Map<String, String> statuses(Path runDir) throws IOException {
        Map<String, String> statuses = new LinkedHashMap<>();
        for (JsonNode cell : JSON.readTree(runDir.resolve("summary.json").toFile()).path("cells")) {
            statuses.put(cell.path("target").asText() + "/" + cell.path("name").asText(), cell.path("status").asText());
        }
        return statuses;
    }

    private static JsonNode cell(Path runDir, String target, String name) throws IOException {
        return JSON.readTree(runDir.resolve(target).resolve(name + ".json").toFile());
    }

    @Test
    void theCellInFlightFailsNamingTheDeathAndTheNextCellsRunOnANewMock(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");

        Ended run = run(work, false, "--results-dir", results.toString());

        assertThat(run.killed()).as("the mock was killed once, while noop/turn1 ran").hasSize(1);
        assertThat(run.exitCode()).as(run.all()).isEqualTo(1);
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        assertThat(statuses(runDir)).as(run.all()).containsExactly(Map.entry("raw/turn1", "OK"),
                Map.entry("noop/turn1", "FAILED"), Map.entry("raw/turn5", "OK"), Map.entry("noop/turn5", "OK"));
        JsonNode failed = cell(runDir, "noop", "turn1");
        assertThat(failed.path("error").asText()).isEqualTo("The mock died: killed by SIGKILL (exit status [137]); the "
                + "cell's JVM was ended");
        assertThat(failed.path("logTail").toString()).contains("the mock's log [mock.log] ends:", "listening on");

        JsonNode info = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(info.path("status").asText()).isEqualTo("COMPLETED");
        JsonNode restarts = info.path("mockRestarts");
        assertThat(restarts).hasSize(1);
        assertThat(restarts.get(0).path("cell").asText()).isEqualTo("noop/turn1");
        assertThat(restarts.get(0).path("cause").asText()).isEqualTo("killed by SIGKILL (exit status [137])");
        assertThat(restarts.get(0).path("log").asText()).isEqualTo("mock.restart-1.log");
        assertThat(restarts.get(0).path("warmup").path("requests").asLong())
                .as("the new mock was warmed as the first one was").isPositive();
        assertThat(runDir.resolve("mock.restart-1.log")).content().contains("listening on");
        assertThat(run.mocks()).as("two mocks: the first and the one that took its place").hasSize(2);

        assertThat(run.out()).contains("Mock died (killed by SIGKILL (exit status [137])) during noop/turn1: a new "
                + "mock took its place [mock.restart-1.log]; warmed in ");
        assertThat(runDir.resolve("report.md")).content().contains("| Mock died | ")
                .contains("killed by SIGKILL (exit status [137]) during noop/turn1, which FAILED; a new mock took its "
                        + "place [mock.restart-1.log]");
    }

    @Test
    void aMockThatCannotBeRestartedStopsTheRunAndTheRestIsMissing(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");

        // every new mock is killed as soon as it appears: it dies before it says where it listens
        Ended run = run(work, true, "--results-dir", results.toString(), "--no-mock-warmup");

        assertThat(run.exitCode()).as(run.all()).isEqualTo(1);
        assertThat(run.survivors()).as("processes the run left behind").isEmpty();
        assertThat(run.killed()).as("the first mock and the two that were to replace it").hasSize(3);
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        assertThat(statuses(runDir)).as(run.all()).containsExactly(Map.entry("raw/turn1", "OK"),
                Map.entry("noop/turn1", "FAILED"), Map.entry("raw/turn5", "MISSING"), Map.entry("noop/turn5", "MISSING"));
        String why = "the mock died (killed by SIGKILL (exit status [137])) and could not be restarted: new mock 2 of 2 "
                + "[mock.restart-2.log] ";
        assertThat(cell(runDir, "raw", "turn5").path("error").asText()).startsWith("Not run: " + why);
        JsonNode info = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(info.path("status").asText()).isEqualTo("STOPPED");
        assertThat(info.path("notes").toString()).contains("The run stopped: " + why)
                .contains("2 of 4 cells finished, the other 2 did not run (MISSING)");
        Set<String> restartFields = info.path("mockRestarts").get(0).properties().stream().map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        assertThat(restartFields).contains("failure");
        assertThat(info.path("mockRestarts").get(0).path("attempts").asInt()).isEqualTo(2);
        assertThat(run.out()).contains("Mock died (killed by SIGKILL (exit status [137])) during noop/turn1 and could "
                + "not be restarted: new mock 2 of 2 [mock.restart-2.log] ")
                .contains("Note: The run stopped: " + why)
                .containsPattern("STOPPED: 1 of 4 cells OK");
        assertThat(runDir.resolve("report.md")).content().contains("it could not be restarted");
    }
}
