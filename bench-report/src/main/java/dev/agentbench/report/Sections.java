package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sections of the human-readable reports, in order, each a comparison table of one figure:
 * time, CPU time, warm-up, allocation, retained heap and throughput, then one section for each
 * section title the benchmark kinds' own figures carry ({@link FigureSections}). Worded once so that {@code report.md} and {@code report.html} say the same thing.
 */
final class Sections {

    /**
     * One section.
     *
     * @param id a short name, usable as an anchor
     * @param intro one paragraph; {@code `code`} spans are marked with backticks
     */
    record Section(String id, String title, String intro, List<ComparisonTable.Row> rows) {}

    /** The calibration target whose figures cold start subtracts. */
    static final String FLOOR = "noop";

    /** The note under the time table when some cell is not steady (marked †). */
    static final String DRIFT_NOTE = "† not steady: a fork's warm-up reached its cap before its window medians "
            + "settled, or its series changed inside the timed pass (shape NO_STEADY_STATE; see the "
            + "warm-up section); in a result of format 1, the timed pass's last third drifted from its first. Warm "
            + "up longer before trusting this figure. A ratio marked † has a cell not steady on one side, the "
            + "baseline's included: not a ratio to quote.";

    /** The title of the list of warnings, below the failures. */
    static final String WARNINGS_TITLE = "Warnings";

    /** What the list of warnings says first. */
    static final String WARNINGS_INTRO = "Cells whose figures stand, with something a reader should know: for "
            + "example an agent whose `close()` hung or threw after the cell was measured (the result was written "
            + "first). A cell of several forks names the fork.";

    private Sections() {}

    /** The cells that have warnings, in plan order. */
    static List<CellResult> warned(List<CellResult> cells) {
        return cells.stream().filter(cell -> !cell.warnings().isEmpty()).toList();
    }

    /**
     * The sections with at least one row, in report order.
     *
     * @param targets the run's targets, the baseline first
     * @param rows cell name → target → result, in report order (see {@link #rows})
     * @param intervals the intervals of the run's cells
     */
    static List<Section> of(List<String> targets, Map<String, Map<String, CellResult>> rows, Intervals intervals) {
        String baseline = targets.get(0);
        String ratioNote = targets.size() > 1 ? " Each other target also as a ratio to `" + baseline + "`." : "";
        boolean tall = ComparisonTable.tall(targets); // then the overhead has a column of its own
        String overheadPlace = tall ? "beside it" : "under it";
        List<Section> sections = new ArrayList<>();
        add(sections, "time", "Time per iteration", "The median of the forks' medians (each fork a fresh JVM), its "
                        + "95% interval in brackets: Student's t over the forks' medians (the spread between JVMs), "
                        + "or a bootstrap of forks then samples where that is wider. With few forks it is wide: "
                        + "three JVMs cannot pin a median down much closer than they spread." + (targets.size() > 1
                        ? " Each other target also as a ratio to `" + baseline + "`, with the ratio's 95% interval, and "
                        + overheadPlace + " the target's overhead: its median less `" + baseline + "`'s in µs, with its 95% "
                        + "interval from the same resampling (negative when the target is faster than the baseline)."
                        : "") + " Hover a figure in `report.html` for its p95 and its forks' medians; `summary.json` has every "
                        + "statistic.",
                ComparisonTable.rows(targets, rows, ForkFigures.time(intervals), Sections::context, true));
        add(sections, "cpu", "CPU time per iteration", "Process CPU time over the timed pass (every thread: the "
                        + "target's, the JIT's, the GC's) ÷ iterations, the median over forks; at concurrency N an "
                        + "iteration is N sessions. It barely moves with the machine's other load, and it is what a "
                        + "service pays in cores." + (targets.size() > 1 ? ratioNote + " " + (tall ? "Beside" : "Under") + " the ratio, the "
                        + "overhead: CPU time less `" + baseline + "`'s in µs, its 95% interval Welch's t over the "
                        + "forks (one figure a fork; none with a single fork a side)." : ""),
                ComparisonTable.rows(targets, rows, ForkFigures.cpu(intervals), Sections::context, false));
        add(sections, "warmup", "Warm-up", "Time to steady state: how long a fork warmed up until a trend test "
                        + "found its window medians settled, the median over forks, then how many forks were steady. "
                        + "A fork that reached the warm-up cap is `capped` and never steady; a fork whose series "
                        + "changed inside the timed pass says NO_STEADY_STATE. A SLOWDOWN (the timed pass steady, but "
                        + "slower than an earlier stretch) counts as steady." + ratioNote,
                ComparisonTable.rows(targets, rows, ForkFigures.WARMUP, Sections::context, false));
        add(sections, "allocation", "Allocation per iteration", "Median bytes allocated by all threads during one "
                        + "iteration, in a pass of its own; ≥ marks a lower bound (a JVM that cannot count threads "
                        + "that end within the iteration)." + ratioNote,
                ComparisonTable.rows(targets, rows, ALLOCATED, Sections::context, false));
        add(sections, "retained", "Retained heap", "Heap still in use per live agent (footprint) or per deleted "
                        + "session (growth, about 0 when a framework lets go), after a settled GC." + ratioNote,
                ComparisonTable.rows(targets, rows, RETAINED, Sections::context, false));
        add(sections, "throughput", "Throughput", "Sessions finished per second with N sessions at once (`_cN` "
                        + "rows), and the p95 of single turns meanwhile." + ratioNote,
                ComparisonTable.rows(targets, rows, THROUGHPUT, Sections::context, false));
        for (String title : FigureSections.titles(rows)) {
            add(sections, FigureSections.id(title), title,
                    FigureSections.intro(title, rows, FigureSections.compared(title, rows) ? ratioNote : ""),
                    ComparisonTable.rows(targets, rows, FigureSections.table(title), Sections::context, false));
        }
        return List.copyOf(sections);
    }

    private static void add(List<Section> sections, String id, String title, String intro,
            List<ComparisonTable.Row> rows) {
        if (!rows.isEmpty()) {
            sections.add(new Section(id, title, intro, rows));
        }
    }

    /** Cell name → target → result, rows in report order and targets in plan order. */
    static Map<String, Map<String, CellResult>> rows(RunData run) {
        Map<String, Map<String, CellResult>> rows = new TreeMap<>(RowOrder.CELLS);
        for (CellResult cell : run.cells()) {
            rows.computeIfAbsent(cell.name(), name -> new LinkedHashMap<>()).put(cell.target(), cell);
        }
        return rows;
    }

    /** Whether some cell was not steady (marked †). */
    static boolean anyDrifted(RunData run) {
        return run.cells().stream().anyMatch(ForkFigures::unsteady);
    }

    /** The unit of a row's times (by the geometric mean of its medians) and its calibration cell. */
    static ComparisonTable.RowContext context(Map<String, CellResult> cells) {
        double logMean = cells.values().stream()
                .filter(cell -> cell.status() == CellStatus.OK && cell.time() != null && cell.time().median() > 0)
                .mapToDouble(cell -> Math.log(cell.time().median()))
                .average().orElse(0);
        CellResult floor = cells.get(FLOOR);
        return new ComparisonTable.RowContext(Units.timeUnitFor(Math.exp(logMean)),
                floor != null && floor.status() == CellStatus.OK ? floor : null);
    }

    /**
     * Whether a cell's every sample is a JVM of its own, measured from its launch (a cold start): its
     * figures are its headline ({@link FigureSections#headlineIsFigures}) and they are given over the calibration
     * target's, an empty JVM's ({@link dev.agentbench.api.result.Figure#overFloor()}).
     */
    static boolean jvmPerSample(CellResult cell) {
        return FigureSections.headlineIsFigures(cell) && cell.figures().stream().anyMatch(figure -> figure.overFloor());
    }

    static final ComparisonTable.Figure ALLOCATED = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            double value = value(cell);
            return Double.isNaN(value) ? null : (cell.memory().allocationExact() ? "" : "≥ ") + Units.bytes(value);
        }

        @Override
        public double value(CellResult cell) {
            return cell.memory() == null || cell.memory().allocatedBytesPerOp() == null
                    ? Double.NaN : cell.memory().allocatedBytesPerOp();
        }
    };

    static final ComparisonTable.Figure RETAINED = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            double value = value(cell);
            return Double.isNaN(value) ? null : Units.bytes(value) + " / " + cell.memory().retainedUnit();
        }

        @Override
        public double value(CellResult cell) {
            return cell.memory() == null || cell.memory().retainedBytesPerUnit() == null
                    ? Double.NaN : cell.memory().retainedBytesPerUnit();
        }
    };

    static final ComparisonTable.Figure THROUGHPUT = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            double value = value(cell);
            if (Double.isNaN(value)) {
                return null;
            }
            String text = Units.number(value) + " sessions/s";
            return cell.turnLatency() == null ? text : text + " (turn p95 " + Units.time(cell.turnLatency().p95()) + ")";
        }

        @Override
        public double value(CellResult cell) {
            return cell.concurrency() == 1 || cell.throughput() == null || FigureSections.headlineIsFigures(cell)
                    ? Double.NaN : cell.throughput().sessionsPerSecond(); // such a cell's figures have a section of their own
        }
    };
}
