package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.core.BenchmarkDescriptor;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code run} prints, on a pipe and on a terminal, driven by the listener calls a run makes. */
class ProgressPrinterTest {

    private static final PlannedCell RAW = new PlannedCell("raw", "turn1", 1);
    private static final PlannedCell NOOP = new PlannedCell("noop", "turn1", 1);

    private final AtomicLong now = new AtomicLong();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private ProgressPrinter printer(boolean quiet, boolean terminal, Duration tick) {
        return new ProgressPrinter(new PrintWriter(out, true), new PrintWriter(err, true), quiet, terminal, false,
                now::get, tick, 80);
    }

    /** A run directory on disk (reports are written at the end) and its run.json as the runner has it: 2 forks a cell. */
    private static RunInfo info(Path runDir) {
        return new RunInfo(runDir.getFileName().toString(), RunStatus.RUNNING, "2026-11-29T10:15:00Z", null,
                List.of("run"), Map.of("forks", "2"), List.of(RAW, NOOP), Map.of());
    }

    private static final List<BenchmarkDescriptor> TURN1 = List.of(new BenchmarkDescriptor("turn1", "One turn", true,
            "built-in", List.of(), BenchmarkKind.SESSIONS));

    private static CellResult failed() {
        return CellResult.failed(NOOP, CellStatus.FAILED, "turn 0, step 0: no reply\nat the second line",
                List.of("[agentbench] opening noop", "boom"));
    }

    /**
     * Plays a run of two cells of 2 forks each, the forks rotating (raw#1, noop#1, raw#2, noop#2), noop's
     * second fork failing, with {@code between} called while some steps run.
     */
    private void play(ProgressPrinter printer, Path runDir, Runnable between) {
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info, TURN1);
        printer.mockWarmed(new MockWarmup(8_100, 40_000, 212, 58, true));
        printer.forkStarted(RAW, 1, 2, 0, 4);
        now.addAndGet(Duration.ofMillis(1500).toNanos());
        between.run();
        now.addAndGet(Duration.ofMillis(1500).toNanos());
        printer.forkFinished(RunProgressTest.fork(RAW, 171_000, RunProgressTest.STEADY), 1, 2, 0, 4);
        printer.forkStarted(NOOP, 1, 2, 1, 4);
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        printer.forkFinished(RunProgressTest.fork(NOOP, 180, RunProgressTest.CAPPED), 1, 2, 1, 4);
        printer.forkStarted(RAW, 2, 2, 2, 4);
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        printer.forkFinished(RunProgressTest.fork(RAW, 177_000, RunProgressTest.STEADY), 2, 2, 2, 4);
        CellResult ok = RunProgressTest.merged(RAW, new double[] {171_000, 177_000}, true, true);
        printer.cellFinished(ok, 0, 2);
        printer.forkStarted(NOOP, 2, 2, 3, 4);
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        between.run();
        printer.forkFinished(failed(), 2, 2, 3, 4);
        printer.cellFinished(failed(), 1, 2);
        printer.reportsWritten(runDir, List.of(runDir.resolve("summary.json"), runDir.resolve("report.md")));
        printer.runFinished(runDir, info.ended(RunStatus.COMPLETED, "2026-11-29T10:16:00Z"), List.of(ok, failed()));
    }

    @Test
    void onAPipeEachFinishedForkIsOnePlainLineEachCellSaysItsMedianOverItsForksAndFailuresGoToStderr(
            @TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, false, Duration.ofMillis(10));
        play(printer, runDir, printer::tick);
        assertThat(out.toString()).doesNotContain("\r", "\033");
        assertThat(err.toString()).doesNotContain("\r", "\033");
        assertThat(out.toString().lines()).containsExactly(
                "Run " + runDir.getFileName() + ": 2 cells in 4 steps (2 forks a cell) into " + runDir,
                "Mock warmed in 8.1s: p50 212 → 58.0 µs, steady",
                "[1/4] raw  turn1 #1/2  171 µs median ✓ steady after 14s  took 3.0s · 3.0s elapsed · about 9.0s left",
                "[2/4] noop turn1 #1/2  180 ns median ✓ NOT steady (cap 60s)  took 1.0s · 4.0s elapsed · about 4.0s left",
                "[3/4] raw  turn1 #2/2  177 µs median ✓ steady after 14s  took 2.0s · 6.0s elapsed · about 2.0s left",
                "raw turn1: 174 µs over 2 forks (171–177 µs)",
                "Report: " + runDir.resolve("report.md") + " (and report.html)",
                "COMPLETED: 1 of 2 cells OK in 7.0s");
        assertThat(err.toString().lines()).as("the failed fork, once, with its log's tail").containsExactly(
                "[4/4] noop turn1 #2/2  FAILED: turn 0, step 0: no reply",
                "    | [agentbench] opening noop",
                "    | boom");
        assertThat(printer.tickerRunning()).as("no live line, no ticker").isFalse();
    }

    @Test
    void aShardsRunSaysWhichShardOfWhichPlanAndItsRowsFirst(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        Sharding sharding = new Sharding("sha256:" + "0f".repeat(32), 2, 2, "ci-7", "56907fb85a4c", List.of(
                new Sharding.Group("turn5", 1, 1, 30), new Sharding.Group("turn1", 1, 2, 30)), List.of());
        ProgressPrinter printer = printer(false, false, Duration.ofMillis(10));
        printer.runStarted(runDir, info(runDir).withSharding(sharding), TURN1);
        printer.close();
        assertThat(out.toString().lines()).startsWith("Run " + runDir.getFileName() + ": 2 cells in 4 steps (2 forks a cell)"
                + " into " + runDir, "Shard 2/2 of plan sha256:" + "0f".repeat(32) + ": turn1");
    }

    @Test
    void aForkWithWarningsSaysHowManyOnItsLineAndEachOnALineBelow(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, false, Duration.ofMillis(10));
        printer.runStarted(runDir, info(runDir), TURN1);
        printer.forkStarted(RAW, 1, 2, 0, 4);
        now.addAndGet(Duration.ofSeconds(3).toNanos());
        printer.forkFinished(RunProgressTest.warned(RunProgressTest.fork(RAW, 171_000, RunProgressTest.STEADY),
                "close() did not return in 10 s"), 1, 2, 0, 4);
        printer.close();
        assertThat(out.toString().lines()).containsSubsequence(
                "[1/4] raw  turn1 #1/2  171 µs median ✓ steady after 14s (1 warning)  took 3.0s · 3.0s elapsed"
                        + " · about 9.0s left",
                "    warning: close() did not return in 10 s");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aProfiledRunSaysSoAndPrintsALinePerProfileForkWithItsWarningBelowWhenItGaveNone(@TempDir Path results)
            throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, false, Duration.ofMillis(10));
        RunInfo info = new RunInfo(runDir.getFileName().toString(), RunStatus.RUNNING, "2026-11-29T10:15:00Z", null,
                List.of("run"), Map.of("forks", "1", "profile", "jfr"), List.of(RAW, NOOP), Map.of());
        printer.runStarted(runDir, info, TURN1);
        printer.forkStarted(RAW, 1, 1, 0, 4);
        now.addAndGet(Duration.ofSeconds(3).toNanos());
        printer.forkFinished(RunProgressTest.fork(RAW, 171_000, RunProgressTest.STEADY), 1, 1, 0, 4);
        printer.cellFinished(RunProgressTest.fork(RAW, 171_000, RunProgressTest.STEADY), 0, 2);
        printer.forkStarted(NOOP, 1, 1, 1, 4);
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        printer.forkFinished(RunProgressTest.fork(NOOP, 180, RunProgressTest.STEADY), 1, 1, 1, 4);
        printer.cellFinished(RunProgressTest.fork(NOOP, 180, RunProgressTest.STEADY), 1, 2);
        printer.profileStarted(RAW, 2, 4);
        now.addAndGet(Duration.ofSeconds(4).toNanos());
        printer.profileFinished(RAW, RunProgressTest.profile(RAW, 1482, "JDK", 0.41), null, 2, 4);
        printer.profileStarted(NOOP, 3, 4);
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        printer.profileFinished(NOOP, null, "profile fork failed: boom", 3, 4);
        printer.close();
        assertThat(out.toString().lines()).containsExactly(
                "Run " + runDir.getFileName() + ": 2 cells in 4 steps (1 fork a cell and a profile fork) into " + runDir,
                "[1/4] raw  turn1 #1/1     171 µs median ✓ steady after 14s  took 3.0s · 3.0s elapsed · about 9.0s left",
                "[2/4] noop turn1 #1/1     180 ns median ✓ steady after 14s  took 1.0s · 4.0s elapsed · about 4.0s left",
                "[3/4] raw  turn1 profile  1,482 CPU samples, 41% JDK  took 4.0s · 8.0s elapsed · about 2.7s left",
                "[4/4] noop turn1 profile  no profile (1 warning)  took 1.0s · 9.0s elapsed",
                "    warning: profile fork failed: boom");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void onATerminalTheRunningForksLineIsRewrittenInPlaceAndReplacedByItsFinishedLine(@TempDir Path results)
            throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofHours(1)); // ticks by hand below
        play(printer, runDir, printer::tick);
        String rewrite = ProgressPrinter.REWRITE;
        assertThat(out.toString()).isEqualTo(
                "Run " + runDir.getFileName() + ": 2 cells in 4 steps (2 forks a cell) into " + runDir + "\n"
                + rewrite + "Starting and warming the mock · 0.0s elapsed"
                + rewrite + "Mock warmed in 8.1s: p50 212 → 58.0 µs, steady\n"
                + rewrite + "[1/4] raw  turn1 #1/2  running 0.0s · 0.0s elapsed · estimating…"
                + rewrite + "[1/4] raw  turn1 #1/2  running 1.5s · 1.5s elapsed · estimating…"
                + rewrite + "[1/4] raw  turn1 #1/2  171 µs median ✓ steady after 14s  took 3.0s · 3.0s elapsed · about 9.0s left\n"
                + rewrite + "[2/4] noop turn1 #1/2  running 0.0s · 3.0s elapsed · about 9.0s left"
                + rewrite + "[2/4] noop turn1 #1/2  180 ns median ✓ NOT steady (cap 60s)  took 1.0s · 4.0s elapsed · about 4.0s left\n"
                + rewrite + "[3/4] raw  turn1 #2/2  running 0.0s · 4.0s elapsed · about 4.0s left"
                + rewrite + "[3/4] raw  turn1 #2/2  177 µs median ✓ steady after 14s  took 2.0s · 6.0s elapsed · about 2.0s left\n"
                + "raw turn1: 174 µs over 2 forks (171–177 µs)\n"
                + rewrite + "[4/4] noop turn1 #2/2  running 0.0s · 6.0s elapsed · about 2.0s left"
                + rewrite + "[4/4] noop turn1 #2/2  running 1.0s · 7.0s elapsed · about 1.0s left"
                + rewrite // cleared before the failure goes to stderr
                + "Report: " + runDir.resolve("report.md") + " (and report.html)\n"
                + "COMPLETED: 1 of 2 cells OK in 7.0s\n");
        assertThat(err.toString()).startsWith("[4/4] noop turn1 #2/2  FAILED: turn 0, step 0: no reply\n")
                .doesNotContain("\r");
    }

    @Test
    void onATerminalTheLiveLineSaysTheMockIsStartingUntilItIsWarm(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofHours(1));
        printer.runStarted(runDir, info(runDir), TURN1);
        now.addAndGet(Duration.ofSeconds(12).toNanos());
        printer.tick();
        printer.mockWarmed(new MockWarmup(11_000, 40_000, 1_900, 640, false));
        printer.tick();
        assertThat(out.toString()).endsWith(ProgressPrinter.REWRITE + "Starting and warming the mock · 0.0s elapsed"
                + ProgressPrinter.REWRITE + "Starting and warming the mock · 12s elapsed"
                + ProgressPrinter.REWRITE + "Mock warmed in 11s: p50 1.90 ms → 640 µs, NOT steady (capped)\n");
        printer.close();
    }

    @Test
    void aColdStartIsOneLineForItsJvmsAreNoForksToSumUp(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, false, Duration.ofHours(1));
        PlannedCell coldStart = new PlannedCell("noop", "cold_start", 1);
        RunInfo info = new RunInfo(runDir.getFileName().toString(), RunStatus.RUNNING, "2026-11-29T10:15:00Z", null,
                List.of("run"), Map.of("forks", "2"), List.of(coldStart), Map.of());
        printer.runStarted(runDir, info, List.of(new BenchmarkDescriptor("cold_start", "A fresh JVM", false,
                "built-in", List.of(), BenchmarkKind.COLD_START)));
        printer.forkStarted(coldStart, 1, 1, 0, 1);
        now.addAndGet(Duration.ofSeconds(14).toNanos());
        CellResult jvms = RunProgressTest.merged(coldStart, new double[] {160e6, 165e6, 170e6}, true, true, true);
        printer.forkFinished(jvms, 1, 1, 0, 1);
        printer.cellFinished(jvms, 0, 1);
        assertThat(out.toString().lines()).containsExactly(
                "Run " + runDir.getFileName() + ": 1 cell into " + runDir,
                "[1/1] noop cold_start  165 ms median ✓  took 14s · 14s elapsed");
        printer.close();
    }

    @Test
    void aCellThatFailedBeforeAnyForkRanIsReportedByItsPlaceAmongTheCells(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, false, Duration.ofMillis(10));
        printer.runStarted(runDir, info(runDir), TURN1);
        for (int i = 0; i < 2; i++) {
            PlannedCell cell = i == 0 ? RAW : NOOP;
            printer.cellFinished(CellResult.failed(cell, CellStatus.FAILED, "The mock did not start: no port", List.of()),
                    i, 2);
        }
        assertThat(err.toString().lines()).containsExactly(
                "[1/2] raw  turn1  FAILED: The mock did not start: no port",
                "[2/2] noop turn1  FAILED: The mock did not start: no port");
        printer.close();
    }

    @Test
    void theTickerIsADaemonThreadThatTicksByItselfAndStopsWhenTheRunEnds(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info, TURN1);
        printer.forkStarted(RAW, 1, 2, 0, 4);
        assertThat(printer.tickerRunning()).isTrue();
        Thread ticker = tickerThread().orElseThrow();
        assertThat(ticker.isDaemon()).as("a daemon never keeps the JVM alive").isTrue();
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!out.toString().contains("running 2.0s") && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(out.toString()).as("the ticker rewrote the line by itself").contains(ProgressPrinter.REWRITE
                + "[1/4] raw  turn1 #1/2  running 2.0s");
        // Ctrl-C: the shutdown hook's thread ends the run while a cell runs.
        Thread hook = new Thread(() -> {
            printer.reportsWritten(runDir, List.of(runDir.resolve("report.md")));
            printer.runFinished(runDir, info.ended(RunStatus.INTERRUPTED, "2026-11-29T10:16:00Z"),
                    List.of(CellResult.failed(RAW, CellStatus.MISSING, "interrupted", List.of()),
                            CellResult.failed(NOOP, CellStatus.MISSING, "interrupted", List.of())));
        });
        hook.start();
        hook.join(30_000);
        assertThat(printer.tickerRunning()).isFalse();
        assertThat(ticker.isAlive()).as("the ticker thread ended").isFalse();
        String written = out.toString();
        assertThat(written).endsWith(ProgressPrinter.REWRITE + "Report: " + runDir.resolve("report.md")
                + " (and report.html)\nINTERRUPTED: 0 of 2 cells OK in 2.0s\n");
        printer.tick();
        printer.forkFinished(RunProgressTest.fork(RAW, 1e5, RunProgressTest.STEADY), 1, 2, 0, 4);
        printer.cellFinished(RunProgressTest.ok(RAW, 1e5), 0, 2);
        assertThat(out.toString()).as("nothing after the end").isEqualTo(written);
    }

    @Test
    void closeStopsTheTickerOfARunThatEndedByAnException(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        printer.runStarted(runDir, info(runDir), TURN1);
        printer.forkStarted(RAW, 1, 2, 0, 4);
        Thread ticker = tickerThread().orElseThrow();
        printer.close();
        assertThat(ticker.isAlive()).isFalse();
        assertThat(out.toString()).endsWith(ProgressPrinter.REWRITE);
    }

    @Test
    void afterCtrlCTheHooksCallsStillSayWhereTheReportIsEvenWhenTheRunsThreadClosedThePrinterFirst(@TempDir Path results)
            throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info, TURN1);
        printer.forkStarted(RAW, 1, 2, 0, 4);
        printer.close(); // the run's thread returned as the hook killed its child
        printer.reportsWritten(runDir, List.of(runDir.resolve("report.md")));
        printer.runFinished(runDir, info.ended(RunStatus.INTERRUPTED, "2026-11-29T10:16:00Z"),
                List.of(CellResult.failed(RAW, CellStatus.MISSING, "interrupted", List.of()),
                        CellResult.failed(NOOP, CellStatus.MISSING, "interrupted", List.of())));
        assertThat(out.toString()).contains("Report: " + runDir.resolve("report.md")).contains("INTERRUPTED: 0 of 2 cells OK");
    }

    @Test
    void reportsThatCouldNotBeWrittenAreOneLineOnStderrAndTheSummaryStillFollows(@TempDir Path results)
            throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info, TURN1);
        printer.forkStarted(RAW, 1, 2, 0, 4);
        printer.reportsFailed(runDir, "could not write the reports of [" + runDir + "]: disk full");
        printer.runFinished(runDir, info.ended(RunStatus.COMPLETED, "2026-11-29T10:16:00Z"),
                List.of(RunProgressTest.ok(RAW, 1e5), RunProgressTest.ok(NOOP, 1e2)));
        assertThat(err.toString()).isEqualTo("agentbench: could not write the reports of [" + runDir + "]: disk full"
                + System.lineSeparator());
        assertThat(out.toString()).doesNotContain("Report:").endsWith("COMPLETED: 2 of 2 cells OK in 0.0s\n");
        assertThat(printer.tickerRunning()).as("the live line ended with the run").isFalse();
    }

    @Test
    void quietPrintsOnlyWhereTheReportIsAndWhatFailedEvenOnATerminal(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(true, true, Duration.ofMillis(5));
        play(printer, runDir, printer::tick);
        assertThat(out.toString().lines()).containsExactly(
                "Report: " + runDir.resolve("report.md") + " (and report.html)",
                "COMPLETED: 1 of 2 cells OK in 7.0s");
        assertThat(err.toString().lines()).first().isEqualTo("[4/4] noop turn1 #2/2  FAILED: turn 0, step 0: no reply");
        assertThat(out.toString() + err).doesNotContain("\r");
        assertThat(printer.tickerRunning()).isFalse();
    }

    @Test
    void aLiveLineIsCutToTheTerminalsWidthSoThatItNeverWraps(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(out, true), new PrintWriter(err, true), false,
                true, false, now::get, Duration.ofHours(1), 30);
        printer.runStarted(runDir, info(runDir), TURN1);
        printer.forkStarted(RAW, 1, 2, 0, 4);
        String live = out.toString().substring(out.toString().lastIndexOf('\r'));
        assertThat(live).isEqualTo(ProgressPrinter.REWRITE + "[1/4] raw  turn1 #1/2  runni…");
        assertThat(live.length() - ProgressPrinter.REWRITE.length()).isLessThan(30);
        printer.close();
    }

    private static Optional<Thread> tickerThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(ProgressPrinter.TICKER_NAME) && thread.isAlive())
                .findFirst();
    }
}
