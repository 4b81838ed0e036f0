package dev.agentbench.core.measure;

import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.core.Defaults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/** The warm-up pass and the timed pass of a cell. */
public final class Passes {

    /** One iteration; returns the nanoseconds of its timed region. */
    @FunctionalInterface
    public interface Iteration {
        /**
         * @param tag a tag unique within the cell, for fresh user and session ids
         */
        long run(String tag) throws Exception;

        /**
         * The process CPU nanoseconds this iteration has spent so far outside its timed regions, which
         * the timed pass takes out of its CPU figure (a benchmark's session preparation); 0 by default.
         */
        default long untimedCpuNanos() {
            return 0;
        }

        /**
         * The collections that ended while this iteration was outside its timed regions so far, which
         * the timed pass takes out of its own count (a benchmark's session preparation); none by default.
         */
        default GcCounts untimedGc() {
            return GcCounts.ZERO;
        }
    }

    /**
     * One iteration whose measured region is read with whatever counter it is given: the clock in
     * the timed pass, allocated bytes in the memory pass. Returns the counter's difference.
     */
    @FunctionalInterface
    public interface Counted {
        long run(String tag, LongSupplier counter) throws Exception;
    }

    /**
     * The most of a warm-up window's wall time the JIT compiler may have spent compiling for the fork to
     * count as steady: a quarter of one CPU. On a small host a compiler thread that keeps compiling takes
     * a CPU from the session and the mock: forks whose timed pass fell in such a stretch were 25–90% slower
     * than their siblings, their compiler using half the process's CPU, where settled forks' used 1–8%.
     */
    public static final double JIT_QUIET_SHARE = 0.25;

    /** How many samples of one warm-up window are kept for its median (an even subsample beyond). */
    static final int WINDOW_SAMPLES = 1 << 14;

    private final LongSupplier clock;

    /** @param clock nanoseconds, {@code System::nanoTime} outside tests */
    public Passes(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * A dry run's one checked iteration, timed by the iteration itself and named {@code dry run} in a
     * failure.
     */
    public long[] dryRun(Iteration iteration) throws IterationFailedException {
        return measured("dry run", "d", iteration, 1);
    }

    /** {@code iteration} measured by this pass's clock. */
    public Iteration timed(Counted iteration) {
        return tag -> iteration.run(tag, clock);
    }

    /**
     * Warms up in windows of {@code settings.window()}: after each window, its median is one point of
     * the warm-up curve and the trend test ({@link WarmupDetector}) looks at the last windows. Stops
     * when the test finds no trend left and the JIT compiler has gone quiet (it compiled for no more
     * than {@link #JIT_QUIET_SHARE} of the last window, where the clock tells: {@link JitClock}), once
     * {@code warmupTime} has passed and {@code warmup} iterations have run; or at {@code warmupMax},
     * capped. A window holds at least {@code settings.windowIterations()} iterations, however slow they are.
     * Nothing is recorded as a sample.
     *
     * @throws IterationFailedException on the first failing iteration
     */
    public WarmupRun warmup(Iteration iteration, PassSettings settings) throws IterationFailedException {
        return warmup(iteration, settings, done -> false);
    }

    /**
     * As {@link #warmup(Iteration, PassSettings)}, and ended early, not steady unless the trend test
     * says so, once {@code enough} answers {@code true}: it is asked after every iteration with the
     * number run so far, outside their timed regions (a retained-heap cell's {@link HeapBudget}).
     */
    WarmupRun warmup(Iteration iteration, PassSettings settings, IntPredicate enough)
            throws IterationFailedException {
        long minNanos = settings.warmupTime().toNanos();
        long maxNanos = settings.warmupMax().toNanos();
        long windowNanos = settings.window().toNanos();
        WarmupDetector detector = new WarmupDetector(Defaults.STEADY_WINDOWS, settings.band());
        List<Warmup.Window> windows = new ArrayList<>();
        WindowSampler window = new WindowSampler(WINDOW_SAMPLES);
        long start = clock.getAsLong();
        long windowStart = start;
        long compiledBefore = JitClock.compilationNanos(clock);
        double compileShare = Double.NaN;
        int done = 0;
        while (true) {
            if (maxNanos == 0 && done >= settings.warmup()) {
                return new WarmupRun(clock.getAsLong() - start, done, false, windows); // a counted warm-up
            }
            try {
                window.add(iteration.run(tag("w", done)));
            } catch (Exception e) {
                throw new IterationFailedException("warmup", done, e);
            }
            done++;
            if (enough.test(done)) {
                return new WarmupRun(clock.getAsLong() - start, done, !detector.steady(), windows);
            }
            long now = clock.getAsLong();
            if (maxNanos == 0 || now - windowStart < windowNanos || window.count() < settings.windowIterations()) {
                continue;
            }
            double median = window.median();
            windows.add(new Warmup.Window(Warmup.WARMUP_PHASE, now - start, window.count(), median));
            detector.add(median);
            window.reset();
            long compiled = JitClock.compilationNanos(clock);
            compileShare = compiled < 0 || compiledBefore < 0 ? Double.NaN
                    : (compiled - compiledBefore) / (double) (now - windowStart);
            boolean jitQuiet = Double.isNaN(compileShare) || compileShare <= JIT_QUIET_SHARE;
            compiledBefore = compiled;
            windowStart = now;
            long elapsed = now - start;
            if (done >= settings.warmup() && elapsed >= minNanos && detector.steady() && jitQuiet) {
                return new WarmupRun(elapsed, done, false, windows, compileShare);
            }
            if (done >= settings.warmup() && elapsed >= maxNanos) {
                return new WarmupRun(elapsed, done, true, windows, compileShare);
            }
        }
    }

    /**
     * The timed pass: exactly {@code settings.iterations()} iterations, or, time-boxed, iterations
     * until {@code measureTime} has passed and at least {@code minIterations} have run, at most
     * {@code maxIterations}. Each iteration's time is kept; the process's CPU time is read before
     * and after, outside every iteration, and given when {@link ProcessCpu} can read it exactly
     * enough, less the CPU the iteration spent outside its timed regions ({@link
     * Iteration#untimedCpuNanos()}). The JVM's collections are counted the same way, less those that
     * ended outside the timed regions ({@link Iteration#untimedGc()}).
     *
     * @throws IterationFailedException on the first failing iteration; a failing iteration is
     *     never a sample
     */
    public TimedPass timed(Iteration iteration, PassSettings settings) throws IterationFailedException {
        GcCounts gcBefore = GcCounts.now();
        GcCounts untimedGcBefore = iteration.untimedGc();
        ProcessCpu.Reading cpuBefore = ProcessCpu.read();
        long untimedBefore = iteration.untimedCpuNanos();
        long[] samples;
        if (!settings.timeBoxed()) {
            samples = measured("timed", "t", iteration, settings.iterations());
        } else {
            long[] buffer = new long[settings.maxIterations()];
            long measureNanos = settings.measureTime().toNanos();
            long start = clock.getAsLong();
            int n = 0;
            while (n < buffer.length && (n < settings.minIterations() || clock.getAsLong() - start < measureNanos)) {
                try {
                    buffer[n] = iteration.run(tag("t", n));
                } catch (Exception e) {
                    throw new IterationFailedException("timed", n, e);
                }
                n++;
            }
            samples = Arrays.copyOf(buffer, n);
        }
        Cpu cpu = ProcessCpu.between(cpuBefore, ProcessCpu.read(), samples.length,
                iteration.untimedCpuNanos() - untimedBefore);
        GcCounts untimedGc = iteration.untimedGc().since(untimedGcBefore);
        GcCounts gc = GcCounts.now().since(gcBefore).less(untimedGc);
        return new TimedPass(samples, cpu, gc, untimedGc);
    }

    /**
     * {@link #timed(Iteration, PassSettings)} recorded by {@code profiler}: started right before the
     * first iteration, stopped right after the last, also when one fails.
     */
    public TimedPass timed(Iteration iteration, PassSettings settings, Profiler profiler)
            throws IterationFailedException {
        profiler.start();
        try {
            return timed(iteration, settings);
        } finally {
            profiler.stop();
        }
    }

    /**
     * {@link #measuredInto} recorded by {@code profiler}, as {@link #timed(Iteration, PassSettings,
     * Profiler)} is: for the passes of the retained-heap kinds.
     */
    public long[] measuredInto(String pass, String tagPrefix, Iteration iteration, long[] samples, Profiler profiler)
            throws IterationFailedException {
        return measuredInto(pass, tagPrefix, iteration, samples, profiler, done -> {});
    }

    /**
     * As {@link #measuredInto(String, String, Iteration, long[], Profiler)}, with {@code watch} told
     * after every iteration how many have run, outside their timed regions; it fails the pass by
     * throwing (a retained-heap cell's {@link HeapBudget}).
     */
    long[] measuredInto(String pass, String tagPrefix, Iteration iteration, long[] samples, Profiler profiler,
            IntConsumer watch) throws IterationFailedException {
        profiler.start();
        try {
            return measuredInto(pass, tagPrefix, iteration, samples, watch);
        } finally {
            profiler.stop();
        }
    }

    /**
     * The timed samples of a fork, and the process's CPU time and the JVM's collections over them.
     *
     * @param cpu {@code null} where the JVM does not tell a process's CPU time
     * @param gc the collections that ended during the pass, less those that ended outside its
     *     iterations' timed regions
     * @param untimedGc the collections taken out of {@code gc}: those that ended during the pass
     *     outside its iterations' timed regions (while sessions were prepared)
     */
    public record TimedPass(long[] samples, Cpu cpu, GcCounts gc, GcCounts untimedGc) {}

    /**
     * How many iterations the memory pass after a timed pass of {@code timed} runs: {@link
     * Defaults#MEMORY_ITERATIONS}, no more than the timed pass ran, and for a time-boxed pass no more
     * than fit in {@link Defaults#MEMORY_SHARE} of its measure time at the timed median (at least 3).
     */
    public static int memoryIterations(PassSettings settings, long[] timed, double median) {
        int iterations = Math.min(Defaults.MEMORY_ITERATIONS, timed.length);
        if (settings.timeBoxed() && median > 0) {
            long fit = (long) (settings.measureTime().toNanos() * Defaults.MEMORY_SHARE / median);
            iterations = (int) Math.min(iterations, Math.max(3, fit));
        }
        return Math.max(1, Math.min(iterations, timed.length));
    }

    /**
     * Runs a pass of {@code iterations} iterations that each return a measurement of their own
     * (allocated bytes, say), tagged and named after {@code pass} in failures.
     */
    public long[] measured(String pass, String tagPrefix, Iteration iteration, int iterations)
            throws IterationFailedException {
        return measuredInto(pass, tagPrefix, iteration, new long[iterations]);
    }

    /**
     * As {@link #measured}, one iteration per element of {@code samples}, into that array: for a
     * pass that must allocate nothing of its own while it runs (retained-heap passes).
     */
    public long[] measuredInto(String pass, String tagPrefix, Iteration iteration, long[] samples)
            throws IterationFailedException {
        return measuredInto(pass, tagPrefix, iteration, samples, done -> {});
    }

    private long[] measuredInto(String pass, String tagPrefix, Iteration iteration, long[] samples, IntConsumer watch)
            throws IterationFailedException {
        for (int i = 0; i < samples.length; i++) {
            try {
                samples[i] = iteration.run(tag(tagPrefix, i));
            } catch (Exception e) {
                throw new IterationFailedException(pass, i, e);
            }
            watch.accept(i + 1);
        }
        return samples;
    }

    /**
     * An iteration's tag. Every pass makes its tags here, at one call site, so that the string
     * concatenation is linked in the warm-up: linking it later would leave classes and caches on the
     * heap in the middle of a retained-heap reading.
     */
    private static String tag(String prefix, int index) {
        return prefix + index;
    }
}
