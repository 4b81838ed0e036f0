package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.core.Precision;
import dev.agentbench.report.stats.Estimate;
import java.util.Optional;

/**
 * {@link Precision}'s width, measured as the reports measure it: the 95% interval of a cell's median
 * that report.md, report.html and summary.json give, with the same rules for too few forks or
 * samples, so that a run stops adding forks to a cell exactly when its report shows an interval that
 * narrow.
 */
public final class PrecisionInterval implements Precision.Interval {

    @Override
    public double halfWidth(CellResult cell) {
        Optional<Estimate> estimate = new Intervals().median(cell);
        if (estimate.isEmpty() || !(estimate.get().value() > 0)) {
            return Double.NaN;
        }
        Estimate median = estimate.get();
        return Math.max(median.high() / median.value() - 1, 1 - median.low() / median.value());
    }
}
