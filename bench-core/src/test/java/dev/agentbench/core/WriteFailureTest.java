package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.core.results.LatestRun;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.TestRuns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write of the run's files that fails during the run fails its cell, naming the file and the
 * reason, and stops the run: the cells measured before it are kept, the others are MISSING. A
 * regular file where a target's directory goes fails every write there, whoever runs the test
 * (permissions do not stop root).
 */
class WriteFailureTest {

    @TempDir
    Path dir;

    @Test
    void aWriteThatFailsFailsItsCellAndStopsTheRunKeepingTheCellsBefore() throws IOException {
        Path results = dir.resolve("results");
        RunListener blockProbe = new RunListener() {
            @Override
            public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
                try {
                    Files.writeString(runDir.resolve("probe"), "in the way of the target's directory");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        RunSummary summary = new BenchRunner(TestRuns.options(results).targets(List.of("scripted", "probe"))
                .benchmarks(List.of("solo")).concurrency(List.of(1)).listener(blockProbe).build()).run();

        assertThat(summary.results()).extracting(CellResult::status).containsExactly(CellStatus.OK, CellStatus.FAILED);
        String failure = summary.results().get(1).error();
        assertThat(failure).isEqualTo("Cannot write [" + new RunLayout(summary.runDir())
                .cellLog(new PlannedCell("probe", "solo", 1)) + "]: File exists");
        assertThat(summary.info().status()).isEqualTo(RunStatus.STOPPED);
        assertThat(summary.info().notes()).contains("The run stopped after 2 of 2 cells because a write failed: "
                + failure);
        RunInfo written = ResultsJson.read(new RunLayout(summary.runDir()).runJson(), RunInfo.class);
        assertThat(written.status()).isEqualTo(RunStatus.STOPPED);
        assertThat(new RunLayout(summary.runDir()).cellResult(summary.info().cells().get(0))).isRegularFile();
        assertThat(LatestRun.resolve(results)).contains(summary.runDir());
    }

    @Test
    void theCellsAfterTheFailedWriteAreMissingSayingWhy() {
        Path results = dir.resolve("results");
        RunListener blockScripted = new RunListener() {
            @Override
            public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
                try {
                    Files.writeString(runDir.resolve("scripted"), "in the way of the target's directory");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        RunSummary summary = new BenchRunner(TestRuns.options(results).targets(List.of("scripted", "probe"))
                .benchmarks(List.of("solo")).concurrency(List.of(1)).listener(blockScripted).build()).run();

        assertThat(summary.results()).extracting(CellResult::status)
                .containsExactly(CellStatus.FAILED, CellStatus.MISSING);
        assertThat(summary.results().get(1).error()).isEqualTo("Not run: the run stopped because a write failed: "
                + summary.results().get(0).error());
        assertThat(summary.info().notes()).anyMatch(note -> note.startsWith(
                "The run stopped after 1 of 2 cells because a write failed: Cannot write [")
                && note.endsWith("; the other 1 did not run (MISSING)"));
        assertThat(summary.allOk()).isFalse();
    }
}
