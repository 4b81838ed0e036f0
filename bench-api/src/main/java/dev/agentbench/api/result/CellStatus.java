package dev.agentbench.api.result;

/** How a cell ended. */
public enum CellStatus {
    /** Every iteration passed its checks; the statistics are valid. */
    OK,
    /** The child failed: a check, an exception, a non-zero exit, or no result file. */
    FAILED,
    /** The child did not finish within the cell timeout and was destroyed. */
    TIMEOUT,
    /** The cell was planned but has no result: the run ended before it ran. */
    MISSING,
    /**
     * The target cannot do what the cell asks of it by design, not by failure: a target whose framework
     * cannot stream, in a cell that observes the stream. The reason is the result's {@code error}; the
     * cell has no figures, is never compared, and does not fail the run.
     */
    NOT_APPLICABLE;

    /** Whether a cell that ended so counts against its run: every status but {@link #OK} and {@link #NOT_APPLICABLE}. */
    public boolean failure() {
        return this != OK && this != NOT_APPLICABLE;
    }

    /**
     * How the reports and the progress line name it before the reason: {@code not applicable} for
     * {@link #NOT_APPLICABLE}, the constant's name for the others ({@code FAILED}).
     */
    public String label() {
        return this == NOT_APPLICABLE ? "not applicable" : name();
    }
}
