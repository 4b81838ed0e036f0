package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.report.ReportOptions;
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
                ReportOptions.defaults(), name -> BenchmarkKind.SESSIONS, now::get, tick, 80);
    }

    /** A run directory on disk (reports are written at the end) and its run.json as the runner has it. */
    private static RunInfo info(Path runDir) {
        return new RunInfo(runDir.getFileName().toString(), RunStatus.RUNNING, "2026-11-29T10:15:00Z", null,
                List.of("run"), Map.of(), List.of(RAW, NOOP), Map.of());
    }

    private static CellResult failed() {
        return CellResult.failed(NOOP, CellStatus.FAILED, "turn 0, step 0: no reply\nat the second line",
                List.of("[agentbench] opening noop", "boom"));
    }

    /** Plays a run of two cells, the second failing, with {@code between} called while each cell runs. */
    private void play(ProgressPrinter printer, Path runDir, Runnable between) {
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info);
        printer.cellStarted(RAW, 0, 2);
        now.addAndGet(Duration.ofMillis(1500).toNanos());
        between.run();
        now.addAndGet(Duration.ofMillis(1500).toNanos());
        CellResult ok = RunProgressTest.ok(RAW, 212_400);
        printer.cellFinished(ok, 0, 2);
        printer.cellStarted(NOOP, 1, 2);
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        between.run();
        printer.cellFinished(failed(), 1, 2);
        printer.runFinished(runDir, info.ended(RunStatus.COMPLETED, "2026-11-29T10:16:00Z"), List.of(ok, failed()));
    }

    @Test
    void onAPipeEachFinishedCellIsOnePlainLineAndFailuresGoToStderr(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, false, Duration.ofMillis(10));
        play(printer, runDir, printer::tick);
        assertThat(out.toString()).doesNotContain("\r", "\033");
        assertThat(err.toString()).doesNotContain("\r", "\033");
        assertThat(out.toString().lines()).containsExactly(
                "Run " + runDir.getFileName() + ": 2 cells into " + runDir,
                "[1/2] raw  turn1  212 µs median ✓  took 3.0s · 3.0s elapsed · about 3.0s left",
                "Report: " + runDir.resolve("report.md") + " (and report.html)",
                "COMPLETED: 1 of 2 cells OK in 4.0s");
        assertThat(err.toString().lines()).containsExactly(
                "[2/2] noop turn1  FAILED: turn 0, step 0: no reply",
                "    | [agentbench] opening noop",
                "    | boom");
        assertThat(printer.tickerRunning()).as("no live line, no ticker").isFalse();
    }

    @Test
    void onATerminalTheRunningCellsLineIsRewrittenInPlaceAndReplacedByItsFinishedLine(@TempDir Path results)
            throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofHours(1)); // ticks by hand below
        play(printer, runDir, printer::tick);
        String rewrite = ProgressPrinter.REWRITE;
        assertThat(out.toString()).isEqualTo(
                "Run " + runDir.getFileName() + ": 2 cells into " + runDir + "\n"
                + rewrite + "[1/2] raw  turn1  running 0.0s · 0.0s elapsed · estimating…"
                + rewrite + "[1/2] raw  turn1  running 1.5s · 1.5s elapsed · estimating…"
                + rewrite + "[1/2] raw  turn1  212 µs median ✓  took 3.0s · 3.0s elapsed · about 3.0s left\n"
                + rewrite + "[2/2] noop turn1  running 0.0s · 3.0s elapsed · about 3.0s left"
                + rewrite + "[2/2] noop turn1  running 1.0s · 4.0s elapsed · about 2.0s left"
                + rewrite // cleared before the failure goes to stderr
                + "Report: " + runDir.resolve("report.md") + " (and report.html)\n"
                + "COMPLETED: 1 of 2 cells OK in 4.0s\n");
        assertThat(err.toString()).startsWith("[2/2] noop turn1  FAILED: turn 0, step 0: no reply\n")
                .doesNotContain("\r");
    }

    @Test
    void theTickerIsADaemonThreadThatTicksByItselfAndStopsWhenTheRunEnds(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info);
        printer.cellStarted(RAW, 0, 2);
        assertThat(printer.tickerRunning()).isTrue();
        Thread ticker = tickerThread().orElseThrow();
        assertThat(ticker.isDaemon()).as("a daemon never keeps the JVM alive").isTrue();
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!out.toString().contains("running 2.0s") && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(out.toString()).as("the ticker rewrote the line by itself").contains(ProgressPrinter.REWRITE
                + "[1/2] raw  turn1  running 2.0s");
        // Ctrl-C: the shutdown hook's thread ends the run while a cell runs.
        Thread hook = new Thread(() -> printer.runFinished(runDir, info.ended(RunStatus.INTERRUPTED, "2026-11-29T10:16:00Z"),
                List.of(CellResult.failed(RAW, CellStatus.MISSING, "interrupted", List.of()),
                        CellResult.failed(NOOP, CellStatus.MISSING, "interrupted", List.of()))));
        hook.start();
        hook.join(30_000);
        assertThat(printer.tickerRunning()).isFalse();
        assertThat(ticker.isAlive()).as("the ticker thread ended").isFalse();
        String written = out.toString();
        assertThat(written).endsWith(ProgressPrinter.REWRITE + "Report: " + runDir.resolve("report.md")
                + " (and report.html)\nINTERRUPTED: 0 of 2 cells OK in 2.0s\n");
        printer.tick();
        printer.cellFinished(RunProgressTest.ok(RAW, 1e5), 0, 2);
        assertThat(out.toString()).as("nothing after the end").isEqualTo(written);
    }

    @Test
    void closeStopsTheTickerOfARunThatEndedByAnException(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        printer.runStarted(runDir, info(runDir));
        printer.cellStarted(RAW, 0, 2);
        Thread ticker = tickerThread().orElseThrow();
        printer.close();
        assertThat(ticker.isAlive()).isFalse();
        assertThat(out.toString()).endsWith(ProgressPrinter.REWRITE);
    }

    @Test
    void afterCtrlCTheHooksRunFinishedWritesTheReportEvenWhenTheRunsThreadClosedThePrinterFirst(@TempDir Path results)
            throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(false, true, Duration.ofMillis(5));
        RunInfo info = info(runDir);
        printer.runStarted(runDir, info);
        printer.cellStarted(RAW, 0, 2);
        printer.close(); // the run's thread returned as the hook killed its child
        printer.runFinished(runDir, info.ended(RunStatus.INTERRUPTED, "2026-11-29T10:16:00Z"),
                List.of(CellResult.failed(RAW, CellStatus.MISSING, "interrupted", List.of()),
                        CellResult.failed(NOOP, CellStatus.MISSING, "interrupted", List.of())));
        assertThat(out.toString()).contains("Report: " + runDir.resolve("report.md")).contains("INTERRUPTED: 0 of 2 cells OK");
        assertThat(runDir.resolve("report.md")).exists();
    }

    @Test
    void quietPrintsOnlyWhereTheReportIsAndWhatFailedEvenOnATerminal(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = printer(true, true, Duration.ofMillis(5));
        play(printer, runDir, printer::tick);
        assertThat(out.toString().lines()).containsExactly(
                "Report: " + runDir.resolve("report.md") + " (and report.html)",
                "COMPLETED: 1 of 2 cells OK in 4.0s");
        assertThat(err.toString().lines()).first().isEqualTo("[2/2] noop turn1  FAILED: turn 0, step 0: no reply");
        assertThat(out.toString() + err).doesNotContain("\r");
        assertThat(printer.tickerRunning()).isFalse();
    }

    @Test
    void aLiveLineIsCutToTheTerminalsWidthSoThatItNeverWraps(@TempDir Path results) throws Exception {
        Path runDir = ReportCommandTest.run(results);
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(out, true), new PrintWriter(err, true), false,
                true, false, ReportOptions.defaults(), name -> BenchmarkKind.SESSIONS, now::get, Duration.ofHours(1), 30);
        printer.runStarted(runDir, info(runDir));
        printer.cellStarted(RAW, 0, 2);
        String live = out.toString().substring(out.toString().lastIndexOf('\r'));
        assertThat(live).isEqualTo(ProgressPrinter.REWRITE + "[1/2] raw  turn1  running 0.…");
        assertThat(live.length() - ProgressPrinter.REWRITE.length()).isLessThan(30);
        printer.close();
    }

    private static Optional<Thread> tickerThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(ProgressPrinter.TICKER_NAME) && thread.isAlive())
                .findFirst();
    }
}
