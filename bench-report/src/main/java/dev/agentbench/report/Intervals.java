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
 * of each ratio of a cell's median to the baseline's. A cell has an interval when it has at least
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
