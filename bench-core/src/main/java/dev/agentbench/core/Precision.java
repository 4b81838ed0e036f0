package dev.agentbench.core;

import dev.agentbench.api.result.CellResult;
import java.util.Objects;

/**
 * Precision by request: a run that spends its forks where a cell's interval is still wide. After the
 * planned forks, each cell whose interval of its median is wider than {@code width} either side gets
 * one more fork a round, the wide cells of a row (one benchmark, every target) taking their turns one
 * after another so that the machine's drift lands on all of them alike, until it is within
 * {@code width}, or has {@code maxForks} forks, or the run's time budget ({@link
 * BenchOptions#maxDuration()}) is spent. The rule stops on the interval's width alone, never on the
 * median, so looking after every fork cannot bias the figure. Cold starts (a JVM per sample, their
 * count set by {@code --cold-starts}) are not given forks.
 *
 * <p>bench-core measures no interval itself: {@code interval} is given by whoever reads the result
 * ({@code dev.agentbench.report.PrecisionInterval} gives the reports' own 95% interval).
 *
 * @param width the widest interval a cell is left with, as a fraction of its median on either side:
 *     {@code 0.05} for ±5%; above 0 and below 1
 * @param maxForks the most forks a cell gets, at least 2
 * @param interval the half-width of the interval of a cell's median
 */
public record Precision(double width, int maxForks, Interval interval) {

    /** At most 12 forks a cell: four times the default's, for half its interval's width. */
    public static final int DEFAULT_MAX_FORKS = 12;

    /** How wide the interval of a cell's median is. */
    @FunctionalInterface
    public interface Interval {
        /**
         * The interval's half-width relative to the median, {@code max(high / median − 1, 1 − low /
         * median)}, of an OK cell merged from its forks so far; {@link Double#NaN} when no interval can
         * be given yet (too few forks or samples).
         */
        double halfWidth(CellResult cell);
    }

    public Precision {
        Objects.requireNonNull(interval, "interval");
        if (!(width > 0 && width < 1)) {
            throw new IllegalArgumentException("Precision [" + width + "] must be above 0 and below 1");
        }
        if (maxForks < 2) {
            throw new IllegalArgumentException("Precision's max forks [" + maxForks + "] must be at least 2");
        }
    }
}
