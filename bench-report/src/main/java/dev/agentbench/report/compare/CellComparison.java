package dev.agentbench.report.compare;

import java.util.Objects;

/**
 * One cell (target and cell name) as the two runs have it.
 *
 * @param target the target
 * @param name the cell's name, {@code turn5_c8}
 * @param benchmark the benchmark
 * @param concurrency sessions per iteration
 * @param verdict what the comparison says
 * @param base the base run's side; {@code null} for {@link Verdict#NEW_ONLY}
 * @param changed the new run's side; {@code null} for {@link Verdict#BASE_ONLY}
 * @param estimate new ÷ base with its interval; {@code null} unless {@link Verdict#compared()}
 * @param note why the cell was not compared, in one line; {@code null} when it was
 * @param figures the kind's own figures both runs' OK cells have, shown beside the verdict and never
 *     deciding it; empty when none
 * @param allocation the bytes allocated per operation in both runs and their verdict, judged beside the
 *     time's; {@code null} when either side has no allocation figure
 */
public record CellComparison(
        String target,
        String name,
        String benchmark,
        int concurrency,
        Verdict verdict,
        CellSide base,
        CellSide changed,
        RatioEstimate estimate,
        String note,
        java.util.List<FigureChange> figures,
        AllocationChange allocation) {

    public CellComparison {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(verdict, "verdict");
        figures = figures == null ? java.util.List.of() : java.util.List.copyOf(figures);
        if (verdict.compared() != (estimate != null)) {
            throw new IllegalArgumentException("A " + verdict + " cell " + (verdict.compared() ? "needs" : "has no")
                    + " ratio estimate");
        }
    }

    /** Whether the time or the allocation of this cell regressed. */
    public boolean regression() {
        return verdict == Verdict.REGRESSION || allocationJudged() && allocation.regression();
    }

    /** Whether the cell's allocation was judged: both sides have the figure, and an interval it. */
    public boolean allocationJudged() {
        return allocation != null && allocation.verdict() != null;
    }

    /** Whether the time or the allocation of this cell was judged. */
    public boolean judged() {
        return verdict.compared() || allocationJudged();
    }

    /** {@code target/name}, as the reports name a cell. */
    public String id() {
        return target + "/" + name;
    }
}
