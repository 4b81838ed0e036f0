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
 * @param retainedBytesWithin how far a retained heap may move between the runs in bytes per agent or
 *     session, either way, when that is wider than {@code medianWithin} of it: a figure about 0 (a
 *     framework that lets a deleted session go) moves by the heap's own noise, which no fraction of
 *     it bounds; at least 0
 */
public record AgreementOptions(double medianWithin, double ratioWithin, String baseline, double retainedBytesWithin) {

    /** Medians within ±3%: what two runs of the default passes on a quiet machine are held to. */
    public static final double DEFAULT_MEDIAN_WITHIN = 0.03;
    /** Ratios to the baseline within ±5%: a ratio carries the spread of two cells. */
    public static final double DEFAULT_RATIO_WITHIN = 0.05;
    /**
     * Retained heaps within ±32 bytes per agent or session, when wider than ±3%: at the default 500
     * sessions of {@code session_growth}, 16 KB of heap, about what a settled heap reading moves by
     * from one fork to the next (up to 34 bytes per session over the forks of the published table).
     */
    public static final double DEFAULT_RETAINED_BYTES_WITHIN = 32;

    public AgreementOptions {
        check("Median bound", medianWithin);
        check("Ratio bound", ratioWithin);
        Objects.requireNonNull(baseline, "baseline");
        if (!(retainedBytesWithin >= 0 && retainedBytesWithin < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("Retained bound [" + retainedBytesWithin + "] must be a number of "
                    + "bytes, at least 0");
        }
    }

    /** The given bounds on medians and ratios, and {@link #DEFAULT_RETAINED_BYTES_WITHIN} on retained heaps. */
    public AgreementOptions(double medianWithin, double ratioWithin, String baseline) {
        this(medianWithin, ratioWithin, baseline, DEFAULT_RETAINED_BYTES_WITHIN);
    }

    /** ±3% on medians, ±5% on ratios, ±3% or ±32 bytes on retained heaps, {@code wire} as the baseline. */
    public static AgreementOptions defaults() {
        return new AgreementOptions(DEFAULT_MEDIAN_WITHIN, DEFAULT_RATIO_WITHIN,
                dev.agentbench.report.ReportOptions.DEFAULT_BASELINE, DEFAULT_RETAINED_BYTES_WITHIN);
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
