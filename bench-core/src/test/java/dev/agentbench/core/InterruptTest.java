package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.core.results.LatestRun;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.results.RunResults;
import dev.agentbench.core.testing.EmbeddedRun;
import dev.agentbench.core.testing.TestRuns;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run stopped while a cell hangs: its parent JVM signalled or killed from outside, or its thread interrupted. */
class InterruptTest {

    @TempDir
    Path dir;

    private Process parent;
    private Thread reader;
    private final List<String> output = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void cleanUp() throws Exception {
        if (parent != null && parent.isAlive()) {
            parent.destroyForcibly();
        }
        assertThat(ProcessChecks.awaitNoDescendants(Duration.ofSeconds(10))).isEmpty();
    }

    @Test
    void sigtermKillsEveryChildAndTheMockMarksTheRunInterruptedAndTellsTheListenersWhatFinished() throws Exception {
        Path results = dir.resolve("results");
        Path pidFile = dir.resolve("sleeper.pid");
        startParent(results.toString(), pidFile.toString());
        List<ProcessHandle> started = awaitHangingCell(results);
        assertThat(started).as("mock, hung child and its sleep process").hasSizeGreaterThanOrEqualTo(3);

        // SIGTERM; Ctrl-C's SIGINT runs the same shutdown hook. Through the handle, because
        // Process.destroy() would also close our end of the parent's output.
        parent.toHandle().destroy();

        assertThat(parent.waitFor(30, TimeUnit.SECONDS)).as("the parent exits").isTrue();
        reader.join(10_000);
        awaitGone(started);
        assertThat(output).contains("runFinished INTERRUPTED OK,MISSING").doesNotContain("returned COMPLETED");
        Path runDir = LatestRun.resolve(results).orElseThrow();
        RunInfo info = ResultsJson.read(new RunLayout(runDir).runJson(), RunInfo.class);
        assertThat(info.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(info.endedAt()).isNotNull();
        assertThat(new RunLayout(runDir).cellResult(info.cells().get(0))).exists();
    }

    @Test
    void aParentKilledOutrightLeavesNoChildNoMockAndNoProcessTheChildStartedBehind() throws Exception {
        Path results = dir.resolve("results");
        Path pidFile = dir.resolve("sleeper.pid");
        startParent(results.toString(), pidFile.toString());
        List<ProcessHandle> started = awaitHangingCell(results);
        ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).orElseThrow();
        assertThat(started).as("mock, hung child and the sleep it started").hasSizeGreaterThanOrEqualTo(3)
                .contains(sleeper);

        parent.toHandle().destroyForcibly(); // SIGKILL: no hook runs; children see their stdin close

        assertThat(parent.waitFor(30, TimeUnit.SECONDS)).isTrue();
        awaitGone(started);
    }

    @Test
    void interruptingTheThreadThatRunsAnEmbeddedRunEndsItInterruptedItsDirectoryReadableAndNothingLeftRunning()
            throws Exception {
        Path results = dir.resolve("results");
        Path pidFile = dir.resolve("sleeper.pid");
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<RunSummary> summary = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        BenchOptions options = TestRuns.options(results)
                .targets(List.of("scripted", "hang"))
                .benchmarks(List.of("echo"))
                .timeout(Duration.ofMinutes(2))
                .targetOptions(Map.of("pidFile", pidFile.toString()))
                .listener(new RunListener() {
                    @Override
                    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
                        heard.add("runFinished " + info.status() + " " + statuses(results));
                        // what the reports listener does at this point: read the run directory back
                        try {
                            RunResults read = RunResults.read(runDir);
                            heard.add("read " + read.info().status() + " " + statuses(read.cells()));
                        } catch (IOException e) {
                            heard.add("unreadable " + e.getMessage());
                        }
                    }
                })
                .build();
        Thread runner = new Thread(() -> {
            summary.set(new BenchRunner(options).run());
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        }, "embedded-run");
        runner.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            assertThat(runner.isAlive()).as("the run goes on until the hang cell hangs").isTrue();
            assertThat(System.nanoTime() < deadline).as("waiting for the hang cell to hang").isTrue();
            Thread.sleep(50);
        }
        List<ProcessHandle> started = ProcessHandle.current().descendants().toList();
        ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).orElseThrow();
        assertThat(started).as("mock, hung child and the sleep it started").hasSizeGreaterThanOrEqualTo(3)
                .contains(sleeper);

        runner.interrupt();

        runner.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(runner.isAlive()).as("run() returned").isFalse();
        awaitGone(started);
        RunSummary ended = summary.get();
        assertThat(ended.info().status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(ended.results()).extracting(CellResult::status).containsExactly(CellStatus.OK, CellStatus.MISSING);
        assertThat(stillInterrupted).as("run() returns with the thread's interrupt status set").isTrue();
        assertThat(ResultsJson.read(new RunLayout(ended.runDir()).runJson(), RunInfo.class).status())
                .isEqualTo(RunStatus.INTERRUPTED);
        assertThat(heard).as("told once, when run.json and what finished can be read")
                .containsExactly("runFinished INTERRUPTED OK,MISSING", "read INTERRUPTED OK,MISSING");
    }

    private static String statuses(List<CellResult> results) {
        return results.stream().map(result -> result.status().name()).collect(Collectors.joining(","));
    }

    private void startParent(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Defaults.javaExecutable().toString(), "-Xmx256m",
                "-XX:TieredStopAtLevel=1", "-D" + Harness.PROPERTY + "=" + System.getProperty(Harness.PROPERTY),
                "-cp", System.getProperty("java.class.path"), EmbeddedRun.class.getName()));
        command.addAll(List.of(args));
        parent = new ProcessBuilder(command).redirectErrorStream(true).start();
        reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    output.add(line);
                }
            } catch (IOException e) {
                // the parent is gone
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    /** Waits until the hang cell's child is inside its endless turn; returns the parent's descendants. */
    private List<ProcessHandle> awaitHangingCell(Path results) throws Exception {
        await(() -> output.contains("cellFinished scripted/echo OK"), "the first cell to finish");
        // latest points at a run only once it has ended: the run in progress is the one directory
        await(() -> runInProgress(results).map(run -> {
            try {
                Path log = run.resolve("hang").resolve("echo.log");
                return Files.exists(log) && Files.readString(log).contains("hang: sleeping forever");
            } catch (IOException e) {
                return false;
            }
        }).orElse(false), "the hang cell to hang");
        return parent.descendants().toList();
    }

    private static java.util.Optional<Path> runInProgress(Path results) {
        try (var entries = Files.list(results)) {
            List<Path> runs = entries.filter(path -> Files.isDirectory(path) && !Files.isSymbolicLink(path)).toList();
            return runs.size() == 1 ? java.util.Optional.of(runs.get(0)) : java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    private void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!condition.getAsBoolean()) {
            assertThat(parent.isAlive()).as("parent alive while waiting for " + what + "; output: " + output).isTrue();
            assertThat(System.nanoTime() < deadline).as("waiting for " + what + "; output: " + output).isTrue();
            Thread.sleep(50);
        }
    }

    private static void awaitGone(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(processes).as("processes the run started").noneMatch(ProcessHandle::isAlive);
    }
}
