package dev.agentbench.core.link;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.internal.BoundedLog;
import dev.agentbench.core.internal.Json;
import dev.agentbench.core.internal.OutputPump;
import dev.agentbench.core.internal.Processes;
import dev.agentbench.core.internal.RunGuard;
import dev.agentbench.core.measure.PassSettings;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The parent's side of a cell: for each fork writes the spec, starts the child JVM (for a cold start,
 * one fresh JVM per sample), enforces the timeout and turns whatever happened into a {@link
 * CellResult}; then merges the forks into the cell's result file. Never throws for a cell that went
 * wrong: one cell failing never stops the run.
 */
public final class CellLauncher {

    /** How long a killed child tree may take to be gone. */
    private static final long KILL_WAIT_MILLIS = 10_000;

    /** How long the child's output may still flow into its log once the child is gone. */
    private static final long OUTPUT_WAIT_MILLIS = 5_000;

    private final ChildSettings settings;
    private final RunGuard guard;
    /** The log of each cell with forks still to come, by its file. */
    private final Map<Path, BoundedLog> logs = new HashMap<>();

    public CellLauncher(ChildSettings settings, RunGuard guard) {
        this.settings = settings;
        this.guard = guard;
    }

    /**
     * The command line of a cell's child JVM:
     *
     * <pre>{@code <java> <jvm-args> -cp <harness class path>[:<entry>...] <ChildMain> <spec-file>}</pre>
     *
     * <ul>
     *   <li>{@code <java>} is the parent's own executable, so every cell runs on the same JDK;</li>
     *   <li>{@code <jvm-args>} are the defaults followed by the user's (HotSpot takes the last of a
     *       repeated flag, so the user's win);</li>
     *   <li>the class path is the harness (our jar, third-party packages relocated) followed by the
     *       plugin entries of this cell's target and benchmark, if they are plugins: a plugin folder
     *       as {@code <folder>/*}, which the {@code java} launcher itself expands to the folder's
     *       jars, or a single jar. Built-ins add nothing. No other plugin is ever on it;</li>
     *   <li>the one program argument is the spec file, which says everything else.</li>
     * </ul>
     */
    static List<String> childCommand(ChildSettings settings, List<String> pluginEntries, Path specFile) {
        List<String> command = new ArrayList<>();
        command.add(settings.javaExecutable().toString());
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
        return runFork(cell, fork, forks, pluginEntries, "fork");
    }

    /** As {@link #runFork(PlannedCell, int, int, List)}, its log's header naming the fork {@code what}. */
    private CellResult runFork(PlannedCell cell, int fork, int forks, List<String> pluginEntries, String what) {
        RunLayout layout = settings.layout();
        Path spec = layout.cellSpec(cell);
        Path logFile = layout.cellLog(cell);
        BoundedLog log;
        try {
            Files.createDirectories(layout.targetDir(cell.target()));
            log = fork == 1 || !logs.containsKey(logFile) ? BoundedLog.create(logFile, settings.logLimit())
                    : logs.get(logFile);
            logs.put(logFile, log);
            new CellSpec(layout.runDir().toAbsolutePath().toString(), cell.target(), cell.benchmark(),
                    cell.concurrency(), cell.name(), fork, settings.mockUrl().toString(), settings.targetOptions(),
                    settings.passes()).write(spec);
            log.line(CellLog.PREFIX + what + " " + fork + " of " + forks);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, "Cannot write the cell's spec [" + spec + "] or log ["
                    + logFile + "]: " + e, List.of());
        }
        return child(cell, layout.forkResult(cell, fork), pluginEntries, spec, log);
    }

    /**
     * Runs a COLD_START cell: {@link PassSettings#coldStarts()} fresh JVMs one after another, each a
     * fork of one sample; the first failure ends the cell. Returns the merged result, written.
     */
    public CellResult runColdStart(PlannedCell cell, List<String> pluginEntries) {
        int samples = settings.passes().coldStarts();
        List<CellResult> done = new ArrayList<>(samples);
        for (int i = 1; i <= samples; i++) {
            CellResult sample = runFork(cell, i, samples, pluginEntries, "cold start");
            done.add(sample);
            if (sample.status() != CellStatus.OK) {
                break;
            }
        }
        return finish(cell, done, "Cold start", samples);
    }

    /**
     * Merges the forks of a cell into its result ({@link ForkMerge}), with the log's tail when it is
     * not OK, and writes it to the cell's result file; removes the forks' own files, which the
     * result holds whole.
     */
    public CellResult finish(PlannedCell cell, List<CellResult> forks) {
        return finish(cell, forks, "Fork", settings.passes().forks());
    }

    private CellResult finish(PlannedCell cell, List<CellResult> forks, String what, int planned) {
        RunLayout layout = settings.layout();
        logs.remove(layout.cellLog(cell));
        CellResult result = ForkMerge.merge(cell, forks, what, planned);
        if (result.status() != CellStatus.OK) {
            result = withTail(result, layout.cellLog(cell));
        }
        if (!guard.interrupted()) {
            try {
                Json.write(layout.cellResult(cell), result);
                for (int i = 1; i <= forks.size(); i++) {
                    Files.deleteIfExists(layout.forkResult(cell, i));
                }
            } catch (IOException e) {
                System.err.println("agentbench: cannot write the result of cell [" + cell.target() + "/"
                        + cell.name() + "]: " + e.getMessage());
            }
        }
        return result;
    }

    /**
     * One child JVM, its output appended to the cell's log through {@code log} (which bounds it), its
     * result read from {@code result}. Whatever the child leaves running is ended when it is gone.
     */
    private CellResult child(PlannedCell cell, Path result, List<String> pluginEntries, Path spec, BoundedLog log) {
        Path logFile = log.file();
        try {
            Files.deleteIfExists(result);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, "Cannot remove an old result [" + result + "]: " + e,
                    List.of());
        }
        ProcessBuilder builder = new ProcessBuilder(childCommand(settings, pluginEntries, spec))
                .redirectErrorStream(true);
        Process child;
        try {
            child = guard.start(builder);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED,
                    "Cannot start the child JVM [" + settings.javaExecutable() + "]: " + e.getMessage(), List.of());
        }
        OutputPump output = OutputPump.start(child, log, "agentbench-cell-output");
        CellResult ended = null;
        try {
            if (!child.waitFor(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                Processes.destroyTree(child.toHandle(), KILL_WAIT_MILLIS);
                ended = CellResult.failed(cell, CellStatus.TIMEOUT, "Cell did not finish within the timeout ["
                        + settings.timeout() + "]; its JVM and the processes it started were destroyed", List.of());
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
                sayQuietly(log, "the cell's JVM left " + left.size() + " process" + (left.size() == 1 ? "" : "es")
                        + " running, now ended: " + String.join("; ", left));
            }
        }
        if (ended != null) {
            return withTail(ended, logFile);
        }
        return collect(cell, child.exitValue(), result, logFile);
    }

    /** A line of the harness's own in a cell's log; a log that cannot be written loses it. */
    private static void sayQuietly(BoundedLog log, String line) {
        try {
            log.line(CellLog.PREFIX + line);
        } catch (IOException | IllegalStateException e) {
            System.err.println("agentbench: cannot write to [" + log.file() + "]: " + e.getMessage());
        }
    }

    private static CellResult collect(PlannedCell cell, int exitCode, Path resultFile, Path log) {
        if (!Files.exists(resultFile)) {
            return withTail(CellResult.failed(cell, CellStatus.FAILED, "Child JVM exited with code [" + exitCode
                    + "] and wrote no result" + lastLine(log), List.of()), log);
        }
        CellResult result;
        try {
            result = Json.read(resultFile, CellResult.class);
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
        return result.status() == CellStatus.OK ? result : withTail(result, log);
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
