package dev.agentbench.core.measure;

/**
 * The online trend test of a warm-up: given the window medians so far, is there a trend left? The
 * last {@code windows} medians are steady when every one lies within ±{@code band} of their median
 * and the least-squares slope of their logarithms, over the span of those windows, amounts to less
 * than half the band. A flat stretch alone is not enough to rule out a plateau, which is why the
 * whole series is classified again afterwards ({@link SeriesShape}).
 */
final class WarmupDetector {

    private final double[] recent;
    private final double band;
    private int count;

    WarmupDetector(int windows, double band) {
        if (windows < 2) {
            throw new IllegalArgumentException("Windows [" + windows + "] must be at least 2");
        }
        this.recent = new double[windows];
        this.band = band;
    }

    void add(double median) {
        if (count >= recent.length) {
            System.arraycopy(recent, 1, recent, 0, recent.length - 1);
        }
        recent[Math.min(count, recent.length - 1)] = median;
        count++;
    }

    boolean steady() {
        if (count < recent.length) {
            return false;
        }
        double center = SeriesShape.median(recent, 0, recent.length);
        for (double median : recent) {
            if (Math.abs(median - center) > band * center) {
                return false;
            }
        }
        int k = recent.length;
        double meanX = (k - 1) / 2.0;
        double meanY = 0;
        for (double median : recent) {
            meanY += Math.log(median);
        }
        meanY /= k;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < k; i++) {
            sxy += (i - meanX) * (Math.log(recent[i]) - meanY);
            sxx += (i - meanX) * (i - meanX);
        }
        double slope = sxy / sxx;
        return Math.abs(slope) * (k - 1) <= band / 2;
    }
}
