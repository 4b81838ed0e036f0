package dev.agentbench.core.link;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.internal.Json;
import dev.agentbench.core.internal.Processes;
import dev.agentbench.core.internal.RunGuard;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The parent's side of a cell: writes the spec, starts the child JVM (for a cold start, one fresh
 * JVM per sample), enforces the timeout and turns whatever happened into a {@link CellResult}, which
 * it writes to the cell's result file. Never throws for a cell that went wrong: one cell failing
 * never stops the run.
 */
public final class CellLauncher {

    /** How long a killed child tree may take to be gone. */
    private static final long KILL_WAIT_MILLIS = 10_000;

    private final ChildSettings settings;
    private final RunGuard guard;

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
     * Runs one cell in its own child JVM, or a COLD_START cell in {@link ChildSettings#coldStarts()}
     * fresh JVMs one after another, and writes its result file (with the log's tail when it is not
     * OK), whatever the child left there.
     *
     * @param pluginEntries class path entries of the cell's target and benchmark plugins; empty for
     *     built-ins
     * @param kind how the cell's benchmark is measured
     * @throws RunGuard.RunStoppedException when the run was interrupted before a child started
     */
    public CellResult run(PlannedCell cell, List<String> pluginEntries, BenchmarkKind kind) {
        RunLayout layout = settings.layout();
        Path spec = layout.cellSpec(cell);
        try {
            Files.createDirectories(layout.targetDir(cell.target()));
            Files.deleteIfExists(layout.cellLog(cell));
            Json.write(spec, new CellSpec(layout.runDir().toAbsolutePath().toString(), cell.target(),
                    cell.benchmark(), cell.concurrency(), cell.name(), settings.iterations(), settings.warmup(),
                    settings.warmupTime().toMillis(), settings.driftThreshold(), settings.footprintAgents(),
                    settings.growthSessions(), settings.dryRun(), settings.mockUrl().toString(),
                    settings.targetOptions()));
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, "Cannot write the cell's spec [" + spec + "]: " + e, List.of());
        }
        CellResult result = kind == BenchmarkKind.COLD_START
                ? coldStart(cell, pluginEntries, spec) : child(cell, pluginEntries, spec);
        if (!guard.interrupted()) {
            try {
                Json.write(layout.cellResult(cell), result);
            } catch (IOException e) {
                System.err.println("agentbench: cannot write the result of cell [" + cell.target() + "/"
                        + cell.name() + "]: " + e.getMessage());
            }
        }
        return result;
    }

    /** {@code coldStarts} fresh JVMs in turn, their output appended to one log; the first failure ends the cell. */
    private CellResult coldStart(PlannedCell cell, List<String> pluginEntries, Path spec) {
        int samples = settings.coldStarts();
        List<CellResult> done = new ArrayList<>(samples);
        for (int i = 1; i <= samples; i++) {
            Path log = settings.layout().cellLog(cell);
            try {
                Files.writeString(log, CellLog.PREFIX + "cold start " + i + " of " + samples + System.lineSeparator(),
                        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                return CellResult.failed(cell, CellStatus.FAILED, "Cannot write the cell's log [" + log + "]: " + e,
                        List.of());
            }
            CellResult sample = child(cell, pluginEntries, spec);
            if (sample.status() != CellStatus.OK) {
                return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), sample.status(),
                        "Cold start [" + i + " of " + samples + "]: " + sample.error(), null, 0, null, null, List.of(),
                        sample.logTail(), null, null, null, null, null);
            }
            done.add(sample);
        }
        return settings.dryRun() ? ColdStartCell.dryRun(cell, done.get(0)) : ColdStartCell.aggregate(cell, done);
    }

    /** One child JVM, its output appended to the cell's log. */
    private CellResult child(PlannedCell cell, List<String> pluginEntries, Path spec) {
        RunLayout layout = settings.layout();
        Path log = layout.cellLog(cell);
        Path result = layout.cellResult(cell);
        try {
            Files.deleteIfExists(result);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, "Cannot remove an old result [" + result + "]: " + e,
                    List.of());
        }
        ProcessBuilder builder = new ProcessBuilder(childCommand(settings, pluginEntries, spec))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process child;
        try {
            child = guard.start(builder);
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED,
                    "Cannot start the child JVM [" + settings.javaExecutable() + "]: " + e.getMessage(), List.of());
        }
        try {
            if (!child.waitFor(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                Processes.destroyTree(child.toHandle(), KILL_WAIT_MILLIS);
                return withTail(CellResult.failed(cell, CellStatus.TIMEOUT, "Cell did not finish within the timeout ["
                        + settings.timeout() + "]; its JVM and the processes it started were destroyed", List.of()), log);
            }
            return collect(cell, child.exitValue(), result, log);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return withTail(CellResult.failed(cell, CellStatus.FAILED, "The run was interrupted", List.of()), log);
        } finally {
            try {
                child.getOutputStream().close();
            } catch (IOException e) {
                // the child is gone or is killed below
            }
            if (child.isAlive()) {
                Processes.destroyTree(child.toHandle(), KILL_WAIT_MILLIS);
            }
            guard.release(child);
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
        return new CellResult(result.target(), result.benchmark(), result.concurrency(), result.name(),
                result.status(), result.error(), result.time(), result.warmupIterations(), result.steadyState(),
                result.drift(), result.samples(), LogTail.of(log, Defaults.LOG_TAIL_LINES), result.memory(),
                result.throughput(), result.turnLatency(), result.jvm(), result.metrics());
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
