package dev.agentbench.core.measure;

import dev.agentbench.api.result.Warmup;
import java.util.ArrayList;
import java.util.List;

/**
 * What a fork's warm-up did, before the timed pass: how long it ran, how many iterations, whether it
 * hit its cap, and its window medians.
 *
 * @param nanos how long it ran
 * @param iterations how many iterations ran
 * @param capped whether it stopped at its cap without finding a steady state
 * @param windows its windows, in order
 * @param compileShare the share of its last window's wall time the JIT compiler spent compiling; NaN
 *     where the clock does not tell ({@link JitClock}) or there was no window
 */
record WarmupRun(long nanos, int iterations, boolean capped, List<Warmup.Window> windows, double compileShare) {

    public WarmupRun {
        windows = List.copyOf(windows);
    }

    /** A warm-up whose compiler activity is not known. */
    WarmupRun(long nanos, int iterations, boolean capped, List<Warmup.Window> windows) {
        this(nanos, iterations, capped, windows, Double.NaN);
    }

    /** Whether it reached its cap while the JIT compiler was still busy: one reason it could not settle. */
    boolean compilerBusy() {
        return capped && compileShare > Passes.JIT_QUIET_SHARE;
    }

    /**
     * The fork's {@link Warmup}: these windows, then the timed pass cut into windows of about
     * {@code settings.window()} of summed sample time (at least {@code settings.windowIterations()}
     * samples each), and the shape of the whole series by {@code settings.band()}.
     */
    public Warmup withTimed(long[] timed, PassSettings settings) {
        return withTimed(timed, 1, settings);
    }

    /**
     * As {@link #withTimed(long[], PassSettings)} for samples that are each the mean of {@code
     * perSample} operations timed together: a sample stands for {@code perSample} times its value of
     * the pass's time, and its window counts {@code perSample} iterations a sample.
     */
    public Warmup withTimed(long[] timed, int perSample, PassSettings settings) {
        long windowNanos = settings.window().toNanos();
        int least = settings.windowIterations();
        List<Warmup.Window> curve = new ArrayList<>(windows);
        long at = nanos;
        long sum = 0;
        int from = 0;
        for (int i = 0; i < timed.length; i++) {
            sum += timed[i] * perSample;
            boolean last = i == timed.length - 1;
            int count = i + 1 - from;
            if ((sum >= windowNanos && count >= least) || last) {
                if (last && count < least && curve.size() > windows.size()) {
                    // too few to stand alone: folded into the window before
                    Warmup.Window previous = curve.remove(curve.size() - 1);
                    from -= previous.iterations() / perSample;
                    count += previous.iterations() / perSample;
                }
                at += sum;
                curve.add(new Warmup.Window(Warmup.TIMED_PHASE, at, count * perSample,
                        SeriesShape.median(toDoubles(timed, from, i + 1), 0, count)));
                sum = 0;
                from = i + 1;
            }
        }
        double[] medians = curve.stream().mapToDouble(Warmup.Window::median).toArray();
        return new Warmup(nanos, iterations, capped, SeriesShape.classify(medians, windows.size(), settings.band()), curve);
    }

    private static double[] toDoubles(long[] values, int from, int to) {
        double[] out = new double[to - from];
        for (int i = from; i < to; i++) {
            out[i - from] = values[i];
        }
        return out;
    }
}
