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

    private final LongSupplier clock;

    /** @param clock nanoseconds, {@code System::nanoTime} outside tests */
    public Passes(LongSupplier clock) {
        this.clock = clock;
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
                iteration.run("w" + done);
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
        long[] samples = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            try {
                samples[i] = iteration.run(tagPrefix + i);
            } catch (Exception e) {
                throw new IterationFailedException(pass, i, e);
            }
        }
        return samples;
    }
}
