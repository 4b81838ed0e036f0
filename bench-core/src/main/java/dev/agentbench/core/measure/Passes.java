package dev.agentbench.core.measure;

import java.time.Duration;
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
    }

    /**
     * One iteration whose measured region is read with whatever counter it is given: the clock in
     * the timed pass, allocated bytes in the memory pass. Returns the counter's difference.
     */
    @FunctionalInterface
    public interface Counted {
        long run(String tag, LongSupplier counter) throws Exception;
    }

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
     * Runs iterations until at least {@code minIterations} have run and at least {@code minTime}
     * has passed. Nothing is recorded.
     *
     * @return how many iterations ran
     * @throws IterationFailedException on the first failing iteration
     */
    public int warmup(Iteration iteration, int minIterations, Duration minTime) throws IterationFailedException {
        long minNanos = minTime.toNanos();
        long start = clock.getAsLong();
        int done = 0;
        while (done < minIterations || clock.getAsLong() - start < minNanos) {
            try {
                iteration.run(tag("w", done));
            } catch (Exception e) {
                throw new IterationFailedException("warmup", done, e);
            }
            done++;
        }
        return done;
    }

    /**
     * Runs {@code iterations} iterations and keeps each one's time.
     *
     * @return one sample per iteration, in the order measured
     * @throws IterationFailedException on the first failing iteration; a failing iteration is
     *     never a sample
     */
    public long[] timed(Iteration iteration, int iterations) throws IterationFailedException {
        return measured("timed", "t", iteration, iterations);
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
        for (int i = 0; i < samples.length; i++) {
            try {
                samples[i] = iteration.run(tag(tagPrefix, i));
            } catch (Exception e) {
                throw new IterationFailedException(pass, i, e);
            }
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
