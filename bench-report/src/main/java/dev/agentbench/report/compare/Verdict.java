package dev.agentbench.report.compare;

/** What a comparison says of one cell. The JSON names are these constants' names. */
public enum Verdict {

    /** Slower by more than the threshold, and the interval lies wholly above 1. */
    REGRESSION("regression", true),
    /** Faster by more than the threshold, and the interval lies wholly below 1. */
    IMPROVEMENT("improvement", true),
    /** The ratio is within the threshold of 1, significant or not. */
    WITHIN_THRESHOLD("within threshold", true),
    /** The ratio is beyond the threshold, but the interval holds 1: the noise could explain it. */
    NOT_SIGNIFICANT("not significant", true),
    /** The cell is in the base run only. */
    BASE_ONLY("only in base", false),
    /** The cell is in the new run only. */
    NEW_ONLY("only in new", false),
    /** The cell did not finish OK in one of the runs or both: there is nothing to compare. */
    NOT_OK("not OK", false),
    /** One of the runs has fewer samples of the cell than an interval needs (none, for some results). */
    TOO_FEW_SAMPLES("too few samples", false),
    /**
     * One of the runs has fewer than {@link CompareOptions#MIN_FORKS} forks of the cell (every result
     * of format 1 has one): the variation between JVMs cannot be told, so the cell is not judged.
     */
    TOO_FEW_FORKS("not enough forks to judge", false),
    /**
     * In one of the runs or both, the machine disturbed a fork in the cell's statistics and no clean
     * rerun replaced it: the machine, not the code, may have moved the figure, so the cell is not
     * judged unless asked ({@link CompareOptions#judgeDisturbed()}).
     */
    DISTURBED("disturbed by the machine", false);

    private final String label;
    private final boolean compared;

    Verdict(String label, boolean compared) {
        this.label = label;
        this.compared = compared;
    }

    /** How the markdown output says it. */
    public String label() {
        return label;
    }

    /** Whether the cell's samples were compared: the four verdicts with a ratio and an interval. */
    public boolean compared() {
        return compared;
    }
}
