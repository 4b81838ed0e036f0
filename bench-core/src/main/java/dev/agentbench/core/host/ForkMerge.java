package dev.agentbench.core.host;

import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.core.kind.CellKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The parent's side of a cell of several forks: one result from what each fork's child JVM wrote.
 * Every fork is kept whole in {@link CellResult#forks()}; the cell's own figures are made from them,
 * every JVM counting alike:
 * <ul>
 *   <li>{@code time.median}, the headline, is the median of the forks' medians; the other time
 *       figures are over the forks' samples pooled;</li>
 *   <li>every other core figure (CPU per operation, allocated and retained bytes, throughput, turn
 *       latency, JVM context) is the median of the forks';</li>
 *   <li>the kind's own {@link dev.agentbench.api.result.Figure figures} as the kind merges them
 *       ({@link CellKind#merge});</li>
 *   <li>the cell is steady when every fork is;</li>
 *   <li>the cell's warnings are every fork's, each once, named by fork when the cell has several.</li>
 * </ul>
 * A cold start's forks are its JVMs, one sample each. When a fork did not end OK, the cell takes its
 * status and error, and keeps the forks that did.
 */
final class ForkMerge {

    private ForkMerge() {}

    /**
     * @param results what each fork's child gave, in the order the forks ran; each OK one carries
     *     its fork in {@code forks}
     */
    static CellResult merge(PlannedCell cell, List<CellResult> results, CellKind kind) {
        return merge(cell, results, "Fork", results.size(), kind);
    }

    /**
     * @param what what a fork is called in an error: {@code Fork}, or {@code Cold start} for a cold
     *     start's JVMs
     * @param planned how many forks the cell planned: an error says which of them failed
     * @param kind the kind of the cell's benchmark, which merges its own figures
     */
    static CellResult merge(PlannedCell cell, List<CellResult> results, String what, int planned, CellKind kind) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("A cell needs at least one fork, got [0]");
        }
        List<Fork> all = new ArrayList<>();
        for (CellResult result : results) {
            if (result.status() == CellStatus.OK) {
                for (Fork fork : result.forks().isEmpty() ? result.forksOrSelf() : result.forks()) {
                    all.add(fork.renumbered(all.size() + 1));
                }
            }
        }
        if (what.equals("Fork")) {
            all = OutlierForks.mark(all); // a cold start's JVMs are its samples, each unlike the next
        }
        // the statistics are of the forks not excluded; every fork stays in the data
        List<Fork> forks = all.stream().filter(fork -> !fork.excluded()).toList();
        for (int i = 0; i < results.size(); i++) {
            CellResult result = results.get(i);
            if (result.status() != CellStatus.OK) {
                // not applicable is the target's, the same in every fork: its reason stands alone
                String error = planned == 1 && what.equals("Fork") || result.status() == CellStatus.NOT_APPLICABLE
                        ? result.error() : what + " [" + (i + 1) + " of " + planned + "]: " + result.error();
                return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), result.status(),
                        error, null, 0, null, null, result.logTail(), null, null, null, null, List.of(), all, null,
                        warnings(all, what, planned)).withParams(cell.params());
            }
        }
        return new CellResult(RunLayout.FORMAT, cell.target(), cell.benchmark(), cell.concurrency(), cell.name(),
                CellStatus.OK, null, time(forks),
                (int) Math.round(median(forks, fork -> fork.warmup() == null ? 0 : fork.warmup().iterations())),
                steady(forks), drift(forks), List.of(), List.of(), memory(forks), throughput(forks),
                timeStats(forks, Fork::turnLatency), jvm(forks), kind.merge(cell, forks), all, cpu(forks),
                warnings(all, what, planned), cell.params());
    }

    /**
     * Every fork's warnings, in the order of the forks, each once; when the cell has several forks,
     * each after the fork's name and number: {@code fork 2: close() did not return in 10 s} ({@code cold
     * start 2: } for a cold start's JVMs).
     */
    static List<String> warnings(List<Fork> forks, String what, int planned) {
        boolean several = Math.max(planned, forks.size()) > 1;
        String name = what.toLowerCase(Locale.ROOT);
        Set<String> warnings = new LinkedHashSet<>();
        for (Fork fork : forks) {
            for (String warning : fork.warnings()) {
                warnings.add(several ? name + " " + fork.fork() + ": " + warning : warning);
            }
        }
        warnings.addAll(noiseWarnings(forks, name));
        fewOperationsWarning(forks.stream().filter(fork -> !fork.excluded()).toList(), name)
                .ifPresent(warnings::add);
        return List.copyOf(warnings);
    }

    /**
     * The fewest operations a warm-up window holds, on median, for its median to be steadier than the
     * trend test's band: with fewer, one window's median moves by as much as the band on its own noise
     * (five samples of a 10% spread: about 6%), so the test cannot tell a settled series from one still
     * warming up.
     */
    static final int FEW_WINDOW_OPERATIONS = 20;

    /**
     * Why a cell's capped forks could not settle when that is because each operation, with its untimed
     * preparation (a session of 256 earlier turns played through the framework, say), took so long
     * that a warm-up window held only a few of them: the forks capped with windows of fewer than {@link
     * #FEW_WINDOW_OPERATIONS} operations on median, and what that means for the figure. Empty when no
     * fork was capped, or every capped fork's windows held more.
     */
    static Optional<String> fewOperationsWarning(List<Fork> forks, String name) {
        List<Fork> capped = forks.stream().filter(fork -> fork.warmup() != null && fork.warmup().capped()).toList();
        List<Integer> counts = new ArrayList<>();
        for (Fork fork : capped) {
            fork.warmup().curve().stream().filter(window -> Warmup.WARMUP_PHASE.equals(window.phase()))
                    .forEach(window -> counts.add(window.iterations()));
        }
        if (capped.isEmpty() || counts.isEmpty()) {
            return Optional.empty();
        }
        int median = counts.stream().sorted().toList().get(counts.size() / 2);
        if (median >= FEW_WINDOW_OPERATIONS) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%d of %d %ss reached the warm-up cap with windows of %d "
                + "operations (median): an operation with its untimed preparation took so long that a window's median "
                + "moves by the steady band on its own noise, so the trend test could not tell whether they had "
                + "settled; their medians are of a timed pass that may still have been warming up, and the interval "
                + "is all that says how far they may move", capped.size(), forks.size(), name, median));
    }

    /**
     * What the cell's warnings say of its disturbed, rerun and outlier forks: each disturbed fork,
     * whether a clean rerun replaced it; each fork with no steady state that a rerun replaced; and each
     * outlier of its own JVM against its siblings.
     */
    static List<String> noiseWarnings(List<Fork> forks, String name) {
        List<String> warnings = new ArrayList<>();
        for (Fork fork : forks) {
            if (fork.disturbed()) {
                warnings.add(NoiseGuard.disturbedWarning(name + " " + fork.fork(), fork));
            } else if (fork.excluded() && Boolean.FALSE.equals(fork.steadyState())) {
                warnings.add(NoiseGuard.unsteadyWarning(name + " " + fork.fork(), fork));
            }
        }
        for (Fork fork : forks) {
            if (fork.outlier()) {
                warnings.add(OutlierForks.describe(fork, forks));
            }
        }
        return warnings;
    }

    /** The median of the forks' medians, and the rest over their samples pooled. */
    static TimeStats time(List<Fork> forks) {
        double median = median(forks, fork -> fork.time().median());
        List<Long> pooled = new ArrayList<>();
        forks.forEach(fork -> pooled.addAll(fork.samples()));
        if (pooled.isEmpty()) {
            return timeStats(forks, Fork::time);
        }
        long[] all = pooled.stream().mapToLong(Long::longValue).toArray();
        Stats stats = Stats.of(all);
        Map<Integer, Double> percentiles = Quantiles.percentiles().indexes(95, 99).compute(all);
        return new TimeStats(TimeStats.NANOS, all.length, median, percentiles.get(95), percentiles.get(99),
                stats.mean(), all.length > 1 ? stats.sampleStandardDeviation() : 0.0, stats.min(), stats.max());
    }

    private static Boolean steady(List<Fork> forks) {
        if (forks.stream().allMatch(fork -> fork.steadyState() == null)) {
            return null;
        }
        return forks.stream().allMatch(fork -> Boolean.TRUE.equals(fork.steadyState()));
    }

    private static Double drift(List<Fork> forks) {
        return forks.stream().map(Fork::drift).filter(Objects::nonNull)
                .max((a, b) -> Double.compare(Math.abs(a - 1), Math.abs(b - 1))).orElse(null);
    }

    private static Cpu cpu(List<Fork> forks) {
        if (forks.stream().anyMatch(fork -> fork.cpu() == null)) {
            return null;
        }
        boolean split = forks.stream().allMatch(fork -> fork.cpu().ownNanosPerOp() != null
                && fork.cpu().compilerNanos() != null && fork.cpu().gcNanos() != null);
        return new Cpu(median(forks, fork -> fork.cpu().nanosPerOp()),
                forks.stream().mapToLong(fork -> fork.cpu().nanos()).sum(),
                forks.stream().mapToLong(fork -> fork.cpu().ops()).sum(),
                split ? median(forks, fork -> fork.cpu().ownNanosPerOp()) : null,
                split ? forks.stream().mapToLong(fork -> fork.cpu().compilerNanos()).sum() : null,
                split ? forks.stream().mapToLong(fork -> fork.cpu().gcNanos()).sum() : null);
    }

    private static Memory memory(List<Fork> forks) {
        List<Memory> memories = present(forks, Fork::memory);
        if (memories.isEmpty()) {
            return null;
        }
        return new Memory(medianOrNull(memories, Memory::allocatedBytesPerOp),
                memories.stream().allMatch(Memory::allocationExact),
                medianOrNull(memories, Memory::retainedBytesPerUnit), memories.get(0).retainedUnit());
    }

    private static Throughput throughput(List<Fork> forks) {
        List<Throughput> all = present(forks, Fork::throughput);
        return all.isEmpty() ? null : new Throughput(medianOf(all, Throughput::sessionsPerSecond),
                medianOf(all, Throughput::turnsPerSecond));
    }

    /** Each figure the median of the forks' own; {@code n} their sum. */
    private static TimeStats timeStats(List<Fork> forks, Function<Fork, TimeStats> figure) {
        List<TimeStats> all = present(forks, figure);
        if (all.isEmpty()) {
            return null;
        }
        return new TimeStats(TimeStats.NANOS, all.stream().mapToLong(TimeStats::n).sum(),
                medianOf(all, TimeStats::median), medianOf(all, TimeStats::p95), medianOf(all, TimeStats::p99),
                medianOf(all, TimeStats::mean), medianOf(all, TimeStats::stddev), medianOf(all, TimeStats::min),
                medianOf(all, TimeStats::max));
    }

    private static JvmContext jvm(List<Fork> forks) {
        List<JvmContext> all = present(forks, Fork::jvm);
        if (all.isEmpty() || all.size() < forks.size()) {
            return null;
        }
        boolean rss = all.stream().allMatch(jvm -> jvm.peakRssBytes() != null);
        return new JvmContext(Math.round(medianOf(all, JvmContext::gcCount)), medianOf(all, JvmContext::gcPauseMillis),
                Math.round(medianOf(all, JvmContext::classesLoaded)),
                (int) Math.round(medianOf(all, JvmContext::peakThreads)),
                rss ? Math.round(medianOf(all, jvm -> jvm.peakRssBytes())) : null,
                all.get(0).runtime()); // every fork of a cell runs on the one JVM of its column
    }

    private static <T> List<T> present(List<Fork> forks, Function<Fork, T> figure) {
        return forks.stream().map(figure).filter(Objects::nonNull).toList();
    }

    private static <T> Double medianOrNull(List<T> values, Function<T, Double> figure) {
        List<Double> present = values.stream().map(figure).filter(Objects::nonNull).toList();
        return present.isEmpty() ? null : Quantiles.median().compute(present);
    }

    private static double median(List<Fork> forks, ToDoubleFunction<Fork> figure) {
        return medianOf(forks, figure);
    }

    private static <T> double medianOf(List<T> values, ToDoubleFunction<T> figure) {
        return Quantiles.median().compute(values.stream().mapToDouble(figure).toArray());
    }
}
