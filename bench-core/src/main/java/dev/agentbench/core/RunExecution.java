package dev.agentbench.core;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.host.CellLauncher;
import dev.agentbench.core.host.ChildSettings;
import dev.agentbench.core.host.NoiseGuard;
import dev.agentbench.core.host.RunGuard;
import dev.agentbench.core.kind.MockServe;
import dev.agentbench.core.mock.MockProcess;
import dev.agentbench.core.mock.MockWarmer;
import dev.agentbench.core.plan.Step;
import dev.agentbench.core.results.LatestRun;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One run of {@link BenchRunner}, from its run directory made to its end: starts and warms the
 * mock, runs every step (a fork, a cold start or a profile fork) in a child JVM, reruns a disturbed
 * fork and one with no steady state, replaces a mock that died, stops early when the time budget is spent, a write fails or the
 * mock cannot be replaced, and ends on every path with run.json written and the listeners told.
 * The running thread and the shutdown hook (Ctrl-C, SIGTERM) share it; only the first to end the
 * run does.
 */
final class RunExecution {

    /** Why a cell that had not finished when the run was interrupted is MISSING. */
    private static final String INTERRUPTED_CELL = "The run was interrupted before this cell finished";

    /** The longest the running thread waits for an interruption on another thread to end the run. */
    private static final Duration INTERRUPTION_WAIT = Duration.ofSeconds(60);

    private final BenchOptions options;
    private final Clock clock;
    private final Path runDir;
    private final RunLayout layout;
    /** What run.json says; the mock's warm-up is added once it is done. */
    private volatile RunInfo info;
    private final Registry registry;
    private final Map<String, Column> columns;
    private final RunListener listener;
    private final RunGuard guard = new RunGuard();
    private final CellSlots results;
    /** When the run started, for its time budget: the mock's start-up counts too. */
    private final long startNanos = System.nanoTime();
    /** Why the run stopped before its last cell, for run.json's notes; null while it has not. */
    private volatile String stopped;
    /** What run.json says of an interrupted run, once the interruption has ended it. */
    private volatile RunInfo interruptedInfo;
    /** Counted down when an interruption has ended the run: run.json written, listeners told. */
    private final CountDownLatch interruptionEnded = new CountDownLatch(1);

    /**
     * @param runDir the run's directory, made, its run.json written as {@code info}
     * @param columns every target, variant and JVM of the run, by id
     */
    RunExecution(BenchOptions options, Clock clock, Path runDir, RunInfo info, Registry registry,
            Map<String, Column> columns) {
        this.options = options;
        this.clock = clock;
        this.runDir = runDir;
        this.layout = new RunLayout(runDir);
        this.info = info;
        this.registry = registry;
        this.columns = columns;
        this.listener = new Listeners(options.listeners(), System.err);
        this.results = new CellSlots(info.cells(), layout, listener);
    }

    /** Now, to the millisecond, as run.json gives times. */
    static String timestamp(Clock clock) {
        return Instant.now(clock).truncatedTo(ChronoUnit.MILLIS).toString();
    }

    private String now() {
        return timestamp(clock);
    }

    RunSummary run() throws IOException {
        Thread hook = new Thread(this::endInterrupted, "agentbench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        boolean ended = false;
        try {
            listener.runStarted(runDir, info, info.cells().stream().map(PlannedCell::benchmark).distinct()
                    .map(registry::benchmark).toList());
            runCells();
            ended = true;
        } finally {
            if (!ended && guard.interrupt()) {
                // an exception escaped: nothing may stay running, and run.json must not say RUNNING
                ResultsJson.write(layout.runJson(), info.ended(RunStatus.INTERRUPTED, now()));
            }
            removeHook(hook);
        }
        if (Thread.currentThread().isInterrupted()) {
            endInterrupted(); // the calling thread was interrupted: the run ends as by Ctrl-C, from here
        }
        if (!guard.finish()) {
            awaitInterruptionEnded();
            RunInfo end = interruptedInfo != null ? interruptedInfo : info.ended(RunStatus.INTERRUPTED, now());
            return new RunSummary(runDir, end, results.snapshot(INTERRUPTED_CELL));
        }
        List<CellResult> all = results.snapshot("The run ended before this cell ran");
        RunInfo served = info.withMockServe(MockServe.ofRun(all));
        RunInfo completed = stopped == null ? served.ended(RunStatus.COMPLETED, now())
                : served.withNote(stopped).ended(RunStatus.STOPPED, now());
        try {
            ResultsJson.write(layout.runJson(), completed);
        } catch (IOException e) {
            System.err.println("agentbench: the run's end is not recorded: " + e.getMessage());
        }
        listener.runFinished(runDir, completed, all);
        pointLatestAt(runDir);
        return new RunSummary(runDir, completed, all);
    }

    /** The cell whose fork the mock's death failed, {@code target/name}, or {@code null}. */
    private static String mockKilled(PlannedCell cell, CellResult result) {
        return result.status() == CellStatus.FAILED && result.error() != null
                && result.error().contains(CellLauncher.MOCK_DIED) ? cell.target() + "/" + cell.name() : null;
    }

    /** Whether a fork's result is one a rerun replaced (kept out of the statistics). */
    private static boolean rerunFork(CellResult fork) {
        return fork.status() == CellStatus.OK && fork.forks().stream().anyMatch(Fork::excluded);
    }

    /**
     * Points {@code latest} at the run that just ended, its run.json and reports written: a reader of
     * {@code latest} never meets a run in progress. A pointer that cannot be written is a warning.
     */
    private static void pointLatestAt(Path runDir) {
        try {
            LatestRun.update(runDir.getParent(), runDir.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            System.err.println("agentbench: cannot point [" + runDir.resolveSibling(RunLayout.LATEST) + "] at the run: "
                    + (e instanceof IOException io ? AtomicFiles.reason(io) : e.toString()));
        }
    }

    /** Whether the run is being stopped: by Ctrl-C or SIGTERM, or by an interrupt of the thread running it. */
    private boolean stopping() {
        return guard.interrupted() || Thread.currentThread().isInterrupted();
    }

    /** Waits, a bounded time, for an interruption on another thread (the shutdown hook) to have ended the run. */
    private void awaitInterruptionEnded() {
        boolean interrupted = Thread.interrupted();
        try {
            interruptionEnded.await(INTERRUPTION_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runCells() throws IOException {
        List<PlannedCell> cells = info.cells();
        RunMock mocks = new RunMock(RunMock.starter(options, guard),
                options.mockWarmup() ? RunMock.warmer(warmupScripts(), levels(), this::stopping) : null, layout,
                this::stopping);
        MockProcess mock;
        try {
            mock = mocks.start();
        } catch (IllegalStateException | IOException e) {
            if (!stopping()) {
                results.failEvery("The mock did not start: " + e.getMessage());
            }
            return;
        }
        try (mocks) {
            if (options.mockWarmup() && !warmMock(mock)) {
                return;
            }
            CellLauncher launcher = new CellLauncher(new ChildSettings(options.javaExecutable(),
                    options.childJvmArgs(), options.harnessClasspath(), layout, mock.baseUrl(), options.passes(),
                    options.targetOptions(), options.timeout(), options.logLimit(), javas()), guard,
                    registry::benchmark, mock);
            List<Step> steps = Step.plan(cells, name -> registry.benchmark(name).kind(),
                    options.passes().forks(), options.passes().profiled());
            List<List<CellResult>> forks = new ArrayList<>();
            cells.forEach(cell -> forks.add(new ArrayList<>()));
            // the cell the mock's death failed, target/name, until the mock is replaced before the next step
            String killed = null;
            GateForks gated = new GateForks(options.gate(), options.passes().forks(), cells,
                    name -> registry.benchmark(name).kind());
            PrecisionForks precise = new PrecisionForks(options.precision(), options.passes().forks(), cells,
                    name -> registry.benchmark(name).kind());
            for (int s = 0; s < steps.size() && !stopping(); s++) {
                if (launcher.writeFailure().isPresent()) {
                    writeFailed(launcher.writeFailure().get());
                    return;
                }
                Step step = steps.get(s);
                PlannedCell cell = cells.get(step.cell());
                List<CellResult> done = forks.get(step.cell());
                if (!done.isEmpty() && done.get(done.size() - 1).status() != CellStatus.OK) {
                    continue; // a failed fork failed the cell: its later forks are not run, nor its profile fork
                }
                if (overBudget()) {
                    gated.finishPlanned(forks, launcher, gateRun());
                    precise.finishPlanned(forks, launcher, gateRun());
                    budgetSpent(s, steps);
                    return;
                }
                if (!keepMock(mocks, killed, launcher)) {
                    return; // it died and could not be restarted
                }
                killed = null;
                if (step.profile()) {
                    if (!profile(step, s, steps.size(), launcher)) {
                        return;
                    }
                    continue;
                }
                if (step.coldStart()) {
                    CellResult result = coldStart(cell, step, s, steps.size(), launcher);
                    if (result == null) {
                        return; // the run was stopped: its child was killed, the cell stays MISSING
                    }
                    results.finished(step.cell(), result);
                    killed = mockKilled(cell, result);
                    continue;
                }
                CellResult result = forkWithReruns(cell, step, done, s, steps.size(), launcher);
                if (result == null) {
                    return; // the run was stopped: its child was killed, the cell stays MISSING
                }
                done.add(result);
                if (result.status() != CellStatus.OK
                        || step.fork() == step.forks() && !gated.gated(step.cell()) && !precise.held(step.cell())) {
                    results.finished(step.cell(), launcher.finish(cell, done));
                }
                killed = mockKilled(cell, result);
            }
            if (launcher.writeFailure().isPresent() && !stopping()) {
                writeFailed(launcher.writeFailure().get());
                return;
            }
            gated.addForks(forks, launcher, listener, steps.size(), gateRun());
            precise.addForks(forks, launcher, listener, steps.size(), gateRun());
        }
    }

    /**
     * Runs the cold starts of {@code cell} (one JVM a sample, all in this step) and tells the listener.
     *
     * @return the cell's result; {@code null} when the run was stopped meanwhile
     */
    private CellResult coldStart(PlannedCell cell, Step step, int index, int steps, CellLauncher launcher) {
        listener.forkStarted(cell, step.fork(), step.forks(), index, steps);
        CellResult result;
        try {
            result = launcher.runColdStart(cell, pluginEntries(cell));
        } catch (RunGuard.RunStoppedException e) {
            return null;
        }
        if (stopping()) {
            return null;
        }
        listener.forkFinished(result, step.fork(), step.forks(), index, steps);
        return result;
    }

    /**
     * Runs a fork of {@code cell} (the next after {@code done}), and at once again while the machine
     * disturbed it, up to {@code --rerun-disturbed} times, or while its timed pass left the steady
     * state its warm-up found, up to {@code --rerun-unsteady} times; each fork a rerun replaced is added to {@code done}, where it
     * stays in the data, out of the statistics.
     *
     * @return the fork that counts, not yet added to {@code done}; {@code null} when the run was
     *     stopped meanwhile
     */
    private CellResult forkWithReruns(PlannedCell cell, Step step, List<CellResult> done, int index, int steps,
            CellLauncher launcher) {
        CellResult result = null;
        int disturbedReruns = 0;
        int unsteadyReruns = 0;
        while (true) {
            if (result != null) {
                if (disturbed(result) && disturbedReruns < options.rerunDisturbed()) {
                    disturbedReruns++;
                } else if (!disturbed(result) && unsteady(result) && unsteadyReruns < options.rerunUnsteady()) {
                    unsteadyReruns++;
                } else {
                    return result;
                }
                done.add(NoiseGuard.excluded(result));
            }
            int fork = done.size() + 1;
            // each rerun so far is one more fork of the cell
            int of = step.forks() + (int) done.stream().filter(RunExecution::rerunFork).count();
            listener.forkStarted(cell, fork, of, index, steps);
            try {
                result = launcher.runFork(cell, fork, of, pluginEntries(cell));
            } catch (RunGuard.RunStoppedException e) {
                return null;
            }
            if (stopping()) {
                return null;
            }
            result = options.noiseGuard().judge(result);
            listener.forkFinished(result, fork, of, index, steps);
        }
    }

    /**
     * A write of the run's files failed ({@code failure} names the file and the reason), which
     * failed the cell it was for: the run stops as a spent budget stops it. Finished cells are
     * kept; every other one is MISSING, saying why.
     */
    private void writeFailed(String failure) {
        int cells = results.size();
        int left = results.unfinished();
        stopped = "The run stopped after " + (cells - left) + " of " + cells + " cells because a write failed: "
                + failure + (left == 0 ? "" : "; the other " + left + " did not run (MISSING)");
        results.missing("Not run: the run stopped because a write failed: " + failure);
    }

    /**
     * Before a step: when the mock died, replaces it ({@link RunMock#restart}), records the
     * restart in run.json and tells the listener; when it cannot be replaced, stops the run:
     * finished cells are kept, every other one is MISSING with the reason, as a budget stop
     * leaves them (a cell with some of its forks done among them).
     *
     * @param cell the cell in flight that the death failed, {@code target/name}; {@code null} when none
     * @return false when the run is to stop: the mock could not be replaced, or the run was interrupted
     */
    private boolean keepMock(RunMock mocks, String cell, CellLauncher launcher) throws IOException {
        if (stopping() || mocks.death().isEmpty()) {
            return !stopping();
        }
        MockRestart restart = mocks.restart(cell, now());
        if (stopping()) {
            return false; // the interruption ends the run, and says so
        }
        info = info.withMockRestart(restart);
        if (restart.restarted()) {
            launcher.useMock(mocks.current());
            ResultsJson.write(layout.runJson(), info);
            listener.mockRestarted(restart);
            return true;
        }
        mockLost(restart);
        ResultsJson.write(layout.runJson(), info);
        listener.mockRestarted(restart);
        return false;
    }

    /** The mock died and could not be replaced: finished cells are kept, every other one is MISSING. */
    private void mockLost(MockRestart restart) {
        int cells = results.size();
        int left = results.unfinished();
        String why = "the mock died (" + restart.cause() + ") and could not be restarted: " + restart.failure();
        stopped = "The run stopped: " + why + "; " + (cells - left) + " of " + cells + " cells finished, the other "
                + left + " did not run (MISSING)";
        results.missing("Not run: " + why);
    }

    /** Whether a fork's result is OK and the machine disturbed it: it is run again. */
    private static boolean disturbed(CellResult fork) {
        return fork.status() == CellStatus.OK && fork.forks().stream().anyMatch(Fork::disturbed);
    }

    /**
     * Whether a fork's result is OK and its timed pass left the steady state its warm-up found: a
     * time-boxed warm-up (one with warm-up windows) that was not capped, and a series that is not
     * settled. It is run again. A capped fork is not: the target did not settle within the cap (or
     * the cap is short), and a rerun would most likely be capped too.
     */
    private static boolean unsteady(CellResult fork) {
        return fork.status() == CellStatus.OK && fork.forks().stream().map(Fork::warmup).anyMatch(warmup ->
                warmup != null && !warmup.capped() && !warmup.shape().settled()
                        && warmup.curve().stream().anyMatch(window -> Warmup.WARMUP_PHASE.equals(window.phase())));
    }

    /** Whether the run's time budget ({@code --max-duration}) is spent. */
    private boolean overBudget() {
        return options.maxDuration().isPresent()
                && System.nanoTime() - startNanos > options.maxDuration().get().toNanos();
    }

    /** What gate mode's forks use of the run: its stop flag and budget, and where cells and notes go. */
    private GateForks.Run gateRun() {
        return new GateForks.Run() {
            @Override
            public boolean stopping() {
                return RunExecution.this.stopping();
            }

            @Override
            public boolean budgetSpent() {
                return overBudget();
            }

            @Override
            public List<String> pluginEntries(PlannedCell cell) {
                return RunExecution.this.pluginEntries(cell);
            }

            @Override
            public boolean finished(int index) {
                return results.get(index) != null;
            }

            @Override
            public void finish(int index, CellResult result) {
                results.finished(index, result);
            }

            @Override
            public void note(String note) {
                info = info.withNote(note);
            }
        };
    }

    /**
     * Runs the profile fork of the cell of {@code step}, if the cell ended OK, and tells the
     * listener; a profile fork that gives no profile adds a warning to the cell's result.
     *
     * @return false when the run was interrupted meanwhile
     */
    private boolean profile(Step step, int index, int steps, CellLauncher launcher) {
        PlannedCell cell = info.cells().get(step.cell());
        CellResult measured = results.get(step.cell());
        if (measured == null || measured.status() != CellStatus.OK) {
            return true; // only a cell that ended OK is profiled
        }
        listener.profileStarted(cell, index, steps);
        CellLauncher.Profiled profiled;
        try {
            profiled = launcher.runProfile(cell, pluginEntries(cell), measured);
        } catch (RunGuard.RunStoppedException e) {
            return false;
        }
        if (stopping()) {
            return false; // the cell's result stands as its measured forks made it
        }
        results.replace(step.cell(), profiled.cell());
        listener.profileFinished(cell, profiled.profile(), profiled.warning(), index, steps);
        return true;
    }

    /**
     * Warms the mock with every planned benchmark's script, in both stream modes and at every
     * planned concurrency level, and records how it went in run.json.
     *
     * @return false when the run was interrupted meanwhile
     */
    private boolean warmMock(MockProcess mock) throws IOException {
        MockWarmup warmup;
        try {
            warmup = MockWarmer.warm(mock.baseUrl(), warmupScripts(), levels(), MockWarmer.Settings.defaults(),
                    this::stopping);
        } catch (IOException e) {
            if (!stopping()) {
                results.failEvery("The mock failed its warm-up: " + e.getMessage());
            }
            return false;
        }
        if (stopping()) {
            return false;
        }
        info = info.withMockWarmup(warmup);
        ResultsJson.write(layout.runJson(), info);
        listener.mockWarmed(warmup);
        return true;
    }

    /** Every planned benchmark's script (each variant's), each once, which the mock is warmed with. */
    private List<Script> warmupScripts() {
        List<Script> scripts = new ArrayList<>();
        for (PlannedCell cell : info.cells()) {
            Script script = registry.benchmark(cell.benchmark()).variant(cell.params()).script();
            if (script != null && scripts.stream().noneMatch(known -> known.name().equals(script.name()))) {
                scripts.add(script);
            }
        }
        return scripts;
    }

    /** Every planned concurrency level, lowest first. */
    private List<Integer> levels() {
        Set<Integer> levels = new TreeSet<>();
        info.cells().forEach(cell -> levels.add(cell.concurrency()));
        return List.copyOf(levels);
    }

    /**
     * The run's time budget was spent before step {@code from}: finished cells are kept (without a
     * profile when their profile fork had not run); every other one, with or without forks done,
     * is MISSING.
     */
    private void budgetSpent(int from, List<Step> steps) {
        Duration budget = options.maxDuration().orElseThrow();
        int cells = results.size();
        int left = results.unfinished();
        long profiles = steps.subList(from, steps.size()).stream()
                .filter(step -> step.profile() && results.get(step.cell()) != null
                        && results.get(step.cell()).status() == CellStatus.OK)
                .count();
        stopped = "The run's time budget [" + budget + "] was spent after " + (cells - left) + " of " + cells
                + " cells; the other " + left + " did not run (MISSING)"
                + (profiles == 0 ? "" : "; " + profiles + " finished cell" + (profiles == 1 ? " has" : "s have")
                        + " no profile, their profile fork" + (profiles == 1 ? "" : "s") + " not run");
        results.missing("Not run: the run's time budget [" + budget + "] was spent before this cell; " + left + " of "
                + cells + " cells did not run");
    }

    /** The {@code java} of each column that names a JVM. */
    private Map<String, Path> javas() {
        Map<String, Path> javas = new LinkedHashMap<>();
        columns.forEach((id, column) -> {
            if (column.jvm() != null) {
                javas.put(id, column.jvm().java());
            }
        });
        return javas;
    }

    /** The class path entries a cell's child adds for plugin targets and benchmarks. */
    private List<String> pluginEntries(PlannedCell cell) {
        Set<String> entries = new LinkedHashSet<>(columns.get(cell.target()).target().classpath());
        entries.addAll(registry.benchmark(cell.benchmark()).classpath());
        return new ArrayList<>(entries);
    }

    /**
     * Ends the run by interruption: the shutdown hook on Ctrl-C or SIGTERM, or the running
     * thread when it was interrupted. Kills every process of the run, marks run.json
     * INTERRUPTED and tells the listeners (the reports listener writes the reports of what
     * finished); only the first caller does.
     */
    private void endInterrupted() {
        if (!guard.interrupt()) {
            return; // the run had ended, or another thread ends it; nothing of it is running
        }
        // a file channel refuses a thread whose interrupt status is set: kept aside while writing
        boolean interrupted = Thread.interrupted();
        try {
            RunInfo ended = info.ended(RunStatus.INTERRUPTED, now());
            interruptedInfo = ended;
            try {
                ResultsJson.write(layout.runJson(), ended);
            } catch (IOException | RuntimeException e) {
                System.err.println("agentbench: cannot mark run.json INTERRUPTED: " + e);
            }
            listener.runFinished(runDir, ended, results.snapshot(INTERRUPTED_CELL));
            pointLatestAt(runDir);
        } finally {
            interruptionEnded.countDown();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs or has run
        }
    }
}
