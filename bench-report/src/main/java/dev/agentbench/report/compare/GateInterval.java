package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.core.Gate;
import java.util.Objects;

/**
 * Gate mode's width, measured as {@code compare} measures it: the interval of {@link Comparison}'s
 * ratio of two cells, with the same rules for too few forks or samples, so that the run stops
 * adding forks exactly when {@code compare --between} will see an interval that narrow.
 *
 * @param options the comparison's confidence, resamples and seed (the threshold plays no part)
 */
public record GateInterval(CompareOptions options) implements Gate.Interval {

    public GateInterval {
        Objects.requireNonNull(options, "options");
    }

    /** {@code compare}'s defaults: a 99% interval. */
    public static GateInterval defaults() {
        return new GateInterval(CompareOptions.defaults());
    }

    @Override
    public double halfWidth(CellResult base, CellResult changed) {
        RatioEstimate estimate = Comparison.compare(base, changed, options).estimate();
        if (estimate == null || !(estimate.ratio() > 0)) {
            return Double.NaN;
        }
        return halfWidth(estimate);
    }

    /** {@code max(high / ratio − 1, 1 − low / ratio)}: how far the interval reaches either side of the ratio. */
    static double halfWidth(RatioEstimate estimate) {
        return Math.max(estimate.high() / estimate.ratio() - 1, 1 - estimate.low() / estimate.ratio());
    }
}
