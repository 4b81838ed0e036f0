package dev.agentbench.core.link;

import dev.agentbench.api.result.RunLayout;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every cell of a run shares: how to start a child, and what it measures.
 *
 * @param javaExecutable the {@code java} to run children with
 * @param jvmArgs every JVM option of a child
 * @param harnessClasspath the harness class path
 * @param layout the run directory
 * @param mockUrl where the mock listens
 * @param iterations timed iterations per cell
 * @param warmup the least number of warm-up iterations per cell
 * @param warmupTime the least warm-up time per cell
 * @param driftThreshold the steady-state threshold
 * @param footprintAgents agents a FOOTPRINT cell holds at once
 * @param growthSessions sessions a SESSION_GROWTH cell runs
 * @param coldStarts fresh JVMs a COLD_START cell runs, one after another
 * @param dryRun one checked iteration per cell (one JVM per cold start cell), nothing timed
 * @param targetOptions the user's target options
 * @param timeout how long one child may run
 */
public record ChildSettings(
        Path javaExecutable,
        List<String> jvmArgs,
        String harnessClasspath,
        RunLayout layout,
        URI mockUrl,
        int iterations,
        int warmup,
        Duration warmupTime,
        double driftThreshold,
        int footprintAgents,
        int growthSessions,
        int coldStarts,
        boolean dryRun,
        Map<String, String> targetOptions,
        Duration timeout) {

    public ChildSettings {
        Objects.requireNonNull(javaExecutable, "javaExecutable");
        Objects.requireNonNull(harnessClasspath, "harnessClasspath");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(mockUrl, "mockUrl");
        Objects.requireNonNull(warmupTime, "warmupTime");
        Objects.requireNonNull(timeout, "timeout");
        if (coldStarts < 1) {
            throw new IllegalArgumentException("Cold starts [" + coldStarts + "] must be at least 1");
        }
        jvmArgs = List.copyOf(jvmArgs);
        targetOptions = Map.copyOf(targetOptions);
    }
}
