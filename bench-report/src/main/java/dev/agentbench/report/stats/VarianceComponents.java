package dev.agentbench.report.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the variance of one figure of a cell lies, level by level, after Kalibera and Jones
 * ("Rigorous Benchmarking in Reasonable Time", ISMM 2013): within a fork (the sampling noise of one
 * JVM's median), between forks (JVMs of one run), and between runs (the same plan run again, minutes
 * or days later). Each is a variance of the natural logarithm of the figure, so that its square root
 * reads as a relative spread (0.05 is about 5%) and cells of different sizes compare.
 *
 * <p>The estimates are the method of moments of a nested design, each level's observed variance less
 * what the level below contributes to it:
 * <ul>
 *   <li><em>within</em>: the mean over forks of the sampling variance of a fork's median, {@code
 *   π/2 · s² / n} with {@code s} the fork's log samples' scaled median absolute deviation (robust to
 *   the slow iterations every fork has);</li>
 *   <li><em>between forks</em>: the pooled variance of the forks' log medians about their run's mean,
 *   less <em>within</em>;</li>
 *   <li><em>between runs</em>: the variance of the runs' mean log medians, less the pooled fork
 *   variance over the forks a run has (their harmonic mean).</li>
 * </ul>
 * An estimate can fall below zero where a level adds nothing that the data can tell from the level
 * below; it is kept as it is, so that estimates of many cells average without a bias ({@link
 * #pooled}), and read as zero ({@link #betweenForks()}, {@link #betweenRuns()}).
 *
 * @param within the variance within a fork; {@code null} when the forks carry no samples (a figure
 *     measured once a fork, or a run read from its summary)
 * @param forkEstimate the estimate of the variance between forks of one run, perhaps below zero; it
 *     holds the within-fork noise too when {@code within} is {@code null}
 * @param runEstimate the estimate of the variance between runs, perhaps below zero; {@code null}
 *     with one run
 * @param runs how many runs the figure was read from
 * @param forks how many forks in all
 * @param forksPerRun the harmonic mean of the forks a run has
 * @param samplesPerFork the median number of samples a fork's median is of; 0 without samples
 */
public record VarianceComponents(Double within, double forkEstimate, Double runEstimate, int runs, int forks,
        double forksPerRun, long samplesPerFork) {

    /** The 97.5% point of the normal distribution: a 95% interval is ± this many standard errors. */
    public static final double Z95 = 1.959964;

    /** The scaled median absolute deviation's factor: the standard deviation of a normal distribution. */
    private static final double MAD_SCALE = 1.4826;

    /**
     * One fork's figure.
     *
     * @param value the fork's figure (its median, for a figure with samples), above 0
     * @param samples the samples the value is the median of; empty when the figure is measured once a
     *     fork
     */
    public record ForkValue(double value, double[] samples) {

        public ForkValue {
            if (!(value > 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("A fork's figure [" + value + "] must be above 0");
            }
            samples = samples.clone();
        }

        /** A figure measured once a fork. */
        public static ForkValue of(double value) {
            return new ForkValue(value, new double[0]);
        }
    }

    /**
     * The components of a figure from {@code runs}, each the list of its forks' values. Runs without
     * a fork are left out.
     *
     * @throws IllegalArgumentException when no run has two forks: one fork a run cannot tell forks apart
     */
    public static VarianceComponents of(List<List<ForkValue>> runs) {
        List<List<ForkValue>> used = runs.stream().filter(run -> !run.isEmpty()).toList();
        int forks = used.stream().mapToInt(List::size).sum();
        int df = forks - used.size();
        if (df < 1) {
            throw new IllegalArgumentException("Variance components need a run with two forks at least; forks a run: "
                    + used.stream().map(List::size).toList());
        }
        boolean sampled = used.stream().flatMap(List::stream).allMatch(fork -> fork.samples().length >= 2);
        double withinSum = 0;
        List<Long> counts = new ArrayList<>();
        double pooled = 0;
        double[] runMeans = new double[used.size()];
        double inverseForks = 0;
        for (int r = 0; r < used.size(); r++) {
            List<ForkValue> run = used.get(r);
            double mean = run.stream().mapToDouble(fork -> Math.log(fork.value())).average().orElseThrow();
            for (ForkValue fork : run) {
                double deviation = Math.log(fork.value()) - mean;
                pooled += deviation * deviation;
                if (sampled) {
                    withinSum += medianVariance(fork.samples());
                    counts.add((long) fork.samples().length);
                }
            }
            runMeans[r] = mean;
            inverseForks += 1.0 / run.size();
        }
        pooled /= df;
        Double within = sampled ? withinSum / forks : null;
        double forksPerRun = used.size() / inverseForks;
        Double runEstimate = null;
        if (used.size() >= 2) {
            double grand = Arrays.stream(runMeans).average().orElseThrow();
            double spread = Arrays.stream(runMeans).map(mean -> (mean - grand) * (mean - grand)).sum()
                    / (used.size() - 1);
            runEstimate = spread - pooled / forksPerRun;
        }
        long samplesPerFork = counts.isEmpty() ? 0 : counts.stream().sorted().toList().get(counts.size() / 2);
        return new VarianceComponents(within, pooled - (within == null ? 0 : within), runEstimate, used.size(), forks,
                forksPerRun, samplesPerFork);
    }

    /**
     * The components of several cells' figures together: each level's estimates averaged as they are
     * (below zero too), the way a level's variance of cells alike is best estimated; within a fork only
     * where every cell measured it, between runs only where every cell has two runs. The runs are the
     * most any cell has, the forks all of them, the forks a run and the samples a fork their means.
     *
     * @throws IllegalArgumentException when {@code cells} is empty
     */
    public static VarianceComponents pooled(List<VarianceComponents> cells) {
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("Nothing to pool");
        }
        boolean within = cells.stream().allMatch(cell -> cell.within() != null);
        boolean runs = cells.stream().allMatch(cell -> cell.runEstimate() != null);
        return new VarianceComponents(
                within ? cells.stream().mapToDouble(VarianceComponents::within).average().orElseThrow() : null,
                cells.stream().mapToDouble(VarianceComponents::forkEstimate).average().orElseThrow(),
                runs ? cells.stream().mapToDouble(VarianceComponents::runEstimate).average().orElseThrow() : null,
                cells.stream().mapToInt(VarianceComponents::runs).max().orElseThrow(),
                cells.stream().mapToInt(VarianceComponents::forks).sum(),
                cells.stream().mapToDouble(VarianceComponents::forksPerRun).average().orElseThrow(),
                Math.round(cells.stream().mapToLong(VarianceComponents::samplesPerFork).average().orElseThrow()));
    }

    /** The variance between forks of one run: its estimate, or zero where that falls below. */
    public double betweenForks() {
        return Math.max(0, forkEstimate);
    }

    /** The variance between runs: its estimate, or zero where that falls below; {@code null} with one run. */
    public Double betweenRuns() {
        return runEstimate == null ? null : Math.max(0, runEstimate);
    }

    /** The three components' sum: the variance of one fork's log figure in a run picked at random. */
    public double total() {
        return (within == null ? 0 : within) + betweenForks() + (runEstimate == null ? 0 : betweenRuns());
    }

    /** {@code component}'s share of {@link #total()}, from 0 to 1; 0 when the total is. */
    public double share(double component) {
        double total = total();
        return total == 0 ? 0 : component / total;
    }

    /**
     * The half-width, relative, of a 95% interval over {@code forks} forks of one run: it narrows with
     * the forks; what lies between runs is not in it, since one run cannot see it.
     */
    public double halfWidth(double forks) {
        return Z95 * Math.sqrt(perFork() / forks);
    }

    /**
     * How far apart, relative, two runs of {@code forks} forks each land, as the half-width of a 95%
     * interval of their difference: the between-run component counts twice, the rest narrows with the
     * forks.
     */
    public double runToRun(double forks) {
        double oneRun = (runEstimate == null ? 0 : betweenRuns()) + perFork() / forks;
        return Z95 * Math.sqrt(2 * oneRun);
    }

    /**
     * The fewest forks a run needs for two runs to land within {@code precision} (relative: 0.05 is
     * ±5%) of each other 95 times in 100 ({@link #runToRun}); {@code null} when no number of forks
     * does, because what lies between runs alone is wider. With one run, the between-run component
     * is taken as 0.
     */
    public Integer forksFor(double precision) {
        double budget = precision * precision / (2 * Z95 * Z95) - (runEstimate == null ? 0 : betweenRuns());
        if (budget <= 0) {
            return null;
        }
        return (int) Math.max(1, Math.ceil(perFork() / budget - 1e-9));
    }

    /** What one fork's figure varies by within its run: the within-fork and between-fork parts. */
    private double perFork() {
        return (within == null ? 0 : within) + betweenForks();
    }

    /**
     * The sampling variance of the median of the logs of {@code samples}: {@code π/2 · s² / n}, with
     * {@code s} the scaled median absolute deviation. Samples of 0 or below are taken as the smallest
     * above 0 (a counter of nothing).
     */
    static double medianVariance(double[] samples) {
        double floor = Arrays.stream(samples).filter(sample -> sample > 0).min().orElse(1);
        double[] logs = Arrays.stream(samples).map(sample -> Math.log(Math.max(sample, floor))).sorted().toArray();
        double center = median(logs);
        double[] deviations = Arrays.stream(logs).map(log -> Math.abs(log - center)).sorted().toArray();
        double s = MAD_SCALE * median(deviations);
        return Math.PI / 2 * s * s / samples.length;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
