package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.report.stats.Estimate;
import dev.agentbench.report.stats.ForkIntervals;
import dev.agentbench.report.stats.ForkSamples;
import dev.agentbench.report.stats.HierarchicalBootstrap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The 95% intervals a report shows, of {@link ForkIntervals}: of each OK cell's median, and
 * of each ratio of a cell's median to the baseline's; and the one {@code jmh-result.json} gives a
 * cell's CPU time ({@link #cpu}). A cell has an interval when it has at least
 * {@link HierarchicalBootstrap#minSamples} samples at this confidence (6); without samples (read from
 * {@code summary.json}) it needs as many samples by its forks' counts and at least two forks, whose
 * medians alone then make it (Student's t over
 * the forks, no bootstrap within them); its forks are prepared once per render, since sorting their
 * samples is what costs.
 */
final class Intervals {

    /** The confidence of every interval in a report. */
    static final double CONFIDENCE = 0.95;

    private final Map<CellResult, Optional<ForkSamples>> forks = new IdentityHashMap<>();
    private final Map<CellResult, Optional<Estimate>> medians = new IdentityHashMap<>();

    /** The cell's median with its interval, the point being the median the cell reports; empty when it has none. */
    Optional<Estimate> median(CellResult cell) {
        return medians.computeIfAbsent(cell, key -> forks(key).map(samples -> holding(headline(key, samples),
                ForkIntervals.median(samples, CONFIDENCE))));
    }

    /** {@code cell}'s median over {@code base}'s with its interval; empty unless both have an interval. */
    Optional<Estimate> ratio(CellResult cell, CellResult base) {
        Optional<ForkSamples> samples = forks(cell);
        Optional<ForkSamples> baseSamples = forks(base);
        if (samples.isEmpty() || baseSamples.isEmpty()) {
            return Optional.empty();
        }
        Estimate ratio = ForkIntervals.ratio(baseSamples.get(), samples.get(), CONFIDENCE);
        return Optional.of(holding(headline(cell, samples.get()) / headline(base, baseSamples.get()), ratio));
    }

    /**
     * {@code cell}'s median time less {@code base}'s, in nanoseconds, with its interval (the same
     * resampling as {@link #ratio}); the difference alone when either has no interval; empty when
     * either has no time.
     */
    Optional<Estimate> timeOverhead(CellResult cell, CellResult base) {
        if (cell.status() != CellStatus.OK || base.status() != CellStatus.OK || cell.time() == null
                || base.time() == null) {
            return Optional.empty();
        }
        Optional<ForkSamples> samples = forks(cell);
        Optional<ForkSamples> baseSamples = forks(base);
        if (samples.isEmpty() || baseSamples.isEmpty()) {
            double shown = cell.time().median() - base.time().median();
            return Optional.of(new Estimate(shown, shown, shown));
        }
        Estimate difference = ForkIntervals.difference(baseSamples.get(), samples.get(), CONFIDENCE);
        return Optional.of(holding(headline(cell, samples.get()) - headline(base, baseSamples.get()), difference));
    }

    /**
     * {@code cell}'s CPU time per operation less {@code base}'s, in nanoseconds: with its interval
     * between JVMs when each has at least two forks that measured it (one value a fork: Welch's t over
     * them), the difference alone when a side has one; empty when either has no CPU time.
     */
    Optional<Estimate> cpuOverhead(CellResult cell, CellResult base) {
        if (cell.status() != CellStatus.OK || base.status() != CellStatus.OK || cell.cpu() == null
                || base.cpu() == null) {
            return Optional.empty();
        }
        double shown = cell.cpu().nanosPerOp() - base.cpu().nanosPerOp();
        double[] values = cpuPerFork(cell);
        double[] baseValues = cpuPerFork(base);
        if (values.length < 2 || baseValues.length < 2) {
            return Optional.of(new Estimate(shown, shown, shown));
        }
        Estimate difference = ForkIntervals.difference(ForkSamples.ofValues(baseValues, baseValues.length),
                ForkSamples.ofValues(values, values.length), CONFIDENCE);
        return Optional.of(holding(shown, difference));
    }

    /**
     * {@code cell}'s CPU time per operation in nanoseconds (per iteration, as {@link
     * dev.agentbench.api.result.Cpu#nanosPerOp}) with its interval between JVMs: Student's t on the
     * logarithms of the forks' values, the part of {@link ForkIntervals#median} for forks known by one
     * value each, so that neither bound can fall below zero; the point being the figure the reports
     * show, the median of the forks'. The reports give a cell's CPU time no interval of their own (only
     * its overhead over the baseline's, {@link #cpuOverhead}); this is the one {@code jmh-result.json}
     * gives. Empty when fewer than two forks have a positive CPU time, or the cell has none.
     */
    Optional<Estimate> cpu(CellResult cell) {
        if (cell.status() != CellStatus.OK || cell.cpu() == null || !(cell.cpu().nanosPerOp() > 0)
                || Double.isInfinite(cell.cpu().nanosPerOp())) {
            return Optional.empty();
        }
        double[] values = cpuPerFork(cell);
        if (values.length < 2) {
            return Optional.empty();
        }
        return Optional.of(holding(cell.cpu().nanosPerOp(),
                ForkIntervals.median(ForkSamples.ofValues(values, values.length), CONFIDENCE)));
    }

    /** Each fork's CPU time per operation, of the forks that have a positive one. */
    private static double[] cpuPerFork(CellResult cell) {
        return cell.forksOrSelf().stream().filter(fork -> fork.cpu() != null && fork.cpu().nanosPerOp() > 0
                && !Double.isInfinite(fork.cpu().nanosPerOp())).mapToDouble(fork -> fork.cpu().nanosPerOp()).toArray();
    }

    private Optional<ForkSamples> forks(CellResult cell) {
        return forks.computeIfAbsent(cell, key -> {
            if (key.status() != CellStatus.OK || key.time() == null) {
                return Optional.empty();
            }
            try {
                Optional<ForkSamples> samples = ForkSamples.of(key);
                if (samples.isEmpty()) {
                    samples = ForkSamples.ofMedians(key).filter(medians -> medians.forks() >= 2);
                }
                return samples.filter(some -> some.samples() >= HierarchicalBootstrap.minSamples(CONFIDENCE));
            } catch (IllegalArgumentException e) {
                return Optional.empty(); // a sample that is no time: the report shows the median alone
            }
        });
    }

    /** The median the cell reports: the median of its forks' medians, as written by the run. */
    private static double headline(CellResult cell, ForkSamples samples) {
        return cell.time() == null ? samples.median() : cell.time().median();
    }

    /** The interval, widened where needed to hold the figure the report shows beside it. */
    private static Estimate holding(double shown, Estimate estimate) {
        return new Estimate(shown, Math.min(shown, estimate.low()), Math.max(shown, estimate.high()));
    }
}
