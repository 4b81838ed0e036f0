package dev.agentbench.cli;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.core.host.NoiseGuard;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.BenchmarkDescriptor;
import dev.agentbench.core.RunListener;
import dev.agentbench.report.ReportsListener;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * What {@code agentbench run} prints while it runs ({@link RunProgress} makes the lines): a line when
 * the mock is warm; a line per finished step (one fork of a cell, or a whole cold start) with its
 * median, whether its warm-up found a steady state, the run's elapsed time and an estimate of what
 * is left, then a line per warning of the step ({@code     warning: close() did not return in 10 s});
 * after the last fork of a cell of several, a line with the cell's median over its forks and their
 * spread; in a profiled run, a line per profile fork with its CPU samples and the group with the
 * most of them, or the warning that says why there is no profile; failures with their reason and
 * the tail of their log on stderr; and at the end the reports' place and how many cells ended OK.
 *
 * <p>On a terminal, the running step also has a live line, rewritten in place every tick (carriage
 * return, then erase to the end of the line) and replaced by the step's finished line. Elsewhere
 * (a pipe, a file, CI) the output is plain lines only, with no control characters. Quiet prints only
 * where the report is and what failed.
 *
 * <p>The live line's ticker is one daemon thread, started with the first step and stopped when the
 * run ends, also when {@link #runFinished} comes from the shutdown hook after Ctrl-C; {@link #close}
 * stops it when the run ends by an exception.
 */
final class ProgressPrinter implements RunListener, ReportsListener.Outcome, AutoCloseable {

    /** Back to the line's start, then erase to its end. */
    static final String REWRITE = "\r\033[K";
    /** The ticker thread's name. */
    static final String TICKER_NAME = "agentbench-progress";

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean quiet;
    private final boolean terminal;
    private final boolean dryRun;
    private final LongSupplier nanoTime;
    private final Duration tick;
    private final int width;
    private final Object lock = new Object();
    private RunProgress progress;
    private List<PlannedCell> cells = List.of();
    /** The cells whose failure has been printed. */
    private final Set<Integer> reported = new HashSet<>();
    private ScheduledExecutorService ticker;
    private volatile Thread tickerThread;
    private boolean liveShown;
    /** The run has started and its first step has not: the mock is starting, then warming. */
    private boolean startingMock;
    /** {@link #runFinished} has run. */
    private boolean ended;
    /** How long the run took, once it has ended. */
    private Duration endedAfter;
    /** Whether the summary has been printed: a second runFinished prints nothing. */
    private boolean finished;
    /** {@link #close} has run. */
    private boolean closed;

    /**
     * @param terminal whether {@code out} is a terminal: then the running step has a live line
     * @param nanoTime the clock
     * @param tick how often the live line is rewritten
     * @param width the terminal's width: a live line is cut to one character less, so that it never wraps
     */
    ProgressPrinter(PrintWriter out, PrintWriter err, boolean quiet, boolean terminal, boolean dryRun,
            LongSupplier nanoTime, Duration tick, int width) {
        this.out = out;
        this.err = err;
        this.quiet = quiet;
        this.terminal = terminal && !quiet;
        this.dryRun = dryRun;
        this.nanoTime = nanoTime;
        this.tick = tick;
        this.width = Math.max(20, width);
    }

    @Override
    public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
        Map<String, BenchmarkKind> kinds = new HashMap<>();
        benchmarks.forEach(benchmark -> kinds.put(benchmark.name(), benchmark.kind()));
        synchronized (lock) {
            cells = info.cells();
            progress = new RunProgress(cells, name -> kinds.getOrDefault(name, BenchmarkKind.SESSIONS), forks(info),
                    nanoTime, dryRun, profiled(info));
            if (!quiet) {
                out.println("Run " + info.runId() + ": " + plan(info.cells().size(), forks(info), progress.steps(),
                        profiled(info)) + " into " + runDir);
                Sharding sharding = info.sharding();
                if (sharding != null && sharding.index() > 0) {
                    out.println("Shard " + sharding.label() + " of plan " + sharding.planHash() + ": "
                            + String.join(", ", sharding.rows(sharding.index())));
                }
                passSettings(info).flatMap(progress::plannedLine).ifPresent(out::println);
                out.flush();
            }
            startingMock = true;
            if (terminal) {
                showLive();
                startTicker();
            }
        }
    }

    /**
     * {@code 4 cells}, or {@code 4 cells in 8 steps (2 forks a cell)} when a cell has several forks,
     * or {@code 2 cells in 4 steps (1 fork a cell and a profile fork)} in a profiled run.
     */
    private static String plan(int cells, int forks, int steps, boolean profiled) {
        String plan = cells + " cell" + (cells == 1 ? "" : "s");
        int perCell = forks + (profiled ? 1 : 0);
        return steps == cells ? plan : plan + " in " + steps + " steps (" + forks + " fork" + (forks == 1 ? "" : "s")
                + " a cell" + (profiled ? " and a profile fork" : "")
                + (steps < cells * perCell ? ", a cold start in one" : "") + ")";
    }

    /** The pass settings run.json's settings hold; empty when some are missing or unreadable. */
    private static Optional<PassSettings> passSettings(RunInfo info) {
        try {
            return Optional.of(PassSettings.fromText("", info.settings()::get));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether run.json's settings name a profiler. */
    private static boolean profiled(RunInfo info) {
        String profile = info.settings().getOrDefault("profile", "none").strip();
        return !profile.isEmpty() && !profile.equals("none");
    }

    /** The forks per cell that run.json's settings name; 1 when they name none. */
    private static int forks(RunInfo info) {
        try {
            return Math.max(1, Integer.parseInt(info.settings().getOrDefault("forks", "1").strip()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    @Override
    public void mockWarmed(MockWarmup warmup) {
        synchronized (lock) {
            startingMock = false;
            if (!quiet && !ended && !closed) {
                clearLive();
                out.println(RunProgress.mockLine(warmup));
                out.flush();
            }
        }
    }

    /** A line for each restart of the mock, even when quiet: it cost a cell, or the rest of the run. */
    @Override
    public void mockRestarted(MockRestart restart) {
        synchronized (lock) {
            if (!ended && !closed) {
                clearLive();
                out.println(RunProgress.mockRestartLine(restart));
                out.flush();
            }
        }
    }

    @Override
    public void forkStarted(PlannedCell cell, int fork, int forks, int step, int steps) {
        synchronized (lock) {
            int index = cells.indexOf(cell);
            if (progress == null || ended || closed || index < 0) {
                return;
            }
            startingMock = false;
            progress.started(index, fork, forks, step, steps);
            if (terminal) {
                showLive();
                startTicker();
            }
        }
    }

    private void startTicker() {
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

    /** One tick of the live line. */
    void tick() {
        synchronized (lock) {
            if (terminal && !ended && !closed && progress != null) {
                showLive();
            }
        }
    }

    /**
     * Shows the live line: the running step's, or while the mock starts (and warms) before the
     * first step, how long that has taken; nothing between two steps.
     */
    private void showLive() {
        String line = progress.running() >= 0 ? progress.runningLine()
                : startingMock ? (dryRun ? "Starting the mock" : "Starting and warming the mock") + " · "
                        + RunProgress.span(progress.elapsed()) + " elapsed"
                : null;
        if (line == null) {
            return;
        }
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
    public void forkFinished(CellResult result, int fork, int forks, int step, int steps) {
        synchronized (lock) {
            if (progress == null || ended || closed || progress.running() < 0) {
                return;
            }
            int cell = progress.running();
            Duration took = progress.finished();
            clearLive();
            if (result.status() == CellStatus.OK) {
                if (!quiet) {
                    out.println(progress.finishedLine(result, took));
                    for (String warning : result.warnings()) {
                        out.println("    warning: " + warning);
                    }
                    out.flush();
                }
            } else {
                failed(progress.failedLine(result), result);
                reported.add(cell);
            }
        }
    }

    @Override
    public void cellFinished(CellResult result, int index, int total) {
        synchronized (lock) {
            if (progress == null || ended || closed) {
                return;
            }
            progress.cellEnded(index, result.status() == CellStatus.OK);
            startingMock = false;
            if (result.status() == CellStatus.OK) {
                if (!quiet && !dryRun && progress.forked(index) && result.forks().size() > 1) {
                    clearLive();
                    out.println(RunProgress.cellLine(result));
                    // disturbed and outlier forks are seen only once the cell's forks are together
                    for (String warning : result.warnings()) {
                        if (NoiseGuard.aboutNoise(warning)) {
                            out.println("    warning: " + warning);
                        }
                    }
                    out.flush();
                }
            } else if (reported.add(index)) {
                // no fork of it ran: the mock did not start, or failed its warm-up
                clearLive();
                failed(progress.cellPosition(index) + "  " + result.status().label() + ": "
                        + RunProgress.firstLine(result.error()), result);
            }
        }
    }

    @Override
    public void profileStarted(PlannedCell cell, int step, int steps) {
        synchronized (lock) {
            int index = cells.indexOf(cell);
            if (progress == null || ended || closed || index < 0) {
                return;
            }
            progress.profileStarted(index, step, steps);
            if (terminal) {
                showLive();
                startTicker();
            }
        }
    }

    @Override
    public void profileFinished(PlannedCell cell, Profile profile, String warning, int step, int steps) {
        synchronized (lock) {
            if (progress == null || ended || closed || progress.running() < 0) {
                return;
            }
            Duration took = progress.finished();
            clearLive();
            if (!quiet) {
                out.println(progress.profileLine(profile, took));
                if (warning != null) {
                    out.println("    warning: " + warning);
                }
                out.flush();
            }
        }
    }

    /** A failure on stderr: its line, then the tail of its log. */
    private void failed(String line, CellResult result) {
        err.println(line);
        for (String tail : result.logTail()) {
            err.println("    | " + tail);
        }
        err.flush();
    }

    @Override
    public void reportsWritten(Path runDir, List<Path> reports) {
        end();
        out.println("Report: " + runDir.resolve("report.md") + " (and report.html)");
        out.flush();
    }

    @Override
    public void reportsFailed(Path runDir, String error) {
        end();
        err.println("agentbench: " + error);
        err.flush();
    }

    @Override
    public void runFinished(Path runDir, RunInfo info, List<CellResult> results) {
        synchronized (lock) {
            if (finished) {
                return;
            }
            finished = true;
        }
        Duration elapsed = end();
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
     * Ends the live output, once, as the run ends: stops the ticker and clears the live line, so
     * that what follows (the reports' place, the summary) starts on a clean line.
     *
     * @return how long the run took, as of its end
     */
    private Duration end() {
        Duration elapsed;
        synchronized (lock) {
            if (!ended) {
                ended = true;
                stopTicker();
                clearLive();
                endedAfter = progress == null ? Duration.ZERO : progress.elapsed();
            }
            elapsed = endedAfter;
        }
        awaitTicker();
        return elapsed;
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

}
