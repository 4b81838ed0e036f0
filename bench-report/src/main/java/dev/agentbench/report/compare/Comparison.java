package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TargetId;
import dev.agentbench.report.RowOrder;
import dev.agentbench.report.RunData;
import dev.agentbench.report.stats.Estimate;
import dev.agentbench.report.stats.ForkSamples;
import dev.agentbench.report.stats.ForkIntervals;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Two runs compared cell by cell: for every cell (target and cell name) in both, the ratio of the
 * medians new ÷ base (each the median of the cell's fork medians) with an interval of {@link
 * ForkIntervals} (Welch's t over the forks' medians, or a bootstrap of forks then samples, whichever
 * is wider), and a verdict. A cell needs
 * {@link CompareOptions#MIN_FORKS} forks a side to be judged.
 *
 * @param base the run compared against
 * @param changed the run under judgement
 * @param options threshold, confidence, resamples, seed
 * @param cells every cell of either run, in the report's row order (built-ins in their order, then
 *     custom benchmarks by name, each followed by its {@code _cN} variants by N), and within a row
 *     the targets in the order the runs planned them, the base run's first
 */
public record Comparison(RunRef base, RunRef changed, CompareOptions options, List<CellComparison> cells) {

    /**
     * What a comparison says about one of its runs.
     *
     * @param runId the run's id
     * @param status how the run ended
     * @param startedAt when it started, ISO-8601 UTC
     * @param versions the version of each target's framework, by target, as the run recorded them;
     *     empty for a run that recorded none
     * @param column the column of the run this side is ({@code langchain4j@1.16.1}) when two columns of
     *     one run are compared ({@link #between}); {@code null} when two runs are
     */
    public record RunRef(String runId, RunStatus status, String startedAt, Map<String, String> versions,
            String column) {

        public RunRef {
            versions = versions == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
        }

        /** A whole run as one side. */
        public RunRef(String runId, RunStatus status, String startedAt, Map<String, String> versions) {
            this(runId, status, startedAt, versions, null);
        }

        static RunRef of(RunInfo info) {
            Map<String, String> versions = new LinkedHashMap<>();
            info.targets().forEach(target -> versions.put(target.name(), target.version()));
            return new RunRef(info.runId(), info.status(), info.startedAt(), versions);
        }
    }

    /**
     * A target whose framework version differs between the two runs: its cells compare two versions
     * of the framework, not two builds of one.
     *
     * @param target the target
     * @param base its version in the base run
     * @param changed its version in the new run
     */
    public record VersionChange(String target, String base, String changed) {}

    public Comparison {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(changed, "changed");
        Objects.requireNonNull(options, "options");
        cells = List.copyOf(cells);
    }

    /** The targets of both runs whose recorded versions differ, in the base run's order. */
    public List<VersionChange> versionChanges() {
        return versionChanges(base, changed);
    }

    /** The targets of both runs whose recorded versions differ, in run {@code a}'s order. */
    static List<VersionChange> versionChanges(RunRef a, RunRef b) {
        List<VersionChange> changes = new ArrayList<>();
        a.versions().forEach((target, version) -> {
            String other = b.versions().get(target);
            if (other != null && !other.equals(version)) {
                changes.add(new VersionChange(target, version, other));
            }
        });
        return changes;
    }

    /**
     * Compares two columns of one run ({@code langchain4j@1.16.1} and {@code langchain4j@1.19.0}, or
     * {@code raw} and {@code raw~java25}) cell by cell, as {@link #of} compares two runs: the cells of
     * {@code a} are the base, those of {@code b} the new side, paired by cell name, with the same
     * statistics and verdicts. Each compared cell is named by the new column {@code b}. The versions
     * the run recorded for the two columns show as a {@link VersionChange} of {@code b} when they differ.
     *
     * @throws IllegalArgumentException when {@code a} or {@code b} is not a column of the run (naming
     *     it and the run's columns), or both are the same column
     */
    public static Comparison between(RunData run, String a, String b, CompareOptions options) {
        List<String> columns = new ArrayList<>();
        run.info().cells().forEach(cell -> addOnce(columns, cell.target()));
        for (String column : List.of(a, b)) {
            if (!columns.contains(column)) {
                throw new IllegalArgumentException("Column [" + column + "] is not in run [" + run.info().runId()
                        + "]; its columns: " + columns);
            }
        }
        if (a.equals(b)) {
            throw new IllegalArgumentException("Column [" + a + "] is compared with itself: name two columns of run ["
                    + run.info().runId() + "]; its columns: " + columns);
        }
        RunInfo info = run.info();
        RunRef base = new RunRef(info.runId(), info.status(), info.startedAt(), version(info, a, b), a);
        RunRef changed = new RunRef(info.runId(), info.status(), info.startedAt(), version(info, b, b), b);
        List<CellResult> baseCells = run.cells().stream().filter(cell -> cell.target().equals(a)).toList();
        List<CellResult> newCells = run.cells().stream().filter(cell -> cell.target().equals(b)).toList();
        return compareCells(base, changed, baseCells, newCells, CellResult::name, b, options);
    }

    /** The recorded version of {@code column}'s framework, keyed {@code as}; empty when none was recorded. */
    private static Map<String, String> version(RunInfo info, String column, String as) {
        String name = TargetId.parse(column).name();
        String version = null;
        for (var target : info.targets()) {
            if (target.name().equals(column)) {
                version = target.version();
                break;
            }
            if (version == null && target.name().equals(name)) {
                version = target.version();
            }
        }
        return version == null ? Map.of() : Map.of(as, version);
    }

    /** Compares the cells of two runs. */
    public static Comparison of(RunData base, RunData changed, CompareOptions options) {
        return compareCells(RunRef.of(base.info()), RunRef.of(changed.info()), base.cells(), changed.cells(),
                Comparison::id, null, options);
    }

    /**
     * Compares the cells of two lists, paired by {@code key}; each compared cell named by
     * {@code target} when it is not {@code null}, else by its own target.
     */
    private static Comparison compareCells(RunRef baseRun, RunRef newRun, List<CellResult> baseList,
            List<CellResult> newList, java.util.function.Function<CellResult, String> key, String target,
            CompareOptions options) {
        Map<String, CellResult> baseCells = byId(baseList, key);
        Map<String, CellResult> newCells = byId(newList, key);
        List<String> targets = new ArrayList<>();
        List<CellResult> all = new ArrayList<>(baseList);
        for (CellResult cell : newList) {
            if (!baseCells.containsKey(key.apply(cell))) {
                all.add(cell);
            }
        }
        for (CellResult cell : all) {
            addOnce(targets, cell.target());
        }
        all.sort(Comparator.comparing(CellResult::name, RowOrder.CELLS)
                .thenComparingInt(cell -> targets.indexOf(cell.target())));
        List<CellComparison> compared = new ArrayList<>();
        for (CellResult cell : all) {
            CellResult baseCell = baseCells.get(key.apply(cell));
            CellResult newCell = newCells.get(key.apply(cell));
            CellComparison one = compare(baseCell, newCell, options);
            compared.add(new CellComparison(target != null ? target : one.target(), one.name(), one.benchmark(), one.concurrency(),
                    one.verdict(), one.base(), one.changed(), one.estimate(), one.note(),
                    FigureChange.of(baseCell, newCell, options.threshold()),
                    AllocationChange.of(baseCell, newCell, options)));
        }
        return new Comparison(baseRun, newRun, options, compared);
    }

    static CellComparison compare(CellResult base, CellResult changed, CompareOptions options) {
        CellResult any = base != null ? base : changed;
        CellSide baseSide = base == null ? null : CellSide.of(base);
        CellSide newSide = changed == null ? null : CellSide.of(changed);
        if (base == null || changed == null) {
            Verdict verdict = base == null ? Verdict.NEW_ONLY : Verdict.BASE_ONLY;
            return cell(any, verdict, baseSide, newSide, null,
                    "not in the " + (base == null ? "base" : "new") + " run");
        }
        if (base.status() != CellStatus.OK || changed.status() != CellStatus.OK) {
            return cell(any, Verdict.NOT_OK, baseSide, newSide, null, notOk(base, changed));
        }
        if (!options.judgeDisturbed() && (base.disturbed() || changed.disturbed())) {
            return cell(any, Verdict.DISTURBED, baseSide, newSide, null, "the machine disturbed a fork in "
                    + (base.disturbed() && changed.disturbed() ? "both runs" : base.disturbed() ? "base" : "new")
                    + " and no clean rerun replaced it; --judge-disturbed judges it all the same");
        }
        if (baseSide.forks() < CompareOptions.MIN_FORKS || newSide.forks() < CompareOptions.MIN_FORKS) {
            return cell(any, Verdict.TOO_FEW_FORKS, baseSide, newSide, null, forks(baseSide.forks()) + " in base, "
                    + newSide.forks() + " in new; a cell is judged with at least " + CompareOptions.MIN_FORKS
                    + " forks a side: one JVM cannot show how far another's median would fall");
        }
        int needed = options.minSamples();
        boolean forkWithout = !CellSide.everyForkHasSamples(base) || !CellSide.everyForkHasSamples(changed);
        if (forkWithout || baseSide.samples() < needed || newSide.samples() < needed) {
            return cell(any, Verdict.TOO_FEW_SAMPLES, baseSide, newSide, null, baseSide.samples() + " samples in base, "
                    + newSide.samples() + " in new" + (forkWithout ? " (a fork has none)" : "") + "; a "
                    + CompareOptions.percent(options.confidence()) + " interval needs at least " + needed);
        }
        Estimate ratio = ForkIntervals.ratio(forkSamples(base, "base"), forkSamples(changed, "new"),
                options.confidence());
        RatioEstimate estimate = new RatioEstimate(ratio.value(), ratio.low(), ratio.high());
        return cell(any, verdict(estimate, options.threshold()), baseSide, newSide, estimate, null);
    }

    /**
     * The rule: a regression when the ratio is above 1 + threshold and the interval lies wholly above
     * 1; an improvement when the ratio is below 1 − threshold and the interval lies wholly below 1;
     * within the threshold when the ratio is within [1 − threshold, 1 + threshold]; else not
     * significant.
     */
    static Verdict verdict(RatioEstimate estimate, double threshold) {
        double ratio = estimate.ratio();
        if (ratio > 1 + threshold) {
            return estimate.significantlySlower() ? Verdict.REGRESSION : Verdict.NOT_SIGNIFICANT;
        }
        if (ratio < 1 - threshold) {
            return estimate.significantlyFaster() ? Verdict.IMPROVEMENT : Verdict.NOT_SIGNIFICANT;
        }
        return Verdict.WITHIN_THRESHOLD;
    }

    private static ForkSamples forkSamples(CellResult cell, String run) {
        try {
            return ForkSamples.of(cell).orElseThrow();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cell [" + id(cell) + "] of the " + run + " run: " + e.getMessage(), e);
        }
    }

    private static String forks(int n) {
        return n + (n == 1 ? " fork" : " forks");
    }

    private static String notOk(CellResult base, CellResult changed) {
        List<String> parts = new ArrayList<>();
        for (CellResult cell : List.of(base, changed)) {
            if (cell.status() != CellStatus.OK) {
                parts.add(cell.status().label() + " in " + (cell == base ? "base" : "new") + ": " + firstLine(cell.error()));
            }
        }
        return String.join("; ", parts);
    }

    private static CellComparison cell(CellResult cell, Verdict verdict, CellSide base, CellSide changed,
            RatioEstimate estimate, String note) {
        return new CellComparison(cell.target(), cell.name(), cell.benchmark(), cell.concurrency(), verdict, base,
                changed, estimate, note, List.of(), null);
    }

    private static Map<String, CellResult> byId(List<CellResult> cells,
            java.util.function.Function<CellResult, String> key) {
        Map<String, CellResult> byId = new LinkedHashMap<>();
        for (CellResult cell : cells) {
            byId.putIfAbsent(key.apply(cell), cell);
        }
        return byId;
    }

    private static String id(CellResult cell) {
        return cell.target() + "/" + cell.name();
    }

    private static void addOnce(List<String> list, String value) {
        if (!list.contains(value)) {
            list.add(value);
        }
    }

    static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline) + " …";
    }

    /** The cells with this verdict, in report order. */
    public List<CellComparison> cells(Verdict verdict) {
        return cells.stream().filter(cell -> cell.verdict() == verdict).toList();
    }

    /** The cells whose time or allocation regressed, in report order. */
    public List<CellComparison> regressions() {
        return cells.stream().filter(CellComparison::regression).toList();
    }

    /**
     * Whether any cell's time or allocation is a {@link Verdict#REGRESSION}: what {@code compare}'s exit
     * code says.
     */
    public boolean hasRegression() {
        return cells.stream().anyMatch(CellComparison::regression);
    }

    /** Whether the runs have any cell in common (compared or not). */
    public boolean anyCellInCommon() {
        return cells.stream().anyMatch(cell -> cell.base() != null && cell.changed() != null);
    }
}
