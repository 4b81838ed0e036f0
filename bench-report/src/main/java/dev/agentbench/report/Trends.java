package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.TargetId;
import dev.agentbench.report.compare.CellComparison;
import dev.agentbench.report.compare.CompareOptions;
import dev.agentbench.report.compare.Comparison;
import dev.agentbench.report.compare.Verdict;
import dev.agentbench.report.stats.Estimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The report's section per target that ran in more than one column of the run (releases of its
 * framework, {@code langchain4j@1.16.1} and {@code langchain4j@1.19.0}, a plugin folder, or JVMs,
 * {@code raw~java25}): each of its cells across the columns, in plan order, with each column's
 * median and its interval, each later column's ratio to the first with the verdict
 * {@code compare RUN --between FIRST COLUMN} gives it ({@link Comparison#between}, the same
 * statistics at {@code compare}'s defaults), and each column's ratio to the baseline on its own JVM.
 */
final class Trends {

    private Trends() {}

    /**
     * One target across its columns.
     *
     * @param target the target's name, {@code langchain4j}
     * @param columns its columns in plan order, the first the one every other is compared with
     * @param baselines for each column, the baseline column on the same JVM ({@code raw~java25}), or
     *     {@code null} when the run has no such column
     * @param what what differs between the columns: {@code versions}, {@code JVMs} or
     *     {@code versions and JVMs}
     * @param rows one per cell name the columns planned, in report order
     */
    record Trend(String target, List<String> columns, List<String> baselines, String what, List<Row> rows) {}

    /**
     * One cell name across the columns.
     *
     * @param name the cell's name, {@code turn1}
     * @param entries one per column, in the trend's column order
     */
    record Row(String name, List<Entry> entries) {}

    /**
     * One column's cell of a row.
     *
     * @param cell the cell; {@code null} when the column did not plan it
     * @param median its median with its 95% interval; empty when it is not OK or has no interval
     * @param change its comparison with the first column's cell, as {@code compare --between} makes it;
     *     {@code null} for the first column and for a cell either column lacks
     * @param baselineRatio its median over the median of the baseline's cell on the same JVM; {@code NaN}
     *     when there is none
     */
    record Entry(CellResult cell, Optional<Estimate> median, CellComparison change, double baselineRatio) {

        /** Whether {@code compare} calls the change significant: a regression or an improvement. */
        boolean significant() {
            return change != null && (change.verdict() == Verdict.REGRESSION || change.verdict() == Verdict.IMPROVEMENT);
        }
    }

    /**
     * The trends of a run: one per target with more than one column, in plan order.
     *
     * @param baseline the report's baseline as the user named it ({@code raw}); on a JVM its column
     *     of that JVM is the baseline
     */
    static List<Trend> of(RunData run, String baseline, Intervals intervals) {
        Map<String, List<String>> byTarget = new LinkedHashMap<>();
        List<String> all = run.targets(baseline);
        for (String column : run.targets("")) {
            byTarget.computeIfAbsent(id(column).name(), name -> new ArrayList<>()).add(column);
        }
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        String baselineName = id(baseline).name();
        List<Trend> trends = new ArrayList<>();
        for (Map.Entry<String, List<String>> target : byTarget.entrySet()) {
            List<String> columns = target.getValue();
            if (columns.size() < 2) {
                continue;
            }
            List<String> baselines = new ArrayList<>();
            for (String column : columns) {
                String jvm = id(column).jvm();
                String onJvm = jvm == null ? baseline : TargetId.of(baselineName).withJvm(jvm).toString();
                baselines.add(all.contains(onJvm) ? onJvm : null);
            }
            Map<String, CellComparison> changes = new LinkedHashMap<>();
            for (String column : columns.subList(1, columns.size())) {
                for (CellComparison cell : Comparison.between(run, columns.get(0), column, CompareOptions.defaults())
                        .cells()) {
                    changes.put(column + "/" + cell.name(), cell);
                }
            }
            List<Row> trendRows = new ArrayList<>();
            for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
                Map<String, CellResult> cells = row.getValue();
                if (columns.stream().noneMatch(cells::containsKey)) {
                    continue;
                }
                List<Entry> entries = new ArrayList<>();
                for (int i = 0; i < columns.size(); i++) {
                    String column = columns.get(i);
                    CellResult cell = cells.get(column);
                    Optional<Estimate> median = cell == null ? Optional.empty() : intervals.median(cell);
                    CellComparison change = i == 0 ? null : changes.get(column + "/" + row.getKey());
                    if (change != null && (change.base() == null || change.changed() == null)) {
                        change = null;
                    }
                    entries.add(new Entry(cell, median, change,
                            ratio(cell, baselines.get(i) == null ? null : cells.get(baselines.get(i)))));
                }
                trendRows.add(new Row(row.getKey(), List.copyOf(entries)));
            }
            trends.add(new Trend(target.getKey(), List.copyOf(columns), java.util.Collections.unmodifiableList(baselines),
                    what(columns), List.copyOf(trendRows)));
        }
        return List.copyOf(trends);
    }

    private static double ratio(CellResult cell, CellResult base) {
        if (cell == null || base == null || cell == base || cell.status() != CellStatus.OK
                || base.status() != CellStatus.OK || cell.time() == null || base.time() == null
                || !(base.time().median() > 0)) {
            return Double.NaN;
        }
        return cell.time().median() / base.time().median();
    }

    /** A column's id; a name that is no id (of a run written before ids) is a target of its own. */
    private static TargetId id(String column) {
        try {
            return TargetId.parse(column);
        } catch (IllegalArgumentException e) {
            return new TargetId(column.replace(TargetId.VARIANT, '_').replace(TargetId.JVM, '_'), null, null);
        }
    }

    private static String what(List<String> columns) {
        boolean variants = columns.stream().map(column -> id(column).variant()).distinct().count() > 1;
        boolean jvms = columns.stream().map(column -> id(column).jvm()).distinct().count() > 1;
        return variants && jvms ? "versions and JVMs" : jvms ? "JVMs" : "versions";
    }

    /** The section's title: {@code `langchain4j` across versions}. */
    static String title(Trend trend) {
        return "`" + trend.target() + "` across " + trend.what();
    }

    /** What the section's table shows, in one paragraph of markdown. */
    static String intro(Trend trend) {
        return "Each column's median with its 95% interval; each later column also as a ratio to the first, `"
                + trend.columns().get(0) + "`, with the 99% interval and verdict of `compare RUN --between "
                + trend.columns().get(0) + " COLUMN` (the same statistics, at its default threshold of "
                + CompareOptions.percent(CompareOptions.DEFAULT_THRESHOLD) + "): a change it calls significant is in "
                + "bold. Then each column over the baseline on its own JVM.";
    }

    /** The column headers of the ratio-to-baseline table: {@code langchain4j@1.16.1 ÷ raw}, or why there is none. */
    static String baselineHeader(Trend trend, int column) {
        String baseline = trend.baselines().get(column);
        return trend.columns().get(column) + " ÷ " + (baseline == null ? "–" : baseline);
    }

    /** The notes under the baseline table: one per column whose JVM has no baseline column. */
    static List<String> missingBaselines(Trend trend, String baseline) {
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < trend.columns().size(); i++) {
            if (trend.baselines().get(i) == null) {
                String jvm = id(trend.columns().get(i)).jvm();
                String wanted = jvm == null ? baseline : TargetId.of(id(baseline).name()).withJvm(jvm)
                        .toString();
                notes.add("`" + trend.columns().get(i) + "` has no baseline: the run has no `" + wanted
                        + "` column on its JVM.");
            }
        }
        return notes;
    }

    /** A column's median and interval: {@code 312 µs (305 µs – 320 µs)}; the status of a cell not OK. */
    static String median(Entry entry) {
        if (entry.cell() == null) {
            return "not run";
        }
        if (entry.cell().status() != CellStatus.OK) {
            return entry.cell().status().name();
        }
        if (entry.median().isEmpty()) {
            return entry.cell().time() == null ? "–" : Units.time(entry.cell().time().median());
        }
        Estimate median = entry.median().get();
        return Units.time(median.value()) + " (" + Units.time(median.low()) + " – " + Units.time(median.high()) + ")";
    }

    /** A change: {@code 1.104× (1.062× – 1.148×) regression}, or the reason it was not compared. */
    static String change(Entry entry) {
        CellComparison change = entry.change();
        if (change == null) {
            return "–";
        }
        if (change.estimate() == null) {
            return change.verdict().label();
        }
        return Units.ratio(change.estimate().ratio()) + " (" + Units.ratio(change.estimate().low()) + " – "
                + Units.ratio(change.estimate().high()) + ") " + change.verdict().label();
    }

    /** The ratio to the baseline on the same JVM: {@code 3.20×}, {@code –} when there is none. */
    static String baselineRatio(Entry entry) {
        return Double.isNaN(entry.baselineRatio()) ? "–" : Units.ratio(entry.baselineRatio());
    }
}
