package dev.agentbench.core.link;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.measure.Statistics;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The parent's side of a COLD_START cell: one result from the OK results of its fresh JVMs (one
 * sample each). Time statistics are over the samples' launch-to-first-reply times; every metric is
 * the median of the samples', and so is every figure of the JVM context.
 */
final class ColdStartCell {

    private ColdStartCell() {}

    static CellResult aggregate(PlannedCell cell, List<CellResult> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("A cold start needs at least one sample, got [0]");
        }
        long[] firstReplies = samples.stream().mapToLong(sample -> Math.round(sample.time().median())).toArray();
        Map<String, Double> metrics = new TreeMap<>();
        for (String name : samples.get(0).metrics().keySet()) {
            metrics.put(name, median(samples, sample -> sample.metrics().getOrDefault(name, Double.NaN)));
        }
        JvmContext jvm = null;
        if (samples.stream().map(CellResult::jvm).allMatch(Objects::nonNull)) {
            boolean rss = samples.stream().allMatch(sample -> sample.jvm().peakRssBytes() != null);
            jvm = new JvmContext(Math.round(median(samples, sample -> sample.jvm().gcCount())),
                    median(samples, sample -> sample.jvm().gcPauseMillis()),
                    Math.round(median(samples, sample -> sample.jvm().classesLoaded())),
                    (int) Math.round(median(samples, sample -> sample.jvm().peakThreads())),
                    rss ? Math.round(median(samples, sample -> sample.jvm().peakRssBytes())) : null);
        }
        List<Long> kept = java.util.Arrays.stream(firstReplies).boxed().toList();
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                Statistics.of(firstReplies), 0, null, null, kept, List.of(), null, null, null, jvm, metrics);
    }

    /** A dry run's one JVM: its time, and nothing else. */
    static CellResult dryRun(PlannedCell cell, CellResult sample) {
        return new CellResult(cell.target(), cell.benchmark(), cell.concurrency(), cell.name(), CellStatus.OK, null,
                sample.time(), 0, null, null, sample.samples(), List.of(), null, null, null, null, Map.of());
    }

    private static double median(List<CellResult> samples, ToDoubleFunction<CellResult> figure) {
        return Quantiles.median().compute(samples.stream().mapToDouble(figure).toArray());
    }
}
