package dev.agentbench.core.child;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.Noise;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.TargetId;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.host.Processes;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.core.kind.ChildRun;
import dev.agentbench.core.link.CellSpec;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.CloseWatch;
import dev.agentbench.core.measure.Closing;
import dev.agentbench.core.measure.HeapFilledException;
import dev.agentbench.core.measure.IterationFailedException;
import dev.agentbench.core.measure.JitClock;
import dev.agentbench.core.measure.JvmMeters;
import dev.agentbench.core.measure.MachineNoise;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.Profiler;
import dev.agentbench.core.profile.JfrProfiler;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The child's side of a cell: find target and benchmark, register the script, measure the cell the
 * way its benchmark's {@link BenchmarkKind} says, write its result, and only then close the agents
 * the measurement kept open, bounded: a close that hangs, throws or exits costs an OK cell a warning,
 * never its measured result.
 *
 * <p>A profile fork ({@link CellSpec#profile()}) runs the same procedure with a {@link JfrProfiler}
 * recording its timed pass, and nothing after it; it writes the recording to {@link
 * RunLayout#cellRecording} before its result, which goes to {@link RunLayout#profileForkResult} with
 * the recording's length as the figure {@code recordedNanos}.
 */
public final class CellChild {

    /** A cell that cannot be measured, with a message for its result. */
    static final class CellFailure extends Exception {
        private static final long serialVersionUID = 1L;

        CellFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The figure of a profile fork's result: how long its recording ran, in nanoseconds. */
    public static final Figure.Definition RECORDED_NANOS = new Figure.Definition("recordedNanos", "recorded", "ns",
            Figure.Better.NEITHER, Figure.Combine.SUM, "Profile", "how long the profile fork's recording ran.");

    /**
     * {@code System.nanoTime()}, telling the JIT's compilation time too; not a method reference, which
     * would link lambdas on a cold start's path.
     */
    private static final LongSupplier NANO_TIME = JitClock.SYSTEM;

    private final CellSpec spec;
    private final LongSupplier clock;
    private final ForkResultFile resultFile;
    /** The cell's agents, once made: what they keep open is closed after the result is written. */
    private Agents agents;
    /** Whether the cell's benchmark observes the stream, once known. */
    private boolean observesStream;

    /**
     * The warning of a cell that observes the stream on a system where the harness does not know that
     * two JVMs' {@link System#nanoTime()} read one clock; {@code null} on Linux, where HotSpot reads
     * {@code CLOCK_MONOTONIC}, one clock for every process of the machine.
     */
    static String clockWarning(String osName) {
        return osName != null && osName.toLowerCase(java.util.Locale.ROOT).startsWith("linux") ? null
                : "the streaming figures pair the mock's write times with this JVM's deliveries assuming both JVMs'"
                        + " System.nanoTime() read one monotonic clock, which the harness has checked on Linux only"
                        + " (this is [" + osName + "])";
    }

    CellChild(CellSpec spec, LongSupplier clock, ForkResultFile resultFile) {
        this.spec = spec;
        this.clock = clock;
        this.resultFile = resultFile;
    }

    /**
     * Reads the spec, measures the cell and writes its result atomically; then closes the agents the
     * measurement kept open, within {@link Defaults#CLOSE_TIMEOUT} all together. A close that does not
     * return in time, throws, or exits the JVM leaves the written result OK with a warning.
     *
     * @return the exit code: {@link ChildMain#EXIT_OK} or {@link ChildMain#EXIT_CELL_FAILED}
     * @throws IOException when the spec cannot be read or the result cannot be written
     */
    static int run(Path specFile) throws IOException {
        CellSpec spec = CellSpec.read(specFile);
        PlannedCell cell = spec.plannedCell();
        CellLog.say("cell " + cell.target() + "/" + cell.name() + " fork " + spec.fork() + " on " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + (spec.passes().dryRun() ? " (dry run)" : "")
                + (spec.profile() ? " (profile fork, " + spec.passes().profile() + ")" : ""));
        // Every jar this cell could load a class from, wildcards expanded: what a cell ran with.
        CellLog.say("class path: " + System.getProperty("java.class.path"));
        RunLayout layout = new RunLayout(Path.of(spec.runDir()));
        ForkResultFile file = new ForkResultFile(spec.profile() ? layout.profileForkResult(cell)
                : layout.forkResult(cell, spec.fork()));
        CellChild child = new CellChild(spec, NANO_TIME, file);
        Measured measured = null;
        CellResult failed = null;
        try {
            measured = child.measure();
        } catch (Throwable t) {
            NotApplicableException reason = notApplicable(t);
            if (reason != null) {
                CellLog.say("not applicable: " + reason.getMessage());
                failed = CellResult.failed(cell, CellStatus.NOT_APPLICABLE, reason.getMessage(), List.of());
            } else {
                failed = failure(cell, t);
            }
        }
        String notWritten = null;
        try {
            // the measured result first: nothing a close does can take it back
            if (measured != null) {
                file.write(measured);
                String clock = child.observesStream ? clockWarning(System.getProperty("os.name")) : null;
                if (clock != null) {
                    file.warn(clock);
                }
            } else {
                file.write(failed);
            }
        } catch (IOException e) {
            notWritten = e.getMessage();
        } finally {
            child.closeKept();
            List<String> left = ChildMain.endDescendants();
            if (!left.isEmpty()) {
                file.warn("the agent left " + Processes.count(left.size()) + " running after close(), ended by the"
                        + " harness: " + String.join("; ", left));
            }
        }
        if (notWritten != null) {
            CellLog.say(notWritten); // the log's last line, which the parent names
            return ChildMain.EXIT_WRITE_FAILED;
        }
        return file.status().failure() ? ChildMain.EXIT_CELL_FAILED : ChildMain.EXIT_OK;
    }

    /**
     * Closes what the measurement kept open, all of it within {@link Defaults#CLOSE_TIMEOUT}; says in
     * the log where a close that did not return was stuck, and adds a warning to an OK result for a
     * close that did not return, threw, or exited the JVM.
     */
    private void closeKept() {
        if (agents == null || agents.keptCount() == 0) {
            return;
        }
        // nothing said of a clean close: the log's last line stays where the result was written
        ExitDuringClose hook = new ExitDuringClose(resultFile);
        boolean hooked = hook.add();
        Closing closing = agents.closeKept(Defaults.CLOSE_TIMEOUT);
        if (hooked) {
            hook.remove();
        }
        if (closing.clean()) {
            return;
        }
        if (!closing.returned()) {
            stuck(closing.warning() + "; it is stuck at:", closing.stuckAt());
        } else {
            closing.failure().printStackTrace();
        }
        resultFile.warn(closing.warning());
    }

    /** Says {@code what} in the log, then the frames of a thread that is stuck. */
    private static void stuck(String what, List<StackTraceElement> frames) {
        CellLog.say(what);
        for (StackTraceElement frame : frames) {
            CellLog.say("    at " + frame);
        }
    }

    /**
     * The shutdown hook while agents close after the result is written: when a close exits the JVM
     * ({@code System.exit}, or a signal meanwhile), the result says so. {@code Runtime.halt} runs no
     * hook; the result written before the close then stands as it is. A class rather than a lambda,
     * like everything on a cold start's path.
     */
    private static final class ExitDuringClose extends Thread {
        /** The warning of a result whose JVM exited while its agents closed. */
        static final String WARNING = "the JVM exited while close() ran";

        private final ForkResultFile file;

        ExitDuringClose(ForkResultFile file) {
            super("agentbench-exit-during-close");
            this.file = file;
        }

        @Override
        public void run() {
            file.warn(WARNING);
        }

        /** Registers this hook; false when the JVM is already shutting down. */
        boolean add() {
            try {
                Runtime.getRuntime().addShutdownHook(this);
                return true;
            } catch (IllegalStateException e) {
                return false;
            }
        }

        void remove() {
            try {
                Runtime.getRuntime().removeShutdownHook(this);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: this hook runs or has run
            }
        }
    }

    /**
     * Measures by kind, against the script the parent registered with the mock. Agents of a complete
     * measurement are kept open, for {@link #closeKept} after the result is written; anything opened
     * is closed at once when the measurement fails.
     */
    Measured measure() throws Exception {
        // the column id's own name: a variant or another JVM runs the same target
        BenchTarget target = find(BenchTarget.class, TargetId.parse(spec.target()).name());
        Benchmark benchmark = withParams(find(Benchmark.class, spec.benchmark()), spec.params());
        Script script = new Script(benchmark.name(), benchmark.script().turns());
        TargetContext context = new TargetContext(URI.create(spec.scriptUrl()), Defaults.API_KEY, Defaults.MODEL,
                benchmark.instructions(), benchmark.tools(), script, targetOptions(benchmark, spec.targetOptions()));
        CellKind kind = CellKind.of(benchmark.kind());
        observesStream = benchmark.streamed().orElse(false);
        if (kind.jvmPerSample()) {
            // no meters and no close watch: each would load classes into what a sample measures
            agents = new Agents(target, context);
            Measurement measurement = kind.measure(new ChildRun(spec.plannedCell(), benchmark, script, agents,
                    spec.passes(), clock, new CellLog.Say(), Profiler.NONE, ChildMain.enteredMillis));
            return new Measured(spec.plannedCell(), spec.fork(), measurement,
                    spec.passes().dryRun() ? null : JvmMeters.sinceStart().toResult());
        }
        agents = new Agents(target, context, new CloseWatch(Defaults.CLOSE_TIMEOUT, this::closeHung));
        return measureWithMeters(kind, benchmark, script, agents);
    }

    /**
     * A close in the middle of the passes did not return: nothing complete is measured, so the cell
     * fails now rather than at its timeout. Called on the close watch's thread; halts the JVM, since
     * the measuring thread is stuck and a framework's shutdown hook might be too.
     */
    private void closeHung(List<StackTraceElement> stuckAt) {
        String error = agents.closeHung(Defaults.CLOSE_TIMEOUT);
        stuck(error + "; it is stuck at:", stuckAt);
        resultFile.fail(spec.plannedCell(), error);
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(ChildMain.EXIT_CELL_FAILED);
    }

    private Measured measureWithMeters(CellKind kind, Benchmark benchmark, Script script, Agents agents)
            throws Exception {
        PassSettings settings = spec.passes();
        Consumer<String> log = CellLog::say;
        // made before the agent is built: JFR's own start-up is over long before the timed pass
        JfrProfiler jfr = spec.profile() ? jfrProfiler() : null;
        // not "jfr == null ? Profiler.NONE : jfr": verifying that here would load Profiler on a cold start's path
        Profiler profiler = JfrProfiler.orNone(jfr);
        // what the machine does besides this cell, over the timed pass alone
        MachineNoise noise = settings.dryRun() ? null : MachineNoise.ofThisCell(clock);
        if (noise != null) {
            profiler = profiler.and(noise);
        }
        try (JvmMeters meters = new JvmMeters()) {
            ChildRun run = new ChildRun(spec.plannedCell(), benchmark, script, agents, settings, clock, log, profiler,
                    ChildMain.enteredMillis, URI.create(spec.scriptUrl()),
                    spec.profile() ? null : new RunLayout(Path.of(spec.runDir())).cellStream(spec.plannedCell()));
            Measurement measurement = kind.measure(run);
            if (jfr != null) {
                measurement = saveRecording(jfr, measurement);
            }
            JvmContext jvm = null;
            if (!settings.dryRun()) {
                JvmMeters.Snapshot snapshot = meters.snapshot();
                CellLog.say(String.format("jvm: %d GC pauses (%.1f ms), %d classes loaded, %d threads at most,"
                        + " peak RSS %s", snapshot.gcPauses(), snapshot.gcPauseMillis(), snapshot.classesLoaded(),
                        snapshot.peakThreads(),
                        snapshot.peakRssBytes() < 0 ? "unknown" : (snapshot.peakRssBytes() >> 20) + " MiB"));
                jvm = snapshot.toResult();
            }
            Noise read = noise == null ? null : noise.noise();
            if (read != null) {
                CellLog.say(String.format(java.util.Locale.ROOT, "noise: over the timed pass (%.1f s), others used"
                        + " %.1f%% of the machine's %d CPUs, steal %s", read.seconds(), read.otherCpuPercent(),
                        read.cpus(), read.stealPercent() == null ? "not counted"
                                : String.format(java.util.Locale.ROOT, "%.1f%%", read.stealPercent())));
            }
            return new Measured(spec.plannedCell(), spec.fork(), measurement, jvm, read, run.warnings());
        } finally {
            if (jfr != null) {
                jfr.close();
            }
        }
    }

    /** The profile fork's recording, not started. */
    private JfrProfiler jfrProfiler() throws CellFailure {
        try {
            return JfrProfiler.create();
        } catch (IllegalStateException e) {
            throw new CellFailure("Cannot profile with [" + spec.passes().profile() + "]: " + e.getMessage(), e);
        }
    }

    /**
     * Writes the profile fork's stopped recording where {@link RunLayout#cellRecording} says, before the
     * result; returns the measurement with how long the recording ran.
     */
    private Measurement saveRecording(JfrProfiler jfr, Measurement measurement) throws CellFailure {
        Path recording = new RunLayout(Path.of(spec.runDir())).cellRecording(spec.plannedCell());
        try {
            jfr.dump(recording);
            CellLog.say(String.format("profile: %.1f s of the timed pass recorded with JFR's %s settings, execution"
                    + " samples every %s, into %s (%d KiB)", jfr.recordedNanos() / 1e9, JfrProfiler.CONFIGURATION,
                    JfrProfiler.SAMPLE_PERIOD, recording.getFileName(), java.nio.file.Files.size(recording) >> 10));
        } catch (IOException | RuntimeException e) {
            throw new CellFailure("Cannot write the recording [" + recording + "]: " + e.getMessage(), e);
        }
        return measurement.withFigure(RECORDED_NANOS.of(jfr.recordedNanos()));
    }

    /**
     * {@code benchmark} with the cell's parameter values set ({@link Benchmark#with}), before anything
     * else asks it anything; the benchmark itself when it has none.
     */
    static Benchmark withParams(Benchmark benchmark, java.util.Map<String, String> params) throws CellFailure {
        if (params.isEmpty()) {
            return benchmark;
        }
        Benchmark set;
        try {
            set = benchmark.with(params);
        } catch (RuntimeException e) {
            throw new CellFailure("Benchmark [" + benchmark.name() + "] cannot run with "
                    + dev.agentbench.core.Parameters.format(params) + ": " + e.getMessage(), e);
        }
        if (set == null) {
            throw new CellFailure("Benchmark [" + benchmark.name() + "] gave no benchmark for "
                    + dev.agentbench.core.Parameters.format(params), null);
        }
        return set;
    }

    /** The FAILED result of {@code cell} for what its measurement threw, said in the log with its trace. */
    private static CellResult failure(PlannedCell cell, Throwable t) {
        CellLog.say("cell failed: " + t.getMessage());
        if (!(t instanceof HeapFilledException)) { // its message is all there is to say
            t.printStackTrace();
        }
        LinkageError linkage = linkageError(t);
        String message = linkage != null ? cannotLink(cell.target(), linkage)
                : t instanceof CellFailure || t instanceof IterationFailedException
                ? t.getMessage() : IterationFailedException.describe(t);
        return CellResult.failed(cell, CellStatus.FAILED, message, List.of());
    }

    /**
     * The target options of the cell: the user's, with {@code stream} set as the benchmark says when it
     * says ({@link Benchmark#streamed()}), whatever the user gave.
     */
    static java.util.Map<String, String> targetOptions(Benchmark benchmark, java.util.Map<String, String> user) {
        java.util.Optional<Boolean> streamed = benchmark.streamed();
        if (streamed.isEmpty()) {
            return user;
        }
        java.util.Map<String, String> options = new java.util.HashMap<>(user);
        options.put("stream", streamed.get().toString());
        return options;
    }

    /** The first {@link NotApplicableException} in {@code t}'s causes (and their suppressed), or {@code null}. */
    static NotApplicableException notApplicable(Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof NotApplicableException reason) {
                return reason;
            }
        }
        return null;
    }

    /** The first linkage error in {@code t}'s causes: a framework version the target was not built against. */
    static LinkageError linkageError(Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof LinkageError linkage) {
                return linkage;
            }
        }
        return null;
    }

    /**
     * One line for a target that cannot link with the framework on its class path: {@code
     * langchain4j@0.36.2 cannot link: dev/langchain4j/model/chat/ChatModel (NoClassDefFoundError)}.
     */
    static String cannotLink(String target, LinkageError error) {
        String what = error.getMessage() == null ? "" : error.getMessage().lines().findFirst().orElse("").strip();
        return target + " cannot link: " + (what.isEmpty() ? "?" : what) + " (" + error.getClass().getSimpleName() + ")";
    }

    /** The provider of {@code type} named {@code name} (a target or a benchmark). */
    private static <T> T find(Class<T> type, String name) throws CellFailure {
        List<String> seen = new ArrayList<>();
        for (T candidate : ServiceLoader.load(type, CellChild.class.getClassLoader())) {
            String candidateName = candidate instanceof BenchTarget target
                    ? target.name() : ((Benchmark) candidate).name();
            if (candidateName.equals(name)) {
                return candidate;
            }
            seen.add(candidateName);
        }
        throw new CellFailure(type.getSimpleName() + " [" + name + "] is not on this child's class path; found: "
                + seen, null);
    }
}
