package dev.agentbench.report.compare;

import java.util.Objects;

/**
 * How closely two runs of one plan must agree.
 *
 * @param medianWithin how far a cell's median in the second run may lie from the first's, as a
 *     fraction of the first's: {@code 0.03} for ±3%; at least 0 and below 1
 * @param ratioWithin how far a cell's ratio to the baseline may move between the runs, as a fraction
 *     of the first run's ratio: {@code 0.05} for ±5%; at least 0 and below 1
 * @param baseline the target every other is divided by; when the first run has no such target, its
 *     first target is the baseline (as in the reports)
 */
public record AgreementOptions(double medianWithin, double ratioWithin, String baseline) {

    /** Medians within ±3%: what two runs of the default passes on a quiet machine are held to. */
    public static final double DEFAULT_MEDIAN_WITHIN = 0.03;
    /** Ratios to the baseline within ±5%: a ratio carries the spread of two cells. */
    public static final double DEFAULT_RATIO_WITHIN = 0.05;

    public AgreementOptions {
        check("Median bound", medianWithin);
        check("Ratio bound", ratioWithin);
        Objects.requireNonNull(baseline, "baseline");
    }

    /** ±3% on medians, ±5% on ratios, {@code wire} as the baseline. */
    public static AgreementOptions defaults() {
        return new AgreementOptions(DEFAULT_MEDIAN_WITHIN, DEFAULT_RATIO_WITHIN,
                dev.agentbench.report.ReportOptions.DEFAULT_BASELINE);
    }

    /** Whether a change {@code b ÷ a − 1} lies within {@code bound}, either way. */
    static boolean within(double change, double bound) {
        // slack for floating point only: 1.03 ÷ 1 − 1 is not exactly 0.03
        return Math.abs(change) <= bound + 1e-9;
    }

    private static void check(String what, double bound) {
        if (!(bound >= 0 && bound < 1)) {
            throw new IllegalArgumentException(what + " [" + bound + "] must be at least 0 and below 1");
        }
    }
}
