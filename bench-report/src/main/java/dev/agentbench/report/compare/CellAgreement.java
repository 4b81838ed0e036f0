package dev.agentbench.report.compare;

import java.util.List;
import java.util.Objects;

/**
 * One cell (target and cell name) as two runs of one plan have it, for {@link Agreement}.
 *
 * @param target the target
 * @param name the cell's name, {@code turn5_c8}
 * @param benchmark the benchmark
 * @param concurrency sessions per iteration
 * @param a the first run's median in nanoseconds (the median of its forks' medians); {@code null} when
 *     that run has no OK cell of this name
 * @param b the second run's, the same way
 * @param ratioA the first run's median over its baseline's median of the same cell name; {@code null}
 *     for the baseline itself and when either median is missing
 * @param ratioB the second run's, the same way
 * @param cpuA the first run's CPU time per iteration in nanoseconds; {@code null} when not measured
 * @param cpuB the second run's
 * @param allocatedA the first run's bytes allocated per iteration; {@code null} when not measured
 * @param allocatedB the second run's
 * @param note why the cell's median is not held to the bound, in one line ({@code not steady in B: …});
 *     {@code null} when it is
 * @param ratioNote why its ratio is not held to the bound although its median is ({@code the baseline
 *     wire is not steady in A}); {@code null} when it is, when the cell is the baseline, and when the
 *     median is not held either
 * @param figures the kind's own figures both runs' OK cells have, shown and never judged; empty when none
 * @param retainedA the first run's heap retained per agent or session, the headline of a footprint or
 *     session-growth cell; {@code null} when that run has no OK cell with one
 * @param retainedB the second run's, the same way
 * @param retainedUnit what the retained heap is per ({@code agent}, {@code session}); {@code null} without it
 */
public record CellAgreement(
        String target,
        String name,
        String benchmark,
        int concurrency,
        Double a,
        Double b,
        Double ratioA,
        Double ratioB,
        Double cpuA,
        Double cpuB,
        Double allocatedA,
        Double allocatedB,
        String note,
        String ratioNote,
        List<FigureChange> figures,
        Double retainedA,
        Double retainedB,
        String retainedUnit) {

    public CellAgreement {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(name, "name");
        figures = figures == null ? List.of() : List.copyOf(figures);
        if (note == null && (a == null || b == null)) {
            throw new IllegalArgumentException("A checked cell needs both medians: " + target + "/" + name);
        }
    }

    /** {@code target/name}, as the reports name a cell. */
    public String id() {
        return target + "/" + name;
    }

    /** Whether the cell's median is held to the bound: OK, steady and undisturbed in both runs. */
    public boolean checked() {
        return note == null;
    }

    /** Whether its ratio to the baseline is held to the bound too. */
    public boolean ratioChecked() {
        return checked() && ratioNote == null && ratioA != null && ratioB != null;
    }

    /** {@code b ÷ a − 1}: how far the second run's median lies from the first's; {@code null} without both. */
    public Double change() {
        return change(a, b);
    }

    /** How far the second run's ratio to the baseline lies from the first's; {@code null} without both. */
    public Double ratioChange() {
        return change(ratioA, ratioB);
    }

    /** How far the second run's CPU time per iteration lies from the first's; {@code null} without both. */
    public Double cpuChange() {
        return change(cpuA, cpuB);
    }

    /** How far the second run's allocation per iteration lies from the first's; {@code null} without both. */
    public Double allocatedChange() {
        return change(allocatedA, allocatedB);
    }

    /**
     * Whether its retained heap is held to the median's bound: both runs ended the cell OK with a
     * retained figure. A heap reading is not a timed sample, so a fork that was not steady or was
     * disturbed while timed does not keep it from being held.
     */
    public boolean retainedChecked() {
        return retainedA != null && retainedB != null;
    }

    /** How far the second run's retained heap lies from the first's; {@code null} without both. */
    public Double retainedChange() {
        return change(retainedA, retainedB);
    }

    /**
     * Whether the retained heap is held and lies outside both its bounds: the median's, as a fraction
     * of A's figure, and {@link AgreementOptions#retainedBytesWithin()} in bytes either way.
     */
    public boolean retainedOutside(AgreementOptions options) {
        return retainedChecked() && outside(retainedChange(), options.medianWithin())
                && Math.abs(retainedB - retainedA) > options.retainedBytesWithin() + 1e-9;
    }

    /**
     * How far its retained heap moved in units of its wider bound: {@code |B − A|} over the larger of
     * the median's bound (a fraction of A's figure) and {@link AgreementOptions#retainedBytesWithin()};
     * above 1 it lies outside both ({@link #retainedOutside}). So a figure about 0 that doubled by a
     * few bytes ranks below a large one that moved past both bounds. {@code null} without both figures.
     */
    public Double retainedMoved(AgreementOptions options) {
        if (!retainedChecked()) {
            return null;
        }
        double moved = Math.abs(retainedB - retainedA);
        double bound = Math.max(options.medianWithin() * Math.abs(retainedA), options.retainedBytesWithin());
        if (bound == 0) {
            return moved == 0 ? 0.0 : Double.POSITIVE_INFINITY;
        }
        return moved / bound;
    }

    /** Whether the median is checked and lies outside the bound. */
    public boolean outside(AgreementOptions options) {
        return checked() && outside(change(), options.medianWithin());
    }

    /** Whether the ratio is checked and lies outside its bound. */
    public boolean ratioOutside(AgreementOptions options) {
        return ratioChecked() && outside(ratioChange(), options.ratioWithin());
    }

    /** A held figure with no change ({@link #change(Double, Double)} of a zero against another figure) is outside. */
    private static boolean outside(Double change, double bound) {
        return change == null || !AgreementOptions.within(change, bound);
    }

    /**
     * {@code b ÷ a − 1}; {@code null} without both figures, or when {@code a} is 0 and {@code b} is not
     * (no ratio to a zero: such a held figure lies outside any bound). Two zeros are no change.
     */
    static Double change(Double a, Double b) {
        if (a == null || b == null) {
            return null;
        }
        if (a == 0) {
            return b == 0 ? 0.0 : null;
        }
        return b / a - 1;
    }
}
