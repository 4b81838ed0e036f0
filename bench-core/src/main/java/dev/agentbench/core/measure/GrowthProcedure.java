package dev.agentbench.core.measure;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.Memory;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A SESSION_GROWTH cell: after a warm-up of sessions, settles the heap, runs {@code growthSessions}
 * sessions one after another with fresh ids (each deleted after it ends, as in every pass), settles
 * the heap again and reports {@code (used after − used before) / sessions} as retained bytes per
 * session: about zero for a framework that lets go of deleted sessions. Each session is timed; those
 * times are the cell's samples. A {@link HeapBudget} bounds what a leak can do meanwhile: it ends
 * the warm-up once a leak has kept about a quarter of the heap, and fails the cell with the leak's
 * rate when the measured sessions would not fit in what is left. In a profile fork the sessions are
 * recorded and the heap is read for the budget alone.
 */
public final class GrowthProcedure {

    /** What {@code retainedBytesPerUnit} is per. */
    public static final String UNIT = "session";

    private GrowthProcedure() {}

    public static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings,
            LongSupplier clock, Consumer<String> log) throws IterationFailedException {
        return measure(benchmark, handle, settings, clock, log, Profiler.NONE);
    }

    /** As a measured fork does, with {@code profiler} recording the sessions (see {@link Profiler}). */
    public static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings,
            LongSupplier clock, Consumer<String> log, Profiler profiler) throws IterationFailedException {
        return measure(benchmark, handle, settings, clock, log, profiler, HeapBudget.Heap.jvm());
    }

    static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings, LongSupplier clock,
            Consumer<String> log, Profiler profiler, HeapBudget.Heap heap) throws IterationFailedException {
        Passes passes = new Passes(clock);
        try (SessionRunner sessions = new SessionRunner(benchmark, handle, 1, clock)) {
            if (settings.dryRun()) {
                return Measurement.dryRun(passes.dryRun(sessions));
            }
            int count = settings.growthSessions();
            long[] samples = new long[count]; // made before the first reading: not retained by the sessions
            HeapBudget budget = new HeapBudget(heap, new HeapBudget.Cell(benchmark.name(), UNIT, count,
                    "it runs between two settled heap readings (--growth-sessions)", false));
            WarmupRun warmed = passes.warmup(sessions, settings, budget::endWarmup);
            WarmupLog.warmedUp(log, warmed, "sessions", budget);
            long before = budget.before(warmed.iterations());
            passes.measuredInto("growth", "g", sessions, samples, profiler, budget::measured);
            if (profiler.active()) {
                return new Measurement(samples, warmed.withTimed(samples, settings),
                        null, null, null, null, List.of());
            }
            long after = heap.settled();
            double perSession = (after - before) / (double) count;
            log.accept(String.format("growth: %d sessions run and deleted, used heap %d -> %d bytes,"
                    + " %.0f bytes retained per session", count, before, after, perSession));
            return new Measurement(samples, warmed.withTimed(samples, settings),
                    null, new Memory(null, false, perSession, UNIT), null, null, List.of());
        }
    }
}
