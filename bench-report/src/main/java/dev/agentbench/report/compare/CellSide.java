package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.report.stats.ForkSamples;
import java.util.List;
import java.util.Optional;

/**
 * One run's side of a compared cell.
 *
 * @param status how the cell ended in that run
 * @param error why it did not end OK; {@code null} when it did
 * @param samples how many timed samples it has, over every fork
 * @param median the median of its forks' medians in nanoseconds (of one fork's samples for a result
 *     of format 1); its reported median when it has no samples; {@code null} when it is not OK
 * @param forks how many forks (fresh JVMs) it ran in; 1 for a result of format 1, 0 when it has no time
 */
public record CellSide(CellStatus status, String error, int samples, Double median, int forks) {

    static CellSide of(CellResult cell) {
        Double median = null;
        if (cell.status() == CellStatus.OK) {
            Optional<ForkSamples> forks = ForkSamples.of(cell);
            median = forks.map(ForkSamples::median).orElse(cell.time() == null ? null : cell.time().median());
        }
        int samples = cell.forksOrSelf().stream().mapToInt(fork -> fork.samples().size()).sum();
        return new CellSide(cell.status(), cell.error(), samples, median, cell.forksOrSelf().size());
    }

    /** Whether every fork of the cell has samples. */
    static boolean everyForkHasSamples(CellResult cell) {
        return cell.forksOrSelf().stream().map(Fork::samples).noneMatch(List::isEmpty);
    }
}
