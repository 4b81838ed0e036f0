package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;

/**
 * One run's side of a compared cell.
 *
 * @param status how the cell ended in that run
 * @param error why it did not end OK; {@code null} when it did
 * @param samples how many timed samples it has
 * @param median the median of its samples in nanoseconds; {@code null} when it has none (its
 *     reported median when it has too few to compare but some)
 */
public record CellSide(CellStatus status, String error, int samples, Double median) {

    static CellSide of(CellResult cell) {
        Double median = null;
        if (!cell.samples().isEmpty()) {
            median = RatioOfMedians.median(samplesOf(cell));
        } else if (cell.time() != null) {
            median = cell.time().median();
        }
        return new CellSide(cell.status(), cell.error(), cell.samples().size(), median);
    }

    static long[] samplesOf(CellResult cell) {
        return cell.samples().stream().mapToLong(Long::longValue).toArray();
    }
}
