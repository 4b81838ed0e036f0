package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.report.stats.Estimate;
import dev.agentbench.report.stats.ForkIntervals;
import dev.agentbench.report.stats.ForkSamples;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes a cell allocates per operation in both runs, judged beside its time by the same rule with
 * a threshold of its own ({@link CompareOptions#allocationThreshold()}, or {@link #FLOOR_BYTES} when
 * that is more).
 *
 * <p>Allocation reproduces where time does not: two runs of the same code on a drifting machine agree
 * on it within 1% in nine cells of ten, and within 2% in 98%, because a JVM allocates the same objects
 * for the same work however fast the host is. So, unlike time, one fork a side is enough to judge it:
 * the interval is then the bootstrap of the median of each fork's memory-pass iterations (the error
 * within the JVM), and the threshold stands for what one JVM cannot show of another (the 1–2% between
 * JVMs). With two forks a side or more, the interval is the wider of that and Welch's t over the forks'
 * values, as for time ({@link ForkIntervals#ratio}).
 *
 * @param base the base side's bytes per operation, the median of its forks'
 * @param changed the new side's
 * @param estimate new ÷ base with its interval; {@code null} when not judged
 * @param verdict {@link Verdict#REGRESSION}, {@link Verdict#IMPROVEMENT}, {@link Verdict#WITHIN_THRESHOLD}
 *     or {@link Verdict#NOT_SIGNIFICANT}; {@code null} when not judged
 * @param note why it was not judged, in one line; {@code null} when it was
 */
public record AllocationChange(double base, double changed, RatioEstimate estimate, Verdict verdict, String note) {

    /**
     * The least change in bytes per operation that counts, whatever the threshold: 64 bytes, a few
     * small objects, which a JVM may allocate or not for reasons of its own (a lazily made cache, a
     * resized array).
     */
    public static final double FLOOR_BYTES = 64;

    public AllocationChange {
        if ((estimate == null) != (verdict == null) || (verdict == null) == (note == null)) {
            throw new IllegalArgumentException("An allocation change has an estimate and a verdict, or a note: ["
                    + estimate + ", " + verdict + ", " + note + "]");
        }
        if (verdict != null && !verdict.compared()) {
            throw new IllegalArgumentException("Allocation verdict [" + verdict + "] is not one of a comparison");
        }
    }

    /** Whether the new side allocates more, beyond the threshold and the noise. */
    public boolean regression() {
        return verdict == Verdict.REGRESSION;
    }

    /**
     * The allocation of two OK cells compared; {@code null} when either is missing, not OK, or has no
     * allocation figure (a JVM that does not count allocated bytes, a retained-heap cell, a cold start).
     */
    static AllocationChange of(CellResult base, CellResult changed, CompareOptions options) {
        if (base == null || changed == null || base.status() != CellStatus.OK || changed.status() != CellStatus.OK) {
            return null;
        }
        double baseBytes = bytes(base);
        double newBytes = bytes(changed);
        if (Double.isNaN(baseBytes) || Double.isNaN(newBytes)) {
            return null;
        }
        if (!(baseBytes > 0) || !(newBytes > 0)) {
            return new AllocationChange(baseBytes, newBytes, null, null,
                    "a side allocates nothing per operation: there is no ratio to judge");
        }
        ForkSamples baseForks = forks(base);
        ForkSamples newForks = forks(changed);
        if (baseForks == null || newForks == null) {
            return new AllocationChange(baseBytes, newBytes, null, null, "a side has one fork and no memory-pass "
                    + "samples (results written before they were kept, or read from summary.json): no interval");
        }
        Estimate ratio;
        try {
            ratio = ForkIntervals.ratio(baseForks, newForks, options.confidence());
        } catch (IllegalArgumentException e) {
            return new AllocationChange(baseBytes, newBytes, null, null, "no interval: " + e.getMessage());
        }
        double point = newBytes / baseBytes;
        RatioEstimate estimate = new RatioEstimate(point, Math.min(point, ratio.low()), Math.max(point, ratio.high()));
        return new AllocationChange(baseBytes, newBytes, estimate,
                Comparison.verdict(estimate, threshold(baseBytes, options.allocationThreshold())), null);
    }

    /**
     * The threshold a cell of {@code baseBytes} per operation is judged by: {@code threshold}, or {@link
     * #FLOOR_BYTES} over its bytes when that is more, so that a figure of a few hundred bytes, where one
     * object more or less is several percent, is not called changed for that object.
     */
    static double threshold(double baseBytes, double threshold) {
        return Math.min(0.99, Math.max(threshold, FLOOR_BYTES / baseBytes));
    }

    /** The cell's bytes per operation, the median of its forks' as the run wrote it; NaN when it has none. */
    private static double bytes(CellResult cell) {
        Memory memory = cell.memory();
        return memory == null || memory.allocatedBytesPerOp() == null ? Double.NaN : memory.allocatedBytesPerOp();
    }

    /**
     * The forks' allocation, each fork by its memory-pass samples when every fork has them (a sample of
     * 0 counted as 1 byte, so that a ratio exists), else by its value alone when there are two forks or
     * more; {@code null} when neither.
     */
    private static ForkSamples forks(CellResult cell) {
        List<long[]> samples = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Fork fork : cell.forksOrSelf()) {
            Memory memory = fork.memory();
            if (memory == null || memory.allocatedBytesPerOp() == null || !(memory.allocatedBytesPerOp() > 0)) {
                continue;
            }
            values.add(memory.allocatedBytesPerOp());
            if (!memory.allocationSamples().isEmpty()) {
                samples.add(memory.allocationSamples().stream().mapToLong(bytes -> Math.max(1, bytes)).toArray());
            }
        }
        if (!samples.isEmpty() && samples.size() == values.size()) {
            return ForkSamples.of(samples);
        }
        if (values.size() >= 2) {
            return ForkSamples.ofValues(values.stream().mapToDouble(Double::doubleValue).toArray(), values.size());
        }
        return null;
    }
}
