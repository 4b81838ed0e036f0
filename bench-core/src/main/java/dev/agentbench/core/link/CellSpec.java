package dev.agentbench.core.link;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.internal.AtomicFiles;
import dev.agentbench.core.internal.JsonText;
import dev.agentbench.core.measure.PassSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * What a child JVM is told to measure: the one message from parent to child, written as JSON.
 *
 * @param runDir the run directory, absolute; the child writes its result where
 *     {@link dev.agentbench.api.result.RunLayout#forkResult} says, or for a profile fork
 *     {@link dev.agentbench.api.result.RunLayout#profileForkResult}
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name the cell's name
 * @param fork which fork of the cell this JVM is, from 1; a profile fork comes after the measured ones
 * @param profile whether this JVM is the cell's profile fork: it records its timed pass with the
 *     profiler that {@code passes} names into {@link dev.agentbench.api.result.RunLayout#cellRecording},
 *     runs nothing after it, and its result is never merged into the cell's
 * @param mockUrl where the mock listens, for example {@code http://127.0.0.1:41234}
 * @param targetOptions the user's target options
 * @param passes how to measure: the run's pass settings, as they are
 */
public record CellSpec(
        String runDir,
        String target,
        String benchmark,
        int concurrency,
        String name,
        int fork,
        boolean profile,
        String mockUrl,
        Map<String, String> targetOptions,
        PassSettings passes) {

    public CellSpec {
        Objects.requireNonNull(runDir, "runDir");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mockUrl, "mockUrl");
        Objects.requireNonNull(passes, "passes");
        if (fork < 1) {
            throw new IllegalArgumentException("Fork [" + fork + "] must be at least 1");
        }
        if (profile && !passes.profiled()) {
            throw new IllegalArgumentException("A profile fork needs a profiler; the pass settings name none");
        }
        targetOptions = targetOptions == null ? Map.of() : Map.copyOf(targetOptions);
    }

    /** The cell this spec measures. */
    public PlannedCell plannedCell() {
        return new PlannedCell(target, benchmark, concurrency, name);
    }

    /** Writes this spec atomically, with the JDK's own JSON ({@link JsonText}), which {@link #read} reads. */
    void write(Path file) throws IOException {
        AtomicFiles.write(file, JsonText.write(this).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a spec the parent wrote, with the JDK alone, so that a cold start does not pay for loading
     * Jackson's databind before it builds the agent.
     *
     * @throws IOException when the file cannot be read or is no spec
     */
    static CellSpec read(Path file) throws IOException {
        try {
            return JsonText.toRecord(JsonText.parse(Files.readString(file)), CellSpec.class);
        } catch (RuntimeException e) {
            throw new IOException("Cell spec [" + file + "] is unreadable: " + e.getMessage(), e);
        }
    }
}
