package dev.agentbench.core.host;

import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.measure.PassSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every cell of a run shares: how to start a child, and what it measures.
 *
 * @param javaExecutable the {@code java} to run children with, unless {@code javaByTarget} names another
 * @param jvmArgs every JVM option of a child
 * @param harnessClasspath the harness class path
 * @param layout the run directory
 * @param mockUrl where the mock listens
 * @param passes how every cell is measured, handed to each child as it is
 * @param targetOptions the user's target options
 * @param timeout how long one child may run
 * @param logLimit the most bytes a cell's log holds; beyond it, the start and the end of the output
 *     are kept
 * @param javaByTarget the {@code java} of each column that runs on another JVM ({@code --jvm}), by its
 *     column id; empty when every cell runs on {@code javaExecutable}
 */
public record ChildSettings(
        Path javaExecutable,
        List<String> jvmArgs,
        String harnessClasspath,
        RunLayout layout,
        URI mockUrl,
        PassSettings passes,
        Map<String, String> targetOptions,
        Duration timeout,
        long logLimit,
        Map<String, Path> javaByTarget) {

    public ChildSettings {
        Objects.requireNonNull(javaExecutable, "javaExecutable");
        Objects.requireNonNull(harnessClasspath, "harnessClasspath");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(mockUrl, "mockUrl");
        Objects.requireNonNull(passes, "passes");
        Objects.requireNonNull(timeout, "timeout");
        jvmArgs = List.copyOf(jvmArgs);
        targetOptions = Map.copyOf(targetOptions);
        javaByTarget = Map.copyOf(javaByTarget);
    }

    /** Settings whose cells all run on {@code javaExecutable}. */
    public ChildSettings(Path javaExecutable, List<String> jvmArgs, String harnessClasspath, RunLayout layout,
            URI mockUrl, PassSettings passes, Map<String, String> targetOptions, Duration timeout, long logLimit) {
        this(javaExecutable, jvmArgs, harnessClasspath, layout, mockUrl, passes, targetOptions, timeout, logLimit,
                Map.of());
    }

    /** The {@code java} the cells of column {@code target} run on. */
    public Path javaFor(String target) {
        return javaByTarget.getOrDefault(target, javaExecutable);
    }
}
