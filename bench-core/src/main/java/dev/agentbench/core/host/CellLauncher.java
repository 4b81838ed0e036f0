package dev.agentbench.core.host;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.child.CellChild;
import dev.agentbench.core.child.CellLog;
import dev.agentbench.core.child.ChildMain;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.core.kind.ParentFork;
import dev.agentbench.core.link.CellSpec;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.BenchmarkDescriptor;
import dev.agentbench.mockclient.MockAdmin;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.profile.JfrSummary;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The parent's side of a cell: for each fork registers the benchmark's script with the mock, writes
 * the spec, starts the child JVM (for a cold start, one fresh JVM per sample), enforces the timeout,
 * unregisters the script and turns whatever happened into a {@link
 * CellResult}; then merges the forks into the cell's result file. In a profiled run, it then runs the
 * cell's profile fork and sums its recording up ({@link #runProfile}). Never throws for a cell that
 * went wrong: one cell failing never stops the run.
 */
public final class CellLauncher {

    /** How long a killed child tree may take to be gone. */
    private static final long KILL_WAIT_MILLIS = 10_000;

    /** How long the child's output may still flow into its log once the child is gone. */
    private static final long OUTPUT_WAIT_MILLIS = 5_000;

    /** How often the parent, while a child runs, looks whether the mock died. */
    private static final long MOCK_LOOK_MILLIS = 100;

    /**
     * How long a fork that failed waits for the mock to be seen dead: a child that lost its mock
     * fails at once, a moment before this JVM may learn that the mock is gone.
     */
    private static final Duration MOCK_DEATH_WAIT = Duration.ofMillis(500);

    /** What the error of a cell that failed because the mock died starts with. */
    public static final String MOCK_DIED = "The mock died: ";

    /**
     * JVM options of a profile fork, before every other: JFR keeps up to 128 frames of each sampled
     * stack (64 by default, which cuts a framework's deep stacks off from their roots).
     */
    static final List<String> PROFILE_JVM_ARGS = List.of("-XX:FlightRecorderOptions=stackdepth=128");

    /**
     * What a profile fork gave: the profile, or why there is none.
     *
     * @param cell the cell's result: as its measured forks made it, with {@code warning} added when
     *     there is one
     * @param profile what the recording holds, written to {@link RunLayout#cellProfile}; {@code null}
     *     when there is none
     * @param warning why there is no profile ({@code profile fork failed: ...}); {@code null} when
     *     there is one
     */
    public record Profiled(CellResult cell, Profile profile, String warning) {

        public Profiled {
            Objects.requireNonNull(cell, "cell");
            if ((profile == null) == (warning == null)) {
                throw new IllegalArgumentException("A profile fork gives a profile or a warning, not both or neither");
            }
        }
    }

    private final ChildSettings settings;
    private final RunGuard guard;
    private final Function<String, BenchmarkDescriptor> benchmarks;
    /** The mock the children talk to, replaced when a run restarts a dead one ({@link #useMock}). */
    private volatile MockWatch watch;
    private volatile MockAdmin mock;
    /** The log of each cell with forks still to come, by its file. */
    private final Map<Path, BoundedLog> logs = new HashMap<>();
    /** The first write of the run's files that failed, in one line; null while none has. */
    private volatile String writeFailure;

    /**
     * @param benchmarks each benchmark by its name: the parent registers its script with the mock,
     *     under that name, before each child JVM of the benchmark's cells starts (a LOAD benchmark's
     *     with every reply held for the model latency), and reads the mock's counters of a LOAD cell
     *     when its JVM has ended
     */
    public CellLauncher(ChildSettings settings, RunGuard guard, Function<String, BenchmarkDescriptor> benchmarks) {
        this(settings, guard, benchmarks, MockWatch.at(settings.mockUrl()));
    }

    /**
     * As {@link #CellLauncher(ChildSettings, RunGuard, Function)}, watching {@code watch}, the run's
     * mock: when it dies while a child runs, the child is ended at once (within {@value
     * #MOCK_LOOK_MILLIS} ms) and its fork FAILED with the death named ({@value #MOCK_DIED}...) and
     * the mock's last log lines.
     */
    public CellLauncher(ChildSettings settings, RunGuard guard, Function<String, BenchmarkDescriptor> benchmarks,
            MockWatch watch) {
        this.settings = settings;
        this.guard = guard;
        this.benchmarks = benchmarks;
        useMock(watch);
    }

    /** From the next fork on, the children talk to {@code watch}: a new mock that took a dead one's place. */
    public void useMock(MockWatch watch) {
        this.watch = watch;
        this.mock = new MockAdmin(MockAdmin.client(), watch.baseUrl());
    }

    /**
     * The command line of a cell's child JVM:
     *
     * <pre>{@code <java> <jvm-args> -cp <harness class path>[:<entry>...] <ChildMain> <spec-file>}</pre>
     *
     * <ul>
     *   <li>{@code <java>} is the parent's own executable, so every cell runs on the same JDK, or the
     *       one {@code --jvm} gave the cell's column;</li>
     *   <li>{@code <jvm-args>} are the defaults followed by the user's (HotSpot takes the last of a
     *       repeated flag, so the user's win); a profile fork's start with {@link #PROFILE_JVM_ARGS};</li>
     *   <li>the class path is the harness (our jar, third-party packages relocated) followed by the
     *       plugin entries of this cell's target and benchmark, if they are plugins: a plugin folder
     *       as {@code <folder>/*}, which the {@code java} launcher itself expands to the folder's
     *       jars, or a single jar. Built-ins add nothing. No other plugin is ever on it;</li>
     *   <li>the one program argument is the spec file, which says everything else.</li>
     * </ul>
     */
    static List<String> childCommand(ChildSettings settings, List<String> pluginEntries, Path specFile) {
        return childCommand(settings, pluginEntries, specFile, false);
    }

    /** The command line of a cell's child JVM, a profile fork's when {@code profile}. */
    static List<String> childCommand(ChildSettings settings, List<String> pluginEntries, Path specFile,
            boolean profile) {
        return childCommand(settings, settings.javaExecutable(), pluginEntries, specFile, profile);
    }

    /** The command line of a cell's child JVM on {@code java}. */
    static List<String> childCommand(ChildSettings settings, Path java, List<String> pluginEntries, Path specFile,
            boolean profile) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        if (profile) {
            command.addAll(PROFILE_JVM_ARGS);
        }
        command.addAll(settings.jvmArgs());
        List<String> classpath = new ArrayList<>();
        classpath.add(settings.harnessClasspath());
        pluginEntries.stream().filter(entry -> !classpath.contains(entry)).forEach(classpath::add);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath));
        command.add(ChildMain.class.getName());
        command.add(specFile.toAbsolutePath().toString());
        return command;
    }

    /**
     * Runs fork {@code fork} of {@code forks} of a cell in a child JVM of its own, its output appended to the cell's
     * log (which fork 1 starts afresh), and returns what the child gave, or why it gave nothing.
     * Never throws for a fork that went wrong.
     *
     * @param pluginEntries class path entries of the cell's target and benchmark plugins; empty for
     *     built-ins
     * @throws RunGuard.RunStoppedException when the run was interrupted before the child started
     */
    public CellResult runFork(PlannedCell cell, int fork, int forks, List<String> pluginEntries) {
        return runFork(cell, fork, forks, pluginEntries, "fork", false);
    }

    /**
     * As {@link #runFork(PlannedCell, int, int, List)}, its log's header naming the fork {@code what};
     * the profile fork when {@code profile}, which comes after the {@code forks} measured ones.
     */
    private CellResult runFork(PlannedCell cell, int fork, int forks, List<String> pluginEntries, String what,
            boolean profile) {
        RunLayout layout = settings.layout();
        Path spec = layout.cellSpec(cell);
        Path logFile = layout.cellLog(cell);
        // registered under the benchmark's name and its parameters' values, unique in the run, for this
        // child JVM alone
        String scriptName = BenchmarkDescriptor.Variant.scriptName(cell.benchmark(), cell.params());
        BoundedLog log;
        try {
            Files.createDirectories(layout.targetDir(cell.target()));
            log = fork == 1 || !logs.containsKey(logFile) ? BoundedLog.create(logFile, settings.logLimit())
                    : logs.get(logFile);
            logs.put(logFile, log);
            new CellSpec(layout.runDir().toAbsolutePath().toString(), cell.target(), cell.benchmark(),
                    cell.concurrency(), cell.name(), cell.params(), fork, profile,
                    mock.scriptUrl(scriptName).toString(), settings.targetOptions(), settings.passes()).write(spec);
            log.line(CellLog.PREFIX + (profile ? what + ", after " + forks + " measured fork" + (forks == 1 ? "" : "s")
                    : what + " " + fork + " of " + forks));
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, failedWrite(logFile, e), List.of());
        }
        BenchmarkDescriptor benchmark = benchmarks.apply(cell.benchmark());
        CellKind kind = CellKind.of(benchmark.kind());
        PassSettings passes = settings.passes();
        BenchmarkDescriptor.Variant variant = benchmark.variant(cell.params());
        Script script = new Script(scriptName, variant.script().turns());
        MockAdmin mock = this.mock;
        try {
            // the mock's serve times are then those of the requests the timed part makes
            mock.register(kind.script(script, passes), variant.preparedTurns());
        } catch (IOException | RuntimeException e) {
            return mockDied(cell, logFile, false).orElseGet(() -> withTail(CellResult.failed(cell, CellStatus.FAILED,
                    "Cannot register script [" + scriptName + "] with the mock: " + e.getMessage(), List.of()),
                    logFile));
        }
        try {
            CellResult result = child(cell, profile ? layout.profileForkResult(cell) : layout.forkResult(cell, fork),
                    pluginEntries, spec, log, profile);
            if (!profile && result.status() == CellStatus.OK && !guard.interrupted()) {
                try {
                    result = kind.afterFork(result, new ParentFork(cell, script, scriptName, passes, mock,
                            variant.preparedTurns()));
                } catch (IOException | RuntimeException e) {
                    CellResult failed = withTail(CellResult.failed(cell, CellStatus.FAILED, "Cannot read the mock's"
                            + " load counters of script [" + scriptName + "]: " + e.getMessage(), List.of()), logFile);
                    result = mockDied(cell, logFile, false).orElse(failed);
                }
            }
            return result;
        } finally {
            // an interrupted run ends the mock with everything else; a dead mock has nothing to unregister
            if (!guard.interrupted() && watch.death().isEmpty()) {
                try {
                    mock.unregister(scriptName);
                } catch (IOException e) {
                    sayQuietly(log, "could not unregister script [" + scriptName + "]: " + e.getMessage());
                }
            }
        }
    }

    /**
     * Runs the profile fork of a cell whose measured forks all ended OK: one more child JVM, warmed up
     * as a measured fork, whose timed pass is recorded with the run's profiler into {@link
     * RunLayout#cellRecording}, its output appended to the cell's log. Sums the recording up into
     * {@link RunLayout#cellProfile} ({@link JfrSummary}). Its result is never merged into the cell's,
     * and its file is removed once read. When it gives no profile (it failed, timed out, or its
     * recording cannot be read), the cell's result stays as its measured forks made it, with a warning
     * that says why, written to its result file. Never throws for a profile fork that went wrong.
     *
     * @param measured the cell's result, merged from its measured forks
     * @throws RunGuard.RunStoppedException when the run was interrupted before the child started
     */
    public Profiled runProfile(PlannedCell cell, List<String> pluginEntries, CellResult measured) {
        RunLayout layout = settings.layout();
        int forks = settings.passes().forks();
        CellResult fork;
        try {
            fork = runFork(cell, forks + 1, forks, pluginEntries, "profile fork", true);
        } finally {
            logs.remove(layout.cellLog(cell));
        }
        String warning = null;
        Profile profile = null;
        Path recording = layout.cellRecording(cell);
        if (fork.status() != CellStatus.OK) {
            warning = "profile fork " + (fork.status() == CellStatus.TIMEOUT ? "timed out" : "failed") + ": "
                    + fork.error();
        } else if (!Files.isRegularFile(recording)) {
            warning = "profile fork wrote no recording [" + recording.getFileName() + "]";
        } else {
            try {
                profile = JfrSummary.summarize(recording, cell,
                        Math.round(fork.figure(CellChild.RECORDED_NANOS.name()) == null ? 0.0
                                : fork.figure(CellChild.RECORDED_NANOS.name()).value()), fork.time().n());
                ResultsJson.write(layout.cellProfile(cell), profile);
            } catch (IOException | RuntimeException e) {
                profile = null;
                warning = "the profile fork's recording [" + recording.getFileName() + "] cannot be read: " + e;
            }
        }
        try {
            Files.deleteIfExists(layout.profileForkResult(cell));
        } catch (IOException e) {
            System.err.println("agentbench: cannot remove [" + layout.profileForkResult(cell) + "]: " + e.getMessage());
        }
        if (warning == null) {
            return new Profiled(measured, profile, null);
        }
        CellResult warned = measured.withWarning(warning);
        if (!guard.interrupted()) {
            try {
                ResultsJson.write(layout.cellResult(cell), warned);
            } catch (IOException e) {
                System.err.println("agentbench: cannot write the result of cell [" + cell.target() + "/"
                        + cell.name() + "]: " + e.getMessage());
            }
        }
        return new Profiled(warned, null, warning);
    }

    /**
     * Runs a COLD_START cell: {@link PassSettings#coldStarts()} fresh JVMs one after another, each a
     * fork of one sample; the first failure ends the cell. Returns the merged result, written.
     */
    public CellResult runColdStart(PlannedCell cell, List<String> pluginEntries) {
        int samples = settings.passes().coldStarts();
        List<CellResult> done = new ArrayList<>(samples);
        for (int i = 1; i <= samples; i++) {
            CellResult sample = runFork(cell, i, samples, pluginEntries, "cold start", false);
            done.add(sample);
            if (sample.status() != CellStatus.OK) {
                break;
            }
        }
        return finish(cell, done, "Cold start", samples, null);
    }

    /**
     * Merges the forks of a cell into its result ({@link ForkMerge}), with the log's tail when it is
     * not OK, and writes it to the cell's result file; removes the forks' own files, which the
     * result holds whole. In a profiled run an OK cell's log stays open for its profile fork.
     */
    public CellResult finish(PlannedCell cell, List<CellResult> forks) {
        return finish(cell, forks, "Fork", settings.passes().forks(), null);
    }

    /**
     * As {@link #finish(PlannedCell, List)} for a cell of gate mode, whose forks are as many as the
     * gate gave it rather than as many as planned.
     */
    public CellResult finishGated(PlannedCell cell, List<CellResult> forks) {
        return finish(cell, forks, "Fork", Math.max(forks.size(), settings.passes().forks()), null);
    }

    /**
     * As {@link #finishGated(PlannedCell, List)}, with {@code warning} added to the cell's warnings when
     * it ended OK (a precision it did not reach), before its file is written.
     */
    public CellResult finishGated(PlannedCell cell, List<CellResult> forks, String warning) {
        return finish(cell, forks, "Fork", Math.max(forks.size(), settings.passes().forks()), warning);
    }

    /**
     * The forks of a cell merged into its result as {@link #finish} would, without writing or
     * removing anything: what gate mode judges between forks.
     */
    public CellResult merged(PlannedCell cell, List<CellResult> forks) {
        return ForkMerge.merge(cell, forks, "Fork", Math.max(forks.size(), settings.passes().forks()),
                CellKind.of(benchmarks.apply(cell.benchmark()).kind()));
    }

    private CellResult finish(PlannedCell cell, List<CellResult> forks, String what, int planned, String warning) {
        RunLayout layout = settings.layout();
        CellResult result = ForkMerge.merge(cell, forks, what, planned,
                CellKind.of(benchmarks.apply(cell.benchmark()).kind()));
        if (warning != null && result.status() == CellStatus.OK) {
            result = result.withWarning(warning);
        }
        if (!(settings.passes().profiled() && what.equals("Fork") && result.status() == CellStatus.OK)) {
            logs.remove(layout.cellLog(cell));
        }
        if (result.status().failure()) {
            result = withTail(result, layout.cellLog(cell));
        }
        if (!guard.interrupted()) {
            try {
                ResultsJson.write(layout.cellResult(cell), result);
            } catch (IOException e) {
                // the forks' own files stay: what they measured is not lost with the cell's file
                String error = failedWrite(layout.cellResult(cell), e);
                return result.status() == CellStatus.OK
                        ? CellResult.failed(cell, CellStatus.FAILED, error, result.logTail()) : result;
            }
            try {
                for (int i = 1; i <= forks.size(); i++) {
                    Files.deleteIfExists(layout.forkResult(cell, i));
                }
            } catch (IOException e) {
                System.err.println("agentbench: cannot remove a fork's result of cell [" + cell.target() + "/"
                        + cell.name() + "]: " + e.getMessage());
            }
        }
        return result;
    }

    /**
     * One child JVM, its output appended to the cell's log through {@code log} (which bounds it), its
     * result read from {@code result}. Whatever the child leaves running is ended when it is gone.
     */
    private CellResult child(PlannedCell cell, Path result, List<String> pluginEntries, Path spec, BoundedLog log,
            boolean profile) {
        Path logFile = log.file();
        try {
            Files.deleteIfExists(result);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, "Cannot remove an old result [" + result + "]: " + e,
                    List.of());
        }
        Path java = settings.javaFor(cell.target());
        ProcessBuilder builder = new ProcessBuilder(childCommand(settings, java, pluginEntries, spec, profile))
                .redirectErrorStream(true);
        Process child;
        try {
            child = guard.start(builder);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED,
                    "Cannot start the child JVM [" + java + "]: " + e.getMessage(), List.of());
        }
        OutputPump output = OutputPump.start(child, log, "agentbench-cell-output");
        CellResult ended = null;
        MockWatch mockNow = watch;
        try {
            long deadline = System.nanoTime() + settings.timeout().toNanos();
            while (!child.waitFor(Math.min(MOCK_LOOK_MILLIS,
                    Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))), TimeUnit.MILLISECONDS)) {
                if (System.nanoTime() - deadline >= 0) {
                    Processes.destroyTree(child.toHandle(), KILL_WAIT_MILLIS);
                    ended = CellResult.failed(cell, CellStatus.TIMEOUT, "Cell did not finish within the timeout ["
                            + settings.timeout() + "]; its JVM and the processes it started were destroyed", List.of());
                    break;
                }
                Optional<String> death = mockNow.death();
                if (death.isPresent() && !guard.interrupted()) {
                    // nothing the child measures from now on is of any use: it is ended at once
                    sayQuietly(log, "the mock died: " + death.get() + "; this JVM is ended");
                    Processes.destroyTree(child.toHandle(), KILL_WAIT_MILLIS);
                    ended = mockDied(cell, death.get(), logFile, mockNow, true);
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = CellResult.failed(cell, CellStatus.FAILED, "The run was interrupted", List.of());
        } finally {
            try {
                child.getOutputStream().close();
            } catch (IOException e) {
                // the child is gone or is killed below
            }
            List<String> left = guard.release(child);
            output.finish(OUTPUT_WAIT_MILLIS);
            if (!left.isEmpty()) {
                sayQuietly(log, "the cell's JVM left " + Processes.count(left.size()) + " running, now ended: "
                        + String.join("; ", left));
            }
        }
        if (ended != null) {
            return withTail(ended, logFile);
        }
        CellResult collected = collect(cell, child.exitValue(), result, logFile);
        return collected.status() == CellStatus.OK || guard.interrupted() ? collected
                : mockDied(cell, logFile, true).orElse(collected);
    }

    /**
     * The fork's result when the mock died while it ran, waiting up to {@link #MOCK_DEATH_WAIT} for
     * that to be seen when {@code wait}; empty when the mock is alive, or the run was interrupted
     * (which ends the mock too).
     */
    private Optional<CellResult> mockDied(PlannedCell cell, Path logFile, boolean wait) {
        MockWatch mockNow = watch;
        Optional<String> death = wait ? mockNow.deathWithin(MOCK_DEATH_WAIT) : mockNow.death();
        if (death.isEmpty() || guard.interrupted()) {
            return Optional.empty();
        }
        return Optional.of(mockDied(cell, death.get(), logFile, mockNow, false));
    }

    /**
     * A fork FAILED because the mock died, {@code The mock died: killed by SIGKILL (exit status
     * [137])}, with the last lines of the cell's log and then the mock's.
     */
    private static CellResult mockDied(PlannedCell cell, String death, Path logFile, MockWatch mock, boolean ended) {
        List<String> tail = new ArrayList<>(LogTail.of(logFile, Defaults.LOG_TAIL_LINES));
        if (mock.logFile() != null) {
            List<String> mockTail = LogTail.of(mock.logFile(), Defaults.MOCK_LOG_TAIL_LINES);
            tail.add(CellLog.PREFIX + "the mock's log [" + mock.logFile().getFileName() + "] ends"
                    + (mockTail.isEmpty() ? " empty" : ":"));
            tail.addAll(mockTail);
        }
        return CellResult.failed(cell, CellStatus.FAILED, MOCK_DIED + death + (ended ? "; the cell's JVM was ended"
                : ""), List.of()).withLogTail(tail);
    }

    /**
     * The first write of the run's files that failed (a cell's spec, log or result, written here or
     * by the cell's JVM), in one line that names the file and the reason; empty while none has. A
     * run stops at the first: the disk that refused one file will refuse the next.
     */
    public Optional<String> writeFailure() {
        return Optional.ofNullable(writeFailure);
    }

    /** Records a failed write of {@code file} (unless one was recorded before) and returns what it says. */
    private String failedWrite(Path file, IOException e) {
        String error = e.getMessage() != null && e.getMessage().startsWith("Cannot write [") ? e.getMessage()
                : "Cannot write [" + file + "]: " + AtomicFiles.reason(e);
        if (writeFailure == null) {
            writeFailure = error;
        }
        return error;
    }

    /** A line of the harness's own in a cell's log; a log that cannot be written loses it. */
    private static void sayQuietly(BoundedLog log, String line) {
        try {
            log.line(CellLog.PREFIX + line);
        } catch (IOException | IllegalStateException e) {
            System.err.println("agentbench: cannot write to [" + log.file() + "]: " + e.getMessage());
        }
    }

    private CellResult collect(PlannedCell cell, int exitCode, Path resultFile, Path log) {
        if (exitCode == ChildMain.EXIT_WRITE_FAILED && !Files.exists(resultFile)
                && lastLine(log).startsWith("; last log line: [" + CellLog.PREFIX + "Cannot write [")) {
            // the code alone could be a target's own System.exit: the child's last line says it
            String error = "The cell's JVM cannot write its result [" + resultFile + "]" + lastLine(log);
            if (writeFailure == null) {
                writeFailure = error;
            }
            return withTail(CellResult.failed(cell, CellStatus.FAILED, error, List.of()), log);
        }
        if (!Files.exists(resultFile)) {
            return withTail(CellResult.failed(cell, CellStatus.FAILED, "Child JVM exited with code [" + exitCode
                    + "] and wrote no result" + lastLine(log), List.of()), log);
        }
        CellResult result;
        try {
            result = ResultsJson.read(resultFile, CellResult.class);
        } catch (IOException | RuntimeException e) {
            return withTail(CellResult.failed(cell, CellStatus.FAILED, "Child JVM exited with code [" + exitCode
                    + "] and its result [" + resultFile + "] is unreadable: " + e.getMessage(), List.of()), log);
        }
        if (!result.target().equals(cell.target()) || !result.name().equals(cell.name())
                || result.concurrency() != cell.concurrency()) {
            return withTail(CellResult.failed(cell, CellStatus.FAILED, "Result [" + resultFile + "] is for cell ["
                    + result.target() + "/" + result.name() + "], not [" + cell.target() + "/" + cell.name() + "]",
                    List.of()), log);
        }
        return !result.status().failure() ? result : withTail(result, log);
    }

    /** The result with the last lines of the log, unless it has them already. */
    private static CellResult withTail(CellResult result, Path log) {
        if (!result.logTail().isEmpty()) {
            return result;
        }
        return result.withLogTail(LogTail.of(log, Defaults.LOG_TAIL_LINES));
    }

    private static String lastLine(Path log) {
        List<String> tail = LogTail.of(log, Defaults.LOG_TAIL_LINES);
        for (int i = tail.size() - 1; i >= 0; i--) {
            if (!tail.get(i).isBlank()) {
                return "; last log line: [" + tail.get(i).strip() + "]";
            }
        }
        return "; its log [" + log + "] is empty";
    }
}
