package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.OnceMock;
import dev.agentbench.core.testing.TestRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mock dies in the middle of a run: killed (SIGKILL) while the {@code hang} target's cell is in
 * flight, a cell that would otherwise hang until its timeout. The fake mock and real child JVMs.
 */
class MockDeathTest {

    @TempDir
    Path dir;

    @BeforeEach
    @AfterEach
    void noMarker() throws IOException {
        Files.deleteIfExists(OnceMock.marker(ProcessHandle.current().pid()));
    }

    @AfterEach
    void nothingIsLeftRunning() throws Exception {
        assertThat(ProcessChecks.awaitNoDescendants(Duration.ofSeconds(5)))
                .as("processes this test JVM started that are still alive").isEmpty();
    }

    /**
     * Kills the run's mock (the JVM with the mock's heap options) once the hanging cell's child says
     * it hangs; records what it killed and what the run told it.
     */
    private static final class Killer implements RunListener {
        final List<String> events = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        final AtomicReference<String> killed = new AtomicReference<>();
        final AtomicReference<MockRestart> restart = new AtomicReference<>();
        private volatile Path runDir;

        @Override
        public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
            this.runDir = runDir;
        }

        @Override
        public void cellFinished(CellResult result, int index, int total) {
            events.add("cellFinished " + result.target() + "/" + result.name() + " " + result.status());
        }

        @Override
        public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
            events.add("runFinished " + info.status() + " " + results.size());
        }

        @Override
        public void forkStarted(PlannedCell cell, int fork, int forks, int step, int steps) {
            events.add("forkStarted " + cell.target() + "/" + cell.name() + " #" + fork + "/" + forks + " "
                    + (step + 1) + "/" + steps);
            if (cell.target().equals("hang")) {
                Path log = new RunLayout(runDir).cellLog(cell);
                Thread thread = new Thread(() -> killWhenHanging(log), "test-mock-killer");
                thread.setDaemon(true);
                thread.start();
            }
        }

        @Override
        public void mockRestarted(MockRestart restart) {
            this.restart.set(restart);
            events.add("mockRestarted " + restart.cell() + " " + (restart.restarted() ? "restarted" : "not restarted"));
        }

        private void killWhenHanging(Path log) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            try {
                while (System.nanoTime() < deadline) {
                    if (Files.exists(log) && Files.readString(log).contains("hang: sleeping forever")) {
                        Optional<ProcessHandle> mock = ProcessHandle.current().descendants()
                                .filter(p -> p.info().commandLine().orElse("").contains(" -Xmx512m ")).findFirst();
                        mock.ifPresent(p -> {
                            killed.set(p.pid() + "");
                            events.add("killed the mock");
                            p.destroyForcibly();
                        });
                        if (mock.isEmpty()) {
                            killed.set("failed: no mock among " + ProcessHandle.current().descendants()
                                    .map(p -> p.info().commandLine().orElse("?")).toList());
                        }
                        return;
                    }
                    Thread.sleep(20);
                }
                killed.set("failed: no hanging child in [" + log + "]: "
                        + (Files.exists(log) ? Files.readString(log) : "no log"));
            } catch (IOException | InterruptedException e) {
                killed.set("failed: " + e);
            }
        }
    }

    @Test
    void theCellInFlightFailsWithTheDeathNamedAndTheRunGoesOnWithANewMock() throws Exception {
        Killer killer = new Killer();

        RunSummary summary = new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of("scripted", "hang", "probe")).benchmarks(List.of("echo"))
                .listener(killer).build()).run();

        assertThat(killer.killed.get()).as("the mock was found and killed").doesNotStartWith("failed").isNotNull();
        assertThat(summary.results()).extracting(CellResult::target, CellResult::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("scripted", CellStatus.OK),
                org.assertj.core.groups.Tuple.tuple("hang", CellStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("probe", CellStatus.OK));
        CellResult hang = summary.results().get(1);
        // FAILED, not TIMEOUT: the cell, which would hang until its timeout, was ended when the mock died
        assertThat(hang.error()).isEqualTo("The mock died: killed by SIGKILL (exit status [137]); the cell's JVM was "
                + "ended");
        assertThat(hang.logTail()).contains("hang: sleeping forever", "[agentbench] the mock's log [mock.log] ends:",
                "registered echo");
        // the probe checks that the new mock serves the script the parent registered with it
        assertThat(summary.info().status()).isEqualTo(RunStatus.COMPLETED);
        RunLayout layout = new RunLayout(summary.runDir());
        RunInfo info = ResultsJson.read(layout.runJson(), RunInfo.class);
        assertThat(info.mockRestarts()).hasSize(1);
        MockRestart restart = info.mockRestarts().get(0);
        assertThat(restart.cause()).isEqualTo("killed by SIGKILL (exit status [137])");
        assertThat(restart.cell()).isEqualTo("hang/echo");
        assertThat(restart.log()).isEqualTo("mock.restart-1.log");
        assertThat(restart.attempts()).isEqualTo(1);
        assertThat(restart.failure()).isNull();
        assertThat(layout.mockRestartLog(1)).content().contains("registered echo", "unregistered echo");
        assertThat(killer.restart.get()).isEqualTo(restart);
        assertThat(killer.events).containsSubsequence("killed the mock", "cellFinished hang/echo FAILED",
                "mockRestarted hang/echo restarted", "forkStarted probe/echo #1/1 3/3", "cellFinished probe/echo OK");
        assertThat(ResultsJson.read(layout.cellResult(new PlannedCell("hang", "echo", 1)), CellResult.class))
                .isEqualTo(hang);
    }

    @Test
    void aMockThatCannotBeRestartedStopsTheRunAndTheRestIsMissing() throws Exception {
        Killer killer = new Killer();

        RunSummary summary = new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of("scripted", "hang", "probe")).benchmarks(List.of("echo", "solo"))
                .mockMainClass(OnceMock.class.getName()).listener(killer).build()).run();

        assertThat(summary.results()).extracting(CellResult::target, CellResult::name, CellResult::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("scripted", "echo", CellStatus.OK),
                        org.assertj.core.groups.Tuple.tuple("hang", "echo", CellStatus.FAILED),
                        org.assertj.core.groups.Tuple.tuple("probe", "echo", CellStatus.MISSING),
                        org.assertj.core.groups.Tuple.tuple("scripted", "solo", CellStatus.MISSING),
                        org.assertj.core.groups.Tuple.tuple("hang", "solo", CellStatus.MISSING),
                        org.assertj.core.groups.Tuple.tuple("probe", "solo", CellStatus.MISSING));
        assertThat(summary.results().get(1).error()).startsWith("The mock died: killed by SIGKILL");
        String why = "the mock died (killed by SIGKILL (exit status [137])) and could not be restarted: new mock 2 of 2 "
                + "[mock.restart-2.log] did not start: it exited with code [1] before saying where it listens";
        assertThat(summary.results().get(2).error()).isEqualTo("Not run: " + why);
        assertThat(summary.allOk()).isFalse();
        RunLayout layout = new RunLayout(summary.runDir());
        RunInfo info = ResultsJson.read(layout.runJson(), RunInfo.class);
        assertThat(info).isEqualTo(summary.info());
        assertThat(info.status()).isEqualTo(RunStatus.STOPPED);
        assertThat(info.notes()).containsExactly("The run stopped: " + why + "; 2 of 6 cells finished, the other 4 did "
                + "not run (MISSING)");
        assertThat(info.mockRestarts()).singleElement().satisfies(restart -> {
            assertThat(restart.restarted()).isFalse();
            assertThat(restart.attempts()).isEqualTo(2);
            assertThat(restart.cell()).isEqualTo("hang/echo");
        });
        assertThat(layout.mockRestartLog(1)).content().contains("refusing to start again");
        assertThat(layout.mockRestartLog(2)).content().contains("refusing to start again");
        assertThat(ResultsJson.read(layout.cellResult(info.cells().get(3)), CellResult.class))
                .as("the reports read why from the cells' files").isEqualTo(summary.results().get(3));
        assertThat(killer.events).last().isEqualTo("runFinished STOPPED 6");
    }
}
