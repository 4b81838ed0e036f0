package dev.agentbench.report.stats;

/**
 * The median of one bootstrap resample of a fork's samples, drawn in constant time, without drawing
 * the resample.
 *
 * <p>A resample of {@code n} sorted samples picks {@code n} ranks uniformly with replacement; rank
 * {@code floor(n·U)} of a uniform {@code U} is one such pick, and since {@code floor} keeps order, the
 * resample's {@code k}-th smallest value sits at rank {@code floor(n·U₍ₖ₎)}, where {@code U₍ₖ₎} is the
 * {@code k}-th smallest of {@code n} independent uniforms. That order statistic has the
 * {@code Beta(k, n − k + 1)} distribution; and given {@code U₍ₖ₎ = u}, the other {@code n − k} uniforms
 * above it are uniform on {@code (u, 1)}, so the next one is {@code u + (1 − u)·(1 − V^(1/(n−k)))} for
 * a uniform {@code V}. So the resample's median — its middle value, or the mean of its two middle
 * values when {@code n} is even — is drawn from exactly the distribution that drawing {@code n} ranks
 * and sorting them would give, at the cost of two gamma draws (Marsaglia and Tsang, 2000) and one
 * uniform, whether the fork holds 10 samples or 100,000.
 *
 * <p>Every transcendental function is {@link StrictMath}'s, whose results are fixed bit for bit, so
 * that the same seed gives the same draws on every JVM, compiled or interpreted.
 */
final class ResampledMedian {

    private ResampledMedian() {}

    /**
     * The median of one resample of {@code sorted}.
     *
     * @param sorted a fork's samples, ascending, at least one
     */
    static double draw(long[] sorted, SplitMix64 random) {
        int n = sorted.length;
        if (n == 1) {
            return sorted[0];
        }
        int k = (n + 1) / 2; // the median's rank from 1 when n is odd, the lower middle one's when even
        double u = beta(k, n - k + 1, random);
        long lower = sorted[rank(u, n)];
        if (n % 2 == 1) {
            return lower;
        }
        double next = u + (1 - u) * -StrictMath.expm1(StrictMath.log(1 - random.nextDouble()) / (n - k));
        return (lower + (double) sorted[rank(next, n)]) / 2;
    }

    private static int rank(double uniform, int n) {
        return Math.min(n - 1, (int) (uniform * n));
    }

    /** A {@code Beta(a, b)} variate, {@code a, b ≥ 1}: {@code X / (X + Y)} of two gamma variates. */
    static double beta(double a, double b, SplitMix64 random) {
        double x = gamma(a, random);
        double y = gamma(b, random);
        return x / (x + y);
    }

    /** A {@code Gamma(shape, 1)} variate for {@code shape ≥ 1}, by Marsaglia and Tsang's squeeze-and-reject method. */
    static double gamma(double shape, SplitMix64 random) {
        double d = shape - 1.0 / 3;
        double c = 1 / StrictMath.sqrt(9 * d);
        while (true) {
            double x;
            double v;
            do {
                x = normal(random);
                v = 1 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = random.nextDouble();
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2 || StrictMath.log(u) < 0.5 * x2 + d * (1 - v + StrictMath.log(v))) {
                return d * v;
            }
        }
    }

    /** A standard normal variate, by Marsaglia's polar method. */
    static double normal(SplitMix64 random) {
        while (true) {
            double a = 2 * random.nextDouble() - 1;
            double b = 2 * random.nextDouble() - 1;
            double s = a * a + b * b;
            if (s > 0 && s < 1) {
                return a * StrictMath.sqrt(-2 * StrictMath.log(s) / s);
            }
        }
    }
}
