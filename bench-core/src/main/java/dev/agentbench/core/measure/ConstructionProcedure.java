package dev.agentbench.core.measure;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A CONSTRUCTION cell: an iteration is one {@link Agents#open()}, measured; the agent is closed
 * right after, outside the measured region. Warm-up, timed pass, statistics and memory pass as for
 * sessions; nothing else is asked of the agent. In a profile fork the timed pass is recorded and the
 * memory pass not run.
 */
public final class ConstructionProcedure {

    private ConstructionProcedure() {}

    public static Measurement measure(Agents agents, PassSettings settings, LongSupplier clock, Consumer<String> log)
            throws IterationFailedException {
        return measure(agents, settings, clock, log, Profiler.NONE);
    }

    /** As a measured fork does, with {@code profiler} recording the timed pass (see {@link Profiler}). */
    public static Measurement measure(Agents agents, PassSettings settings, LongSupplier clock, Consumer<String> log,
            Profiler profiler) throws IterationFailedException {
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
        WarmupRun warmed = passes.warmup(passes.timed(open), settings);
        WarmupLog.warmedUp(log, warmed, "agents built");
        Passes.TimedPass pass = passes.timed(passes.timed(open), settings, profiler);
        long[] samples = pass.samples();
        TimeStats time = Statistics.of(samples);
        Warmup warmup = warmed.withTimed(samples, settings.window().toNanos(), settings.band());
        WarmupLog.timed(log, "agents built", time, pass.cpu(), warmup);
        Memory memory = profiler.active() ? null
                : MemoryPass.allocated(passes, open, Passes.memoryIterations(settings, samples, time.median()), log);
        return new Measurement(samples, warmup, pass.cpu(), memory, null, null, List.of());
    }
}
