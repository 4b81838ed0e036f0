package dev.agentbench.core.measure;

import java.time.Duration;
import java.util.Objects;

/**
 * How a cell is measured, whatever its kind.
 *
 * @param concurrency sessions per iteration (SESSIONS only; 1 for every other kind)
 * @param iterations timed iterations
 * @param warmup the least number of warm-up iterations
 * @param warmupTime the least warm-up time
 * @param driftThreshold the steady-state threshold
 * @param footprintAgents agents held at once by a FOOTPRINT cell
 * @param growthSessions sessions run by a SESSION_GROWTH cell
 * @param dryRun one checked iteration and nothing else
 */
public record PassSettings(int concurrency, int iterations, int warmup, Duration warmupTime, double driftThreshold,
        int footprintAgents, int growthSessions, boolean dryRun) {

    public PassSettings {
        Objects.requireNonNull(warmupTime, "warmupTime");
        if (concurrency < 1 || iterations < 1 || footprintAgents < 1 || growthSessions < 1) {
            throw new IllegalArgumentException("Concurrency [" + concurrency + "], iterations [" + iterations
                    + "], footprint agents [" + footprintAgents + "] and growth sessions [" + growthSessions
                    + "] must all be at least 1");
        }
    }
}
