package dev.agentbench.report.stats;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Fork;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The samples of one cell's forks, each fork's sorted once, ready to be resampled by {@link
 * HierarchicalBootstrap}; and the cell's headline, the median of the forks' medians. A cell read from
 * {@code summary.json} has its forks' medians without their samples ({@link #ofMedians}): then only
 * the part of {@link ForkIntervals} between JVMs applies.
 */
public final class ForkSamples {

    private final long[][] sorted;
    private final double[] forkMedians;
    private final double median;
    private final long samples;

    /** Forks known by their medians alone, of {@code samples} samples in all. */
    private ForkSamples(double[] medians, long samples) {
        this.sorted = null;
        this.forkMedians = medians.clone();
        this.median = median(medians.clone());
        this.samples = samples;
    }

    private ForkSamples(long[][] sorted) {
        this.sorted = sorted;
        double[] medians = new double[sorted.length];
        long count = 0;
        for (int i = 0; i < sorted.length; i++) {
            medians[i] = sortedMedian(sorted[i]);
            count += sorted[i].length;
        }
        this.forkMedians = medians.clone();
        this.median = median(medians);
        this.samples = count;
    }

    /**
     * A cell's forks.
     *
     * @param forks each fork's samples in nanoseconds, in any order: at least one fork, each with at
     *     least one sample, every sample positive
     * @throws IllegalArgumentException naming the fork and the value when a fork cannot be resampled
     */
    public static ForkSamples of(List<long[]> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("No forks: nothing to resample");
        }
        long[][] sorted = new long[forks.size()][];
        for (int i = 0; i < sorted.length; i++) {
            long[] fork = forks.get(i).clone();
            if (fork.length == 0) {
                throw new IllegalArgumentException("Fork [" + (i + 1) + "] has no samples");
            }
            Arrays.sort(fork);
            if (fork[0] <= 0) {
                throw new IllegalArgumentException("Fork [" + (i + 1) + "] has a sample of [" + fork[0]
                        + "] ns; times must be positive");
            }
            sorted[i] = fork;
        }
        return new ForkSamples(sorted);
    }

    /**
     * The forks of a cell that hold samples (a result of format 1 is one fork: see {@link
     * CellResult#forksOrSelf()}); empty when none does.
     *
     * @throws IllegalArgumentException naming the fork and the value when a sample is not positive
     */
    public static Optional<ForkSamples> of(CellResult cell) {
        List<long[]> forks = new ArrayList<>();
        for (Fork fork : cell.forksOrSelf()) {
            if (!fork.samples().isEmpty()) {
                forks.add(fork.samples().stream().mapToLong(Long::longValue).toArray());
            }
        }
        return forks.isEmpty() ? Optional.empty() : Optional.of(of(forks));
    }

    /**
     * A cell's forks by their medians alone, for a cell without samples (read from {@code
     * summary.json}); empty when it has no fork with a median.
     *
     * @throws IllegalArgumentException naming the fork and the value when a median is not a positive time
     */
    public static Optional<ForkSamples> ofMedians(CellResult cell) {
        List<Fork> forks = cell.forksOrSelf();
        if (forks.isEmpty()) {
            return Optional.empty();
        }
        double[] medians = new double[forks.size()];
        long samples = 0;
        for (int i = 0; i < medians.length; i++) {
            samples += forks.get(i).time().n();
            medians[i] = forks.get(i).time().median();
            if (!(medians[i] > 0) || Double.isInfinite(medians[i])) {
                throw new IllegalArgumentException("Fork [" + forks.get(i).fork() + "] has a median of [" + medians[i]
                        + "] ns; times must be positive");
            }
        }
        return Optional.of(new ForkSamples(medians, samples));
    }

    /**
     * Forks known by one positive value each (a fork's CPU time per operation, say), of {@code
     * samples} samples in all: like {@link #ofMedians}, only the part of {@link ForkIntervals} between
     * JVMs applies.
     *
     * @throws IllegalArgumentException naming the fork and the value when one is not a positive number
     */
    public static ForkSamples ofValues(double[] values, long samples) {
        if (values.length == 0) {
            throw new IllegalArgumentException("No forks: nothing to resample");
        }
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("Fork [" + (i + 1) + "] has a value of [" + values[i]
                        + "]; it must be positive");
            }
        }
        return new ForkSamples(values, samples);
    }

    /** Whether the forks have their samples, or only their medians ({@link #ofMedians}). */
    public boolean hasSamples() {
        return sorted != null;
    }

    /** How many forks. */
    public int forks() {
        return forkMedians.length;
    }

    /** How many samples, over every fork; for forks known by their medians alone, how many they had. */
    public long samples() {
        return samples;
    }

    /** Each fork's median, in the order of the forks. */
    public double[] forkMedians() {
        return forkMedians.clone();
    }

    /** The median of the forks' medians: the cell's headline. */
    public double median() {
        return median;
    }

    /**
     * One round of the two-stage bootstrap: draws as many forks as there are, with replacement; for
     * each drawn fork, the median of a resample of its samples; returns the median of those.
     *
     * @param scratch room for one value per fork
     */
    double resample(SplitMix64 random, double[] scratch) {
        if (sorted == null) {
            throw new IllegalStateException("Forks known by their medians alone cannot be resampled");
        }
        int forks = sorted.length;
        for (int i = 0; i < forks; i++) {
            scratch[i] = ResampledMedian.draw(sorted[random.nextInt(forks)], random);
        }
        return median(scratch);
    }

    private static double sortedMedian(long[] sorted) {
        return Quantiles.median().compute(sorted);
    }

    /** The median of {@code values}, which it reorders. */
    private static double median(double[] values) {
        return Quantiles.median().computeInPlace(values);
    }
}
