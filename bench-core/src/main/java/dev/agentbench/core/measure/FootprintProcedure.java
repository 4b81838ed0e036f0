package dev.agentbench.core.measure;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.Memory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A FOOTPRINT cell: after a warm-up of agents built and closed (so that one-time costs such as
 * class initialisation and static caches are not charged to the agents), settles the heap, builds
 * {@code footprintAgents} agents and keeps them all reachable, settles the heap again and reports
 * {@code (used after − used before) / agents} as retained bytes per agent. Each build is timed too;
 * those times are the cell's samples. The agents held are {@linkplain Agents#keep kept} open for the
 * cell to close once its result is written; after a failure they are closed at once. A {@link
 * HeapBudget} bounds the heap the warm-up's leaks and the held agents may take, and fails the cell
 * with the rate per agent when the agents would not fit. The warm-up's builds are watched by a {@link
 * DescriptorGuard}, as a construction cell's are: it builds and closes tens of thousands of agents;
 * and the threads those agents left are waited for ({@link EndingThreads}) before the first reading.
 * In a profile fork the builds are recorded and the heap is read for the budget alone.
 */
public final class FootprintProcedure {

    /** What {@code retainedBytesPerUnit} is per. */
    public static final String UNIT = "agent";

    private FootprintProcedure() {}

    public static Measurement measure(Agents agents, PassSettings settings, LongSupplier clock, Consumer<String> log)
            throws IterationFailedException {
        return measure("footprint", agents, settings, clock, log, Profiler.NONE, warning -> {});
    }

    /**
     * As a measured fork of {@code benchmark} does, with {@code profiler} recording the builds (see
     * {@link Profiler}) and {@code warn} told what the fork's figures need said beside them.
     */
    public static Measurement measure(String benchmark, Agents agents, PassSettings settings, LongSupplier clock,
            Consumer<String> log, Profiler profiler, Consumer<String> warn) throws IterationFailedException {
        return measure(benchmark, agents, settings, clock, log, profiler, warn, HeapBudget.Heap.jvm(),
                EndingThreads.Threads.jvm());
    }

    static Measurement measure(String benchmark, Agents agents, PassSettings settings, LongSupplier clock,
            Consumer<String> log, Profiler profiler, Consumer<String> warn, HeapBudget.Heap heap,
            EndingThreads.Threads threads) throws IterationFailedException {
        Passes passes = new Passes(clock);
        DescriptorGuard guard = DescriptorGuard.of(clock, log);
        WarmupRun warmed = null;
        int count = settings.footprintAgents();
        // made before the first reading, so that none of them counts as retained by the agents
        List<TargetHandle> held = new ArrayList<>(count);
        long[] samples = new long[count];
        HeapBudget budget = null;
        EndingThreads ending = null;
        if (!settings.dryRun()) {
            budget = new HeapBudget(heap, new HeapBudget.Cell(benchmark, "agent", count,
                    "it holds at once (--footprint-agents)", true));
            ending = new EndingThreads(threads, System::nanoTime);
            warmed = passes.warmup(passes.timed((tag, counter) -> {
                long start = counter.getAsLong();
                TargetHandle handle = agents.open();
                long end = counter.getAsLong();
                agents.close(handle);
                guard.afterBuild();
                return end - start;
            }), settings, budget::endWarmup);
            WarmupLog.warmedUp(log, warmed, "agents built and closed", budget);
        }
        Throwable failure = null;
        Passes.Iteration openAndHold = tag -> {
            long start = clock.getAsLong();
            TargetHandle handle = agents.open();
            long end = clock.getAsLong();
            held.add(handle);
            return end - start;
        };
        try {
            if (settings.dryRun()) {
                passes.measuredInto("dry run", "a", openAndHold, samples, profiler);
                return Measurement.dryRun(samples);
            }
            guard.warning().ifPresent(warn);
            EndingThreads.Wait wait = ending.await();
            wait.line().ifPresent(log);
            wait.warning().ifPresent(warn);
            long before = budget.before(warmed.iterations(), wait.anyEnded());
            passes.measuredInto("footprint", "a", openAndHold, samples, profiler, budget::measured);
            if (profiler.active()) {
                return new Measurement(samples, warmed.withTimed(samples, settings),
                        null, null, null, null, List.of());
            }
            long after = heap.settled();
            Reference.reachabilityFence(held);
            double perAgent = (after - before) / (double) count;
            log.accept(String.format("footprint: %d agents held, used heap %d -> %d bytes, %.0f bytes retained per agent",
                    count, before, after, perAgent));
            return new Measurement(samples, warmed.withTimed(samples, settings),
                    null, new Memory(null, false, perAgent, UNIT), null, null, List.of());
        } catch (IterationFailedException | RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            if (failure == null) {
                agents.keep(held); // closed once the result is written
            } else {
                Agents.closeAfter(held, failure);
            }
        }
    }
}
