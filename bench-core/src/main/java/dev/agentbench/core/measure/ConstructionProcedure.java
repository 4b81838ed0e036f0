package dev.agentbench.core.measure;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.core.Defaults;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A CONSTRUCTION cell: an iteration is one {@link Agents#open()}, measured; the agent is closed
 * right after, outside the measured region. Warm-up, timed pass, statistics and memory pass as for
 * sessions; nothing else is asked of the agent.
 */
public final class ConstructionProcedure {

    private ConstructionProcedure() {}

    public static Measurement measure(Agents agents, PassSettings settings, LongSupplier clock, Consumer<String> log)
            throws IterationFailedException {
        Passes passes = new Passes(clock);
        Passes.Counted open = (tag, counter) -> {
            long start = counter.getAsLong();
            TargetHandle handle = agents.open();
            long end = counter.getAsLong();
            agents.close(handle);
            return end - start;
        };
        if (settings.dryRun()) {
            return Measurement.dryRun(passes.dryRun(passes.timed(open)));
        }
        long start = clock.getAsLong();
        int warmed = passes.warmup(passes.timed(open), settings.warmup(), settings.warmupTime());
        log.accept("warm-up: " + warmed + " agents built in " + (clock.getAsLong() - start) / 1_000_000 + " ms");
        long[] samples = passes.timed(passes.timed(open), settings.iterations());
        TimeStats time = Statistics.of(samples);
        Optional<SteadyState> steady = SteadyState.of(samples, settings.driftThreshold());
        log.accept("timed: " + samples.length + " agents built, median " + Math.round(time.median()) + " ns, p99 "
                + Math.round(time.p99()) + " ns");
        Memory memory = MemoryPass.allocated(passes, open,
                Math.min(settings.iterations(), Defaults.MEMORY_ITERATIONS), log);
        return new Measurement(samples, warmed, steady.orElse(null), memory, null, null, Map.of());
    }
}
