package dev.agentbench.report.stats;

import java.util.Arrays;
import java.util.List;

/**
 * How fast a cost grows with a parameter: the exponent {@code k} of {@code cost(x) ≈ a + b·x^k}, with
 * {@code a, b ≥ 0}, fitted to a sweep's points, and its interval from the forks.
 *
 * <p>Why not the slope of {@code log cost} against {@code log x}: every turn pays a constant floor
 * (the harness, the loopback, the framework's fixed work), and the log–log slope of {@code a + b·x²}
 * over 1, 16, 64, 256 reads 1.87 when {@code a} equals {@code b}, and below 1 when {@code a} is far
 * above it: the floor flattens the low end. Fitting the floor {@code a} beside the growing part reads the exponent of the growing part
 * itself: 2 for {@code a + b·x²}, 1 for {@code a + b·x}, whatever {@code a}.
 *
 * <p>The fit: for each {@code k} on a grid from 0 to {@value #MAX_EXPONENT} in steps of 0.05, then in
 * steps of {@value #STEP} around the best of those, {@code a} and {@code b} by least squares of the
 * relative residuals {@code (a + b·x^k − y) / y} (so that the cheap end of a sweep counts as much as
 * the dear one), kept non-negative (when the free fit makes one negative, {@code a = 0} with {@code b}
 * refitted, or {@code b = 0}, a flat line, whichever fits better); the {@code k} of the least squares
 * wins. A curve whose fitted rise
 * across the sweep, {@code b·(x_max^k − x_min^k)}, is below {@value #FLAT_RISE} of its fitted cost at the
 * smallest {@code x} is <em>flat</em>, and its exponent is 0: there is no growth to give an order to.
 * A fit needs at least {@value #MIN_POINTS} points (three unknowns), at distinct {@code x > 0}, each
 * cost above 0.
 *
 * <p>The interval: the fit again on {@value #RESAMPLES} resamples of the forks, each point's cost the
 * median of its forks drawn with replacement, and the 2.5% and 97.5% quantiles of the exponents (for
 * 95%). A cost is superlinear when the interval's lower bound exceeds {@value #SUPERLINEAR_ABOVE}. A point of one fork stays as it is; with one fork at every point there is no interval. An
 * interval wider than {@value #DETERMINED_WIDTH} leaves the exponent undetermined ({@link #determined}).
 */
public final class GrowthExponent {

    /** The largest exponent the grid tries. */
    public static final double MAX_EXPONENT = 4.0;

    /** The grid's step. */
    public static final double STEP = 0.005;

    /** The rise across a sweep, as a fraction of its cost at the smallest value, below which it is flat. */
    public static final double FLAT_RISE = 0.05;

    /** The fewest points a fit takes. */
    public static final int MIN_POINTS = 3;

    /**
     * The exponent an interval's lower bound must exceed for a cost to be flagged superlinear: 1, and
     * the tolerance within which a known linear cost reads 1 (a cost of exponent 1.05 is linear for any
     * purpose, and a precise measurement of it must not be flagged).
     */
    public static final double SUPERLINEAR_ABOVE = 1.1;

    /**
     * The widest interval an exponent may have and still be given as a number: 2, as wide as from flat
     * to quadratic. Wider, the rise across the sweep is within what the forks scatter (a cost that barely
     * grows fits anything from 0 to {@value #MAX_EXPONENT}), and the reports call it undetermined.
     */
    public static final double DETERMINED_WIDTH = 2.0;

    /** Resamples of the forks for an interval. */
    public static final int RESAMPLES = 1000;

    /** The coarse grid's step: its best {@code k} is then refined in steps of {@link #STEP} around it. */
    private static final double COARSE = 0.05;

    private static final int COARSE_STEPS = (int) Math.round(MAX_EXPONENT / COARSE);

    private GrowthExponent() {}

    /**
     * A fitted curve {@code a + b·x^k}.
     *
     * @param exponent {@code k}; 0 when flat
     * @param floor {@code a}, the cost that does not grow
     * @param scale {@code b}; 0 when flat
     * @param flat whether the curve rises less than {@value #FLAT_RISE} of its cost at the smallest x
     */
    public record Fit(double exponent, double floor, double scale, boolean flat) {

        /** The fitted cost at {@code x}. */
        public double at(double x) {
            return floor + scale * Math.pow(x, exponent);
        }
    }

    /**
     * The fit of {@code y} against {@code x}.
     *
     * @throws IllegalArgumentException when the points cannot be fitted: fewer than {@value #MIN_POINTS},
     *     lengths that differ, an {@code x} that is not above 0 or repeats, a {@code y} that is not above 0
     */
    public static Fit fit(double[] x, double[] y) {
        check(x, y);
        int n = x.length;
        double[] w = new double[n];
        double[] logX = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = 1 / (y[i] * y[i]);
            logX[i] = Math.log(x[i]);
        }
        double sw = 0;
        double sy = 0;
        for (int i = 0; i < n; i++) {
            sw += w[i];
            sy += w[i] * y[i];
        }
        // the flat candidate (b = 0) is the same at every k
        double flatA = sy / sw;
        double best = sse(x, y, w, flatA, 0, 0);
        Candidate coarse = new Candidate(0, flatA, 0, best);
        for (int step = 1; step <= COARSE_STEPS; step++) {
            coarse = better(coarse, at(step * COARSE, logX, y, w, sw, sy));
        }
        Candidate fine = coarse;
        for (double k = coarse.k - COARSE; k <= coarse.k + COARSE + STEP / 2; k += STEP) {
            if (k > 0 && k <= MAX_EXPONENT + STEP / 2) {
                fine = better(fine, at(k, logX, y, w, sw, sy));
            }
        }
        double bestK = fine.k;
        double bestA = fine.a;
        double bestB = fine.b;
        double smallest = Arrays.stream(x).min().getAsDouble();
        double largest = Arrays.stream(x).max().getAsDouble();
        double rise = bestB * (Math.pow(largest, bestK) - Math.pow(smallest, bestK));
        double base = bestA + bestB * Math.pow(smallest, bestK);
        if (bestB == 0 || rise < FLAT_RISE * base) {
            return new Fit(0, flatA, 0, true);
        }
        return new Fit(bestK, bestA, bestB, false);
    }

    /**
     * The fit's exponent with its interval at {@code confidence}, from the forks' values at each point.
     * The point estimate is the fit of each point's median over its forks.
     *
     * @param x the sweep's values, as {@link #fit}
     * @param forks for each point, its forks' values, at least one each, every one above 0
     * @param seed the seed of the resampling: the same data and seed give the same interval
     * @return the exponent with its interval; when every point has a single fork there is nothing to
     *     resample, and {@code low} and {@code high} are the exponent itself
     */
    public static Estimate exponent(double[] x, List<double[]> forks, double confidence, long seed) {
        if (forks.size() != x.length) {
            throw new IllegalArgumentException("A sweep of [" + x.length + "] points has forks for [" + forks.size()
                    + "]");
        }
        double[] medians = new double[x.length];
        boolean resamplable = false;
        for (int i = 0; i < x.length; i++) {
            double[] values = forks.get(i);
            if (values.length == 0) {
                throw new IllegalArgumentException("Point [" + x[i] + "] has no fork's value");
            }
            medians[i] = median(values.clone());
            resamplable |= values.length > 1;
        }
        double exponent = fit(x, medians).exponent();
        if (!resamplable) {
            return new Estimate(exponent, exponent, exponent);
        }
        SplitMix64 random = new SplitMix64(seed);
        double[] exponents = new double[RESAMPLES];
        double[] resampled = new double[x.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < x.length; i++) {
                double[] values = forks.get(i);
                double[] drawn = new double[values.length];
                for (int j = 0; j < drawn.length; j++) {
                    drawn[j] = values[random.nextInt(values.length)];
                }
                resampled[i] = median(drawn);
            }
            exponents[r] = fit(x, resampled).exponent();
        }
        Arrays.sort(exponents);
        double tail = (1 - confidence) / 2;
        double low = quantile(exponents, tail);
        double high = quantile(exponents, 1 - tail);
        return new Estimate(exponent, Math.min(low, exponent), Math.max(high, exponent));
    }

    /**
     * Whether a cost grows faster than linearly: its exponent's interval lies wholly above {@value
     * #SUPERLINEAR_ABOVE} (its lower bound exceeds it). Without an interval (a single fork at every
     * point), whether the exponent itself exceeds it.
     */
    public static boolean superlinear(Estimate exponent) {
        return exponent.low() > SUPERLINEAR_ABOVE;
    }

    /**
     * Whether the forks pin the exponent down: its interval is at most {@value #DETERMINED_WIDTH} wide.
     * Without an interval (a single fork at every point) there is nothing to say otherwise.
     */
    public static boolean determined(Estimate exponent) {
        return exponent.high() - exponent.low() <= DETERMINED_WIDTH;
    }

    /**
     * The plain log–log least-squares slope of the points, which a constant floor biases low; for
     * comparison only (the reports give {@link #fit}'s exponent).
     */
    public static double logLogSlope(double[] x, double[] y) {
        check(x, y);
        int n = x.length;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += Math.log(x[i]) / n;
            my += Math.log(y[i]) / n;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (Math.log(x[i]) - mx) * (Math.log(y[i]) - my);
            sxx += (Math.log(x[i]) - mx) * (Math.log(x[i]) - mx);
        }
        return sxy / sxx;
    }

    private static void check(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("A sweep needs a cost for each of its [" + x.length + "] values, got ["
                    + y.length + "]");
        }
        if (x.length < MIN_POINTS) {
            throw new IllegalArgumentException("A growth exponent needs at least " + MIN_POINTS + " points, got ["
                    + x.length + "]");
        }
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] > 0) || Double.isInfinite(x[i])) {
                throw new IllegalArgumentException("A sweep's value must be above 0, was [" + x[i] + "]");
            }
            if (!(y[i] > 0) || Double.isInfinite(y[i])) {
                throw new IllegalArgumentException("A cost must be above 0, was [" + y[i] + "] at [" + x[i] + "]");
            }
            for (int j = 0; j < i; j++) {
                if (x[j] == x[i]) {
                    throw new IllegalArgumentException("A sweep's value [" + x[i] + "] is there twice");
                }
            }
        }
    }

    /** A fit at one {@code k}, with its weighted squared error. */
    private record Candidate(double k, double a, double b, double error) {}

    private static Candidate better(Candidate one, Candidate other) {
        return other.error < one.error ? other : one;
    }

    /** The least squares at {@code k}: {@code a} and {@code b} both free when both come out non-negative, else {@code a = 0}. */
    private static Candidate at(double k, double[] logX, double[] y, double[] w, double sw, double sy) {
        int n = y.length;
        double[] u = new double[n];
        double su = 0;
        double suu = 0;
        double suy = 0;
        for (int i = 0; i < n; i++) {
            u[i] = Math.exp(k * logX[i]);
            su += w[i] * u[i];
            suu += w[i] * u[i] * u[i];
            suy += w[i] * u[i] * y[i];
        }
        double b0 = suy / suu; // a = 0: b alone, never negative
        Candidate best = new Candidate(k, 0, b0, sse(u, y, w, 0, b0));
        double det = sw * suu - su * su;
        if (det > 1e-12 * sw * suu) {
            double freeA = (suu * sy - su * suy) / det;
            double freeB = (sw * suy - su * sy) / det;
            if (freeA >= 0 && freeB >= 0) {
                best = better(best, new Candidate(k, freeA, freeB, sse(u, y, w, freeA, freeB)));
            }
        }
        return best;
    }

    private static double sse(double[] u, double[] y, double[] w, double a, double b) {
        double sum = 0;
        for (int i = 0; i < y.length; i++) {
            double r = a + b * u[i] - y[i];
            sum += w[i] * r * r;
        }
        return sum;
    }

    private static double sse(double[] x, double[] y, double[] w, double a, double b, double k) {
        double[] u = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            u[i] = Math.pow(x[i], k);
        }
        return sse(u, y, w, a, b);
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** The {@code p} quantile of sorted values, interpolated between neighbours. */
    private static double quantile(double[] sorted, double p) {
        double position = p * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
    }
}
