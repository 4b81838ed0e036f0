package dev.agentbench.cli;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.core.RunListener;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.Reports;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * What {@code agentbench run} prints while it runs: a line per finished cell with the run's elapsed
 * time and an estimate of what is left ({@link RunProgress}), failures with their reason on stderr,
 * and at the end the reports' place and how many cells ended OK.
 *
 * <p>On a terminal, the running cell also has a live line, rewritten in place every tick (carriage
 * return, then erase to the end of the line) and replaced by the cell's finished line. Elsewhere
 * (a pipe, a file, CI) the output is plain lines only, one per finished cell, with no control
 * characters. Quiet prints only where the report is and what failed.
 *
 * <p>The live line's ticker is one daemon thread, started with the first cell and stopped when the
 * run ends, also when {@link #runFinished} comes from the shutdown hook after Ctrl-C; {@link #close}
 * stops it when the run ends by an exception.
 */
final class ProgressPrinter implements RunListener, AutoCloseable {

    /** Back to the line's start, then erase to its end. */
    static final String REWRITE = "\r\033[K";
    /** The ticker thread's name. */
    static final String TICKER_NAME = "agentbench-progress";

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean quiet;
    private final boolean terminal;
    private final boolean dryRun;
    private final ReportOptions reportOptions;
    private final Function<String, BenchmarkKind> kindOf;
    private final LongSupplier nanoTime;
    private final Duration tick;
    private final int width;
    private final Object lock = new Object();
    private RunProgress progress;
    private ScheduledExecutorService ticker;
    private volatile Thread tickerThread;
    private boolean liveShown;
    /** {@link #runFinished} has run. */
    private boolean ended;
    /** {@link #close} has run. */
    private boolean closed;

    /**
     * @param terminal whether {@code out} is a terminal: then the running cell has a live line
     * @param kindOf the kind of a benchmark by name, for the estimate
     * @param nanoTime the clock
     * @param tick how often the live line is rewritten
     * @param width the terminal's width: a live line is cut to one character less, so that it never wraps
     */
    ProgressPrinter(PrintWriter out, PrintWriter err, boolean quiet, boolean terminal, boolean dryRun,
            ReportOptions reportOptions, Function<String, BenchmarkKind> kindOf, LongSupplier nanoTime,
            Duration tick, int width) {
        this.out = out;
        this.err = err;
        this.quiet = quiet;
        this.terminal = terminal && !quiet;
        this.dryRun = dryRun;
        this.reportOptions = reportOptions;
        this.kindOf = kindOf;
        this.nanoTime = nanoTime;
        this.tick = tick;
        this.width = Math.max(20, width);
    }

    @Override
    public void runStarted(Path runDir, RunInfo info) {
        synchronized (lock) {
            progress = new RunProgress(info.cells(), kindOf, nanoTime, dryRun);
            if (!quiet) {
                out.println("Run " + info.runId() + ": " + info.cells().size() + " cells into " + runDir);
                out.flush();
            }
        }
    }

    @Override
    public void cellStarted(PlannedCell cell, int index, int total) {
        synchronized (lock) {
            if (progress == null || ended || closed) {
                return;
            }
            progress.started(index);
            if (terminal) {
                showLive();
                if (ticker == null) {
                    ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
                        Thread thread = new Thread(runnable, TICKER_NAME);
                        thread.setDaemon(true);
                        tickerThread = thread;
                        return thread;
                    });
                    long millis = Math.max(1, tick.toMillis());
                    ticker.scheduleAtFixedRate(this::tick, millis, millis, TimeUnit.MILLISECONDS);
                }
            }
        }
    }

    /** One tick of the live line. */
    void tick() {
        synchronized (lock) {
            if (terminal && !ended && !closed && progress != null && progress.running() >= 0) {
                showLive();
            }
        }
    }

    private void showLive() {
        String line = progress.runningLine();
        if (line.length() >= width) {
            line = line.substring(0, width - 2) + "…";
        }
        out.print(REWRITE + line);
        out.flush();
        liveShown = true;
    }

    private void clearLive() {
        if (liveShown) {
            out.print(REWRITE);
            out.flush();
            liveShown = false;
        }
    }

    @Override
    public void cellFinished(CellResult result, int index, int total) {
        synchronized (lock) {
            if (progress == null || ended || closed) {
                return;
            }
            progress.finished(index);
            clearLive();
            if (result.status() == CellStatus.OK) {
                if (!quiet) {
                    out.println(progress.finishedLine(result, index));
                    out.flush();
                }
            } else {
                err.println(progress.position(index).stripTrailing() + "  " + result.status() + ": "
                        + firstLine(result.error()));
                for (String line : result.logTail()) {
                    err.println("    | " + line);
                }
                err.flush();
            }
        }
    }

    @Override
    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
        Duration elapsed;
        synchronized (lock) {
            if (ended) {
                return;
            }
            ended = true;
            stopTicker();
            clearLive();
            elapsed = progress == null ? Duration.ZERO : progress.elapsed();
        }
        awaitTicker();
        try {
            Reports.write(runDir, reportOptions);
            out.println("Report: " + runDir.resolve("report.md") + " (and report.html)");
        } catch (IOException e) {
            err.println("agentbench: could not write the report of [" + runDir + "]: " + e.getMessage());
        }
        long notOk = results.stream().filter(cell -> cell.status() != CellStatus.OK).count();
        if (!quiet || notOk > 0) {
            for (String note : info.notes()) {
                out.println("Note: " + note);
            }
            out.println(RunProgress.summaryLine(info.status().name(), results, elapsed));
        }
        out.flush();
        err.flush();
    }

    /**
     * Stops the ticker and clears the live line, for a run that ended by an exception: nothing more
     * is printed of a cell. A {@link #runFinished} still to come (the shutdown hook's, after Ctrl-C,
     * can come after the run's thread has returned) still writes the report.
     */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            stopTicker();
            clearLive();
        }
        awaitTicker();
    }

    /** Waits, outside the lock that a last tick may be waiting for, until the ticker thread has ended. */
    private void awaitTicker() {
        ScheduledExecutorService stopped;
        synchronized (lock) {
            stopped = ticker;
        }
        if (stopped != null) {
            try {
                if (stopped.awaitTermination(5, TimeUnit.SECONDS) && tickerThread != null) {
                    tickerThread.join(5_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether the ticker thread has been started and not stopped. */
    boolean tickerRunning() {
        synchronized (lock) {
            return ticker != null && !ticker.isShutdown();
        }
    }

    private void stopTicker() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
