package dev.agentbench.core.host;

import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Warmup;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outlier forks of a cell: a fork, undisturbed by the machine, whose median lies outside the
 * range of its siblings' medians by more than {@link #SPREADS} times that range, and by more than
 * {@link #LEAST_SHARE} of the siblings' nearest median. Only a cell of at least {@link #LEAST_FORKS}
 * undisturbed forks has any, since the siblings must have a spread. Such a fork differs for reasons of
 * its own JVM (a JIT compilation, a deoptimization, the GC's sizing); it stays in the data and in the
 * statistics, and is named with its figures against its siblings'.
 */
final class OutlierForks {

    /** How many times the siblings' spread a fork's median must lie beyond their range. */
    static final double SPREADS = 3.0;

    /** How far beyond the siblings' nearest median it must lie at least, as a share of that median. */
    static final double LEAST_SHARE = 0.25;

    /** The fewest undisturbed forks a cell needs to have an outlier. */
    static final int LEAST_FORKS = 3;

    private OutlierForks() {}

    /** Whether {@code median} is an outlier against {@code siblings}' medians (at least two). */
    static boolean outlier(double median, double[] siblings) {
        if (siblings.length < LEAST_FORKS - 1) {
            return false;
        }
        double low = java.util.Arrays.stream(siblings).min().getAsDouble();
        double high = java.util.Arrays.stream(siblings).max().getAsDouble();
        double spread = high - low;
        double beyond = median > high ? median - high : median < low ? low - median : 0;
        double nearest = median > high ? high : low;
        return beyond > SPREADS * spread && beyond > LEAST_SHARE * nearest;
    }

    /**
     * The forks with each outlier marked, in their order: only forks in the statistics and not
     * disturbed are judged, each against the others of them.
     */
    static List<Fork> mark(List<Fork> forks) {
        List<Fork> judged = forks.stream().filter(fork -> !fork.excluded() && !fork.disturbed()).toList();
        if (judged.size() < LEAST_FORKS) {
            return forks;
        }
        List<Fork> marked = new ArrayList<>(forks.size());
        for (Fork fork : forks) {
            if (!judged.contains(fork)) {
                marked.add(fork);
                continue;
            }
            double[] siblings = judged.stream().filter(other -> other != fork)
                    .mapToDouble(other -> other.time().median()).toArray();
            marked.add(fork.withOutlier(outlier(fork.time().median(), siblings)));
        }
        return marked;
    }

    /**
     * What a cell's warning says of an outlier fork: its median, CPU per operation, warm-up shape and
     * time to steady against the other judged forks', for example {@code fork 2 is an outlier of its
     * own JVM: median 562 µs against 220–224 µs; CPU 496 µs/op against 185–186 µs; shape SLOWDOWN
     * against STEADY; steady after 9.1 s against 8.0–8.4 s}.
     */
    static String describe(Fork outlier, List<Fork> forks) {
        List<Fork> others = forks.stream().filter(fork -> !fork.excluded() && !fork.disturbed() && fork != outlier)
                .toList();
        StringBuilder text = new StringBuilder("fork ").append(outlier.fork())
                .append(NoiseGuard.OUTLIER).append("median ").append(nanos(outlier.time().median()))
                .append(" against ").append(range(others.stream().mapToDouble(fork -> fork.time().median()).toArray()));
        if (outlier.cpu() != null && others.stream().allMatch(fork -> fork.cpu() != null)) {
            text.append("; CPU ").append(nanos(outlier.cpu().nanosPerOp())).append("/op against ")
                    .append(range(others.stream().mapToDouble(fork -> fork.cpu().nanosPerOp()).toArray()));
        }
        Warmup warmup = outlier.warmup();
        if (warmup != null && others.stream().allMatch(fork -> fork.warmup() != null)) {
            text.append("; shape ").append(warmup.shape()).append(" against ").append(String.join(", ",
                    others.stream().map(fork -> fork.warmup().shape().name()).distinct().toList()));
            text.append("; ").append(warmup.capped() ? "capped" : "steady").append(" after ")
                    .append(seconds(warmup.nanos())).append(" against ")
                    .append(secondsRange(others.stream().mapToDouble(fork -> fork.warmup().nanos()).toArray()));
        }
        return text.toString();
    }

    private static String range(double[] values) {
        double low = java.util.Arrays.stream(values).min().orElse(Double.NaN);
        double high = java.util.Arrays.stream(values).max().orElse(Double.NaN);
        String from = nanos(low);
        String to = nanos(high);
        String unit = to.substring(to.indexOf(' '));
        return from.equals(to) ? to
                : (from.endsWith(unit) ? from.substring(0, from.length() - unit.length()) : from) + "–" + to;
    }

    private static String secondsRange(double[] values) {
        double low = java.util.Arrays.stream(values).min().orElse(Double.NaN);
        double high = java.util.Arrays.stream(values).max().orElse(Double.NaN);
        return seconds(low).equals(seconds(high)) ? seconds(low)
                : String.format(Locale.ROOT, "%.1f–%.1f s", low / 1e9, high / 1e9);
    }

    private static String seconds(double nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** Nanoseconds in the unit a reader takes in at a glance: ns, µs or ms. */
    static String nanos(double nanos) {
        if (nanos >= 1e6) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        if (nanos >= 1e3) {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f ns", nanos);
    }
}
