package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import java.util.Objects;

/**
 * Gate mode: a run that spends its forks where a verdict needs them. After the planned forks, each
 * cell that both columns have gets more forks, one of {@code base} then one of {@code changed}
 * (interleaved, so drift lands on both alike), until the interval of the ratio of their medians is
 * no wider than {@code width} either side of the ratio, or {@code maxForks} forks a side are spent,
 * or the run's time budget ({@link BenchOptions#maxDuration()}) is. The rule stops on the
 * interval's width, never on its verdict, so that looking after every pair of forks cannot make a
 * regression out of noise.
 *
 * <p>bench-core measures no interval itself: {@code interval} is given by whoever reads the
 * verdict ({@code dev.agentbench.report.compare.GateInterval} gives {@code compare}'s).
 *
 * @param base the column compared against, such as {@code langchain4j@1.16.1}
 * @param changed the column under judgement, such as {@code langchain4j@folder}
 * @param width the widest interval that settles a cell, as a fraction of the ratio on either side:
 *     {@code 0.04} for ±4%; above 0 and below 1
 * @param maxForks the most forks a side a cell gets, at least 2
 * @param interval the half-width of the interval of the ratio of two columns' cells
 */
public record Gate(String base, String changed, double width, int maxForks, Interval interval) {

    /** ±4%: with a threshold of 5%, a 10% slowdown's interval then lies wholly above 1. */
    public static final double DEFAULT_WIDTH = 0.04;
    /** At most 24 forks a side. */
    public static final int DEFAULT_MAX_FORKS = 24;

    /** How wide the interval of the ratio of two cells is. */
    @FunctionalInterface
    public interface Interval {
        /**
         * The interval's half-width relative to the ratio, {@code max(high / ratio − 1, 1 − low /
         * ratio)}, of the ratio {@code changed ÷ base} of two OK cells, each merged from its forks so
         * far; {@link Double#NaN} when no interval can be given yet (too few forks or samples).
         */
        double halfWidth(CellResult base, CellResult changed);
    }

    public Gate {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(changed, "changed");
        Objects.requireNonNull(interval, "interval");
        if (base.equals(changed)) {
            throw new IllegalArgumentException("Gate columns [" + base + "] and [" + changed + "] are the same: "
                    + "name two columns");
        }
        if (!(width > 0 && width < 1)) {
            throw new IllegalArgumentException("Gate width [" + width + "] must be above 0 and below 1");
        }
        if (maxForks < 2) {
            throw new IllegalArgumentException("Gate max forks [" + maxForks + "] must be at least 2");
        }
    }
}
