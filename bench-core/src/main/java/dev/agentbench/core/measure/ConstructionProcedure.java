package dev.agentbench.core.measure;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.core.Defaults;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * A CONSTRUCTION cell: an iteration builds agents with {@link Agents#open()}, measured, and closes
 * them right after, outside the measured region. An agent that takes less than {@link
 * Defaults#BATCH_NANOS} to build is below what one reading of the clock can tell apart (it reads in
 * steps of up to tens of nanoseconds), so the timed pass builds agents in batches: as many a sample
 * as take about that long, the number found from single builds timed right after the warm-up, the
 * sample their mean. Warm-up and memory pass build one agent an iteration; statistics as for
 * sessions; nothing else is asked of the agent. In a profile fork the timed pass is recorded and the
 * memory pass not run. Every pass is watched by a {@link DescriptorGuard} between builds.
 */
public final class ConstructionProcedure {

    /** How many single builds, right after the warm-up, find the batch. */
    static final int CALIBRATION_BUILDS = 101;

    private ConstructionProcedure() {}

    public static Measurement measure(Agents agents, PassSettings settings, LongSupplier clock, Consumer<String> log)
            throws IterationFailedException {
        return measure(agents, settings, clock, log, Profiler.NONE, batch -> {}, warning -> {});
    }

    /**
     * As a measured fork does, with {@code profiler} recording the timed pass (see {@link Profiler}),
     * {@code agentsPerSample} told how many agents a sample of the timed pass built (not in a dry
     * run), and {@code warn} told what the fork's figures need said beside them.
     */
    public static Measurement measure(Agents agents, PassSettings settings, LongSupplier clock, Consumer<String> log,
            Profiler profiler, IntConsumer agentsPerSample, Consumer<String> warn) throws IterationFailedException {
        Passes passes = new Passes(clock);
        DescriptorGuard guard = DescriptorGuard.of(clock, log);
        Passes.Counted open = (tag, counter) -> {
            long start = counter.getAsLong();
            TargetHandle handle = agents.open();
            long end = counter.getAsLong();
            agents.close(handle);
            guard.afterBuild();
            return end - start;
        };
        if (settings.dryRun()) {
            return Measurement.dryRun(passes.dryRun(passes.timed(open)));
        }
        WarmupRun warmed = passes.warmup(passes.timed(open), settings);
        WarmupLog.warmedUp(log, warmed, "agents built");
        double one = Statistics.of(passes.measured("calibration", "c", passes.timed(open), CALIBRATION_BUILDS))
                .median();
        int batch = batch(one);
        if (batch > 1) {
            log.accept(String.format(Locale.ROOT, "timed: %d agents a sample (one agent %.0f ns, below %d ns)", batch,
                    one, Defaults.BATCH_NANOS));
        }
        agentsPerSample.accept(batch);
        Passes.TimedPass pass = passes.timed(batch == 1 ? passes.timed(open) : batched(agents, batch, clock, guard),
                settings, profiler);
        long[] samples = pass.samples();
        TimeStats time = Statistics.of(samples);
        Cpu cpu = pass.cpu() == null || batch == 1 ? pass.cpu()
                : pass.cpu().perOperationOf(batch);
        Warmup warmup = warmed.withTimed(samples, batch, settings);
        WarmupLog.timed(log, "agents built", time, cpu, warmup);
        Memory memory = profiler.active() ? null
                : MemoryPass.allocated(passes, open, Passes.memoryIterations(settings, samples, time.median()), log);
        guard.warning().ifPresent(warn);
        return new Measurement(samples, warmup, cpu, memory, null, null, List.of());
    }

    /**
     * How many agents a sample builds when one takes {@code nanos}: 1 from {@link Defaults#BATCH_NANOS}
     * up, else as many as take that long, at most {@link Defaults#MAX_BATCH}.
     */
    static int batch(double nanos) {
        if (!(nanos < Defaults.BATCH_NANOS)) {
            return 1;
        }
        return (int) Math.min(Defaults.MAX_BATCH, Math.ceil(Defaults.BATCH_NANOS / Math.max(nanos, 1)));
    }

    /**
     * An iteration that builds {@code batch} agents timed together and closes them after, untimed;
     * its time is their mean, to the nanosecond. When a build fails, the agents built before it are
     * closed before the failure goes on. The guard looks in after each batch is closed.
     */
    private static Passes.Iteration batched(Agents agents, int batch, LongSupplier clock, DescriptorGuard guard) {
        TargetHandle[] handles = new TargetHandle[batch];
        return tag -> {
            int built = 0;
            long time;
            try {
                long start = clock.getAsLong();
                for (; built < batch; built++) {
                    handles[built] = agents.open();
                }
                long end = clock.getAsLong();
                time = Math.round((end - start) / (double) batch);
            } finally {
                for (int i = 0; i < built; i++) {
                    TargetHandle handle = handles[i];
                    handles[i] = null;
                    agents.close(handle);
                }
            }
            guard.afterBuild();
            return time;
        };
    }
}
