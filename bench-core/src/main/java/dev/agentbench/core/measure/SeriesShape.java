package dev.agentbench.core.measure;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.WarmupShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Classifies a fork's whole series of window medians (warm-up windows, then the timed pass's) by
 * changepoint analysis, as Barrett et al. do in "Virtual Machine Warmup Blows Hot and Cold" (OOPSLA
 * 2017): the series is cut by binary segmentation of the logarithms of the medians (least squares,
 * a penalty of {@code 2·σ²·ln n} with σ estimated from the median absolute first difference), where
 * a cut is kept only when the medians of its two sides differ by more than the band. Then:
 * <ul>
 *   <li>a cut inside the timed pass: {@link WarmupShape#NO_STEADY_STATE};</li>
 *   <li>no cut at all: {@link WarmupShape#FLAT};</li>
 *   <li>the last segment (the one holding the timed pass) is the fastest, within the band:
 *       {@link WarmupShape#WARMUP}; else {@link WarmupShape#SLOWDOWN}.</li>
 * </ul>
 * This is what keeps a plateau from passing for a steady state: the online test may stop on a flat
 * stretch, but a drop after it that lands in the timed pass is a cut there, and the fork is flagged.
 */
final class SeriesShape {

    /** The fewest windows a segment holds. */
    static final int MIN_SEGMENT = 2;

    private SeriesShape() {}

    /**
     * @param medians the window medians in order, warm-up first
     * @param firstTimed the index of the first window of the timed pass ({@code medians.length} when
     *     it has none)
     * @param band the least relative difference between two segments' medians that counts as a change
     */
    public static WarmupShape classify(double[] medians, int firstTimed, double band) {
        List<Integer> cuts = cuts(medians, band);
        for (int cut : cuts) {
            if (cut > firstTimed && cut < medians.length) {
                return WarmupShape.NO_STEADY_STATE;
            }
        }
        if (cuts.isEmpty()) {
            return WarmupShape.FLAT;
        }
        int lastStart = cuts.get(cuts.size() - 1);
        double last = median(medians, lastStart, medians.length);
        double fastestEarlier = Double.MAX_VALUE;
        int from = 0;
        for (int cut : cuts) {
            fastestEarlier = Math.min(fastestEarlier, median(medians, from, cut));
            from = cut;
        }
        return last <= fastestEarlier * (1 + band) ? WarmupShape.WARMUP : WarmupShape.SLOWDOWN;
    }

    /** The indices where a new segment starts, ascending; empty when the series is one segment. */
    static List<Integer> cuts(double[] medians, double band) {
        int n = medians.length;
        List<Integer> cuts = new ArrayList<>();
        if (n < 2 * MIN_SEGMENT) {
            return cuts;
        }
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(Math.max(medians[i], Double.MIN_NORMAL));
        }
        double penalty = 2 * noiseVariance(logs) * Math.log(n);
        split(logs, medians, 0, n, penalty, band, cuts);
        cuts.sort(null);
        return cuts;
    }

    private static void split(double[] logs, double[] medians, int from, int to, double penalty, double band,
            List<Integer> cuts) {
        if (to - from < 2 * MIN_SEGMENT) {
            return;
        }
        double whole = cost(logs, from, to);
        int best = -1;
        double bestCost = Double.MAX_VALUE;
        for (int cut = from + MIN_SEGMENT; cut <= to - MIN_SEGMENT; cut++) {
            double cost = cost(logs, from, cut) + cost(logs, cut, to);
            if (cost < bestCost) {
                bestCost = cost;
                best = cut;
            }
        }
        double left = median(medians, from, best);
        double right = median(medians, best, to);
        boolean apart = Math.abs(left - right) > band * Math.min(left, right);
        if (whole - bestCost <= penalty || !apart) {
            return;
        }
        cuts.add(best);
        split(logs, medians, from, best, penalty, band, cuts);
        split(logs, medians, best, to, penalty, band, cuts);
    }

    /** Sum of squared deviations from the mean over {@code [from, to)}. */
    private static double cost(double[] values, int from, int to) {
        double mean = 0;
        for (int i = from; i < to; i++) {
            mean += values[i];
        }
        mean /= to - from;
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (values[i] - mean) * (values[i] - mean);
        }
        return sum;
    }

    /**
     * The variance of one window's noise, from the median absolute first difference (robust to the
     * level shifts being looked for): a difference of two noisy values has twice the variance.
     */
    private static double noiseVariance(double[] values) {
        double[] differences = new double[values.length - 1];
        for (int i = 1; i < values.length; i++) {
            differences[i - 1] = Math.abs(values[i] - values[i - 1]);
        }
        Arrays.sort(differences);
        double mad = differences[differences.length / 2];
        double sigma = mad / 0.6745;
        return sigma * sigma / 2;
    }

    /** The median of {@code values[from, to)}, which it leaves as they are. */
    static double median(double[] values, int from, int to) {
        return Quantiles.median().computeInPlace(Arrays.copyOfRange(values, from, to));
    }
}
