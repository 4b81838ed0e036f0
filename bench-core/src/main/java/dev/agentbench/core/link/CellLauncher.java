package dev.agentbench.core.link;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The parent's side of a cell: writes the spec, starts the child JVM, enforces the timeout and
 * turns whatever happened into a {@link CellResult}. Never throws for a cell that went wrong: one
 * cell failing never stops the run.
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

    /** Where a cell's spec is written: beside its result, as {@code <cell>.spec.json}. */
    static Path specFile(RunLayout layout, PlannedCell cell) {
        return layout.targetDir(cell.target()).resolve(cell.name() + ".spec.json");
    }

    /**
     * Runs one cell in its own child JVM.
     *
     * @param pluginEntries class path entries of the cell's target and benchmark plugins; empty for
     *     built-ins
     * @throws RunGuard.RunStoppedException when the run was interrupted before the child started
     */
    public CellResult run(PlannedCell cell, List<String> pluginEntries) {
        RunLayout layout = settings.layout();
        Path log = layout.cellLog(cell);
        Path result = layout.cellResult(cell);
        Path spec = specFile(layout, cell);
        try {
            Files.createDirectories(layout.targetDir(cell.target()));
            Files.deleteIfExists(result);
            Json.write(spec, new CellSpec(layout.runDir().toAbsolutePath().toString(), cell.target(),
                    cell.benchmark(), cell.concurrency(), cell.name(), settings.iterations(), settings.warmup(),
                    settings.warmupTime().toMillis(), settings.driftThreshold(), settings.mockUrl().toString(),
                    settings.targetOptions()));
        } catch (IOException e) {
            return CellResult.failed(cell, CellStatus.FAILED, "Cannot write the cell's spec [" + spec + "]: " + e, List.of());
        }
        ProcessBuilder builder = new ProcessBuilder(childCommand(settings, pluginEntries, spec))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
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
                result.drift(), result.samples(), LogTail.of(log, Defaults.LOG_TAIL_LINES));
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
