package dev.agentbench.core.measure;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A SESSIONS cell: warm-up, timed pass and memory pass over iterations of {@code concurrency}
 * sessions. Every turn is timed by a {@link TimedHandle}, which gives the per-turn latency across
 * all sessions of the timed pass and the turns of its throughput. In a profile fork the timed pass is
 * recorded and the memory pass not run.
 *
 * <p>Every pass (the warm-up too) prepares each session of an iteration with {@link
 * Benchmark#prepareSession} before the iteration's timed region, through the target's own handle: its
 * time, its allocations, its turns, its CPU and the collections that end while it runs are in no
 * figure (see {@link SessionRunner}).
 *
 * <p>Besides the core figures, the measurement has the JVM's garbage collections over the timed pass
 * and their time, per 1,000 iterations ({@link #GC_PER_1K}, {@link #GC_MS_PER_1K}).
 */
public final class SessionsProcedure {

    /** The section of the garbage-collection figures. */
    public static final String GC = "Garbage collection";

    public static final Figure.Definition GC_PER_1K = new Figure.Definition("gcPer1kOps", "collections per 1k", "",
            Better.LOWER, Combine.MEDIAN, GC, "garbage collections during the timed pass per 1,000 iterations, as the "
                    + "JVM's collector beans count them, less those that ended while sessions were prepared: how "
                    + "much of a service's traffic meets a collection.");
    public static final Figure.Definition GC_MS_PER_1K = new Figure.Definition("gcMillisPer1kOps", "GC time per 1k",
            "ms", Better.LOWER, Combine.MEDIAN, GC, "the collectors' time during the timed pass per 1,000 iterations, "
                    + "less that of the collections that ended while sessions were prepared (concurrent collectors "
                    + "count their own threads' time, not only pauses).");

    /** The most turn times a cell keeps (32 MiB of them); more turns are still counted. */
    static final int MAX_TURN_TIMES = 4 << 20;

    /** Turn times the warm-up keeps (and then overruns). */
    static final int WARMUP_TURN_TIMES = 1024;

    private SessionsProcedure() {}

    public static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings,
            int concurrency, LongSupplier clock, Consumer<String> log) throws IterationFailedException {
        return measure(benchmark, handle, settings, concurrency, clock, log, Profiler.NONE);
    }

    /** As a measured fork does, with {@code profiler} recording the timed pass (see {@link Profiler}). */
    public static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings,
            int concurrency, LongSupplier clock, Consumer<String> log, Profiler profiler)
            throws IterationFailedException {
        return measure(benchmark, handle, settings, concurrency, clock, log, profiler, null);
    }

    /**
     * As a measured fork does, every session observed by {@code streams} when it is not {@code null}:
     * its slots are cleared before the timed pass and handed on right after it, before the memory pass.
     */
    public static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings,
            int concurrency, LongSupplier clock, Consumer<String> log, Profiler profiler, StreamLog streams)
            throws IterationFailedException {
        TimedHandle timed = new TimedHandle(handle, clock);
        Passes passes = new Passes(clock);
        try (SessionRunner sessions = new SessionRunner(benchmark, timed, handle, concurrency, clock, streams)) {
            if (settings.dryRun()) {
                // a dry run pairs its one iteration's stream too, so that an untagged stream fails here
                if (streams != null) {
                    streams.beginTimed();
                }
                Measurement dry = Measurement.dryRun(passes.dryRun(sessions));
                endTimed(streams);
                return dry;
            }
            // the warm-up records too, into a buffer it overruns: the JIT sees both paths of the
            // recording before timing starts, and never recompiles it in the middle of the timed pass
            timed.recordInto(new TurnTimes(WARMUP_TURN_TIMES));
            WarmupRun warmed = passes.warmup(sessions, settings);
            WarmupLog.warmedUp(log, warmed, "iterations");

            long most = settings.timeBoxed() ? settings.maxIterations() : settings.iterations();
            long expectedTurns = most * concurrency * benchmark.script().turns().size();
            TurnTimes turns = timed.recordInto(new TurnTimes((int) Math.min(expectedTurns, MAX_TURN_TIMES)));
            if (streams != null) {
                streams.beginTimed();
            }
            Passes.TimedPass pass = passes.timed(sessions, settings, profiler);
            timed.recordInto(TurnTimes.countOnly());
            endTimed(streams);
            long[] samples = pass.samples();

            TimeStats time = Statistics.of(samples);
            Warmup warmup = warmed.withTimed(samples, settings);
            WarmupLog.timed(log, "iterations", time, pass.cpu(), warmup);
            Throughput throughput = throughput(samples, concurrency, turns.count());
            TimeStats turnLatency = turns.count() == 0 ? null : Statistics.of(turns.times());
            log.accept(String.format("throughput: %.1f sessions/s, %.1f turns/s; %d turns, median turn %d ns%s",
                    throughput.sessionsPerSecond(), throughput.turnsPerSecond(), turns.count(),
                    turnLatency == null ? 0 : Math.round(turnLatency.median()),
                    turns.overflowed() ? " (latency of the first " + MAX_TURN_TIMES + " turns)" : ""));

            GcCounts gc = pass.gc();
            log.accept(String.format("gc: %d collections, %d ms over the timed pass%s", gc.collections(), gc.millis(),
                    pass.untimedGc().collections() == 0 ? ""
                            : " (not counting " + pass.untimedGc().collections()
                                    + " that ended while sessions were prepared)"));
            double thousands = samples.length / 1000.0;
            List<Figure> figures = List.of(GC_PER_1K.of(gc.collections() / thousands),
                    GC_MS_PER_1K.of(gc.millis() / thousands));

            Memory memory = profiler.active() ? null : MemoryPass.allocated(passes, sessions::measure,
                    Passes.memoryIterations(settings, samples, time.median()), log);

            return new Measurement(samples, warmup, pass.cpu(), memory, throughput, turnLatency, figures);
        }
    }

    /** Sessions and turns per second over the summed iteration time of the timed pass. */
    static Throughput throughput(long[] samples, int concurrency, long turns) {
        long nanos = 0;
        for (long sample : samples) {
            nanos += sample;
        }
        if (nanos <= 0) {
            return new Throughput(0, 0);
        }
        return new Throughput(samples.length * (double) concurrency * 1e9 / nanos, turns * 1e9 / nanos);
    }

    /** Hands the timed pass's sessions on to what pairs them, when {@code streams} observes any. */
    private static void endTimed(StreamLog streams) throws IterationFailedException {
        if (streams == null) {
            return;
        }
        try {
            streams.endTimed();
        } catch (Exception e) {
            throw new IterationFailedException("Cannot pair the stream's deliveries with the mock's writes", e);
        }
    }
}
