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
    MISSING
}
