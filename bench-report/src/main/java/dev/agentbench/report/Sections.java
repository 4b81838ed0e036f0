package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Load;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sections of the human-readable reports, in order, each a comparison table of one figure:
 * time, CPU time, warm-up, cold start, allocation, retained heap, throughput, throughput under model
 * latency and parallel tool calls. Worded once so that {@code report.md} and {@code report.html} say the same thing.
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
            + "up longer before trusting this figure.";

    /** The id of the section of LOAD cells, which {@code report.html} follows with its chart. */
    static final String LOAD = "load";

    /** The title of the section of LOAD cells. */
    static final String LOAD_TITLE = "Throughput under model latency";

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
        List<Section> sections = new ArrayList<>();
        add(sections, "time", "Time per iteration", "The median of the forks' medians (each fork a fresh JVM), its "
                        + "95% interval in brackets: Student's t over the forks' medians (the spread between JVMs), "
                        + "or a bootstrap of forks then samples where that is wider. With few forks it is wide: "
                        + "three JVMs cannot pin a median down much closer than they spread." + (targets.size() > 1
                        ? " Each other target also as a ratio to `" + baseline + "`, with the ratio's 95% interval."
                        : "") + " Hover a figure in `report.html` for its p95 and its forks' medians; `summary.json` has every "
                        + "statistic." + (anyLoad(rows) ? LOAD_TIME_NOTE : ""),
                ComparisonTable.rows(targets, rows, ForkFigures.time(intervals), Sections::context, true));
        add(sections, "cpu", "CPU time per iteration", "Process CPU time over the timed pass (every thread: the "
                        + "target's, the JIT's, the GC's) ÷ iterations, the median over forks; at concurrency N an "
                        + "iteration is N sessions. It barely moves with the machine's other load, and it is what a "
                        + "service pays in cores." + (anyLoad(rows) ? LOAD_CPU_NOTE : "") + ratioNote,
                ComparisonTable.rows(targets, rows, ForkFigures.CPU, Sections::context, false));
        add(sections, "warmup", "Warm-up", "Time to steady state: how long a fork warmed up until a trend test "
                        + "found its window medians settled, the median over forks, then how many forks were steady. "
                        + "A fork that reached the warm-up cap is `capped` and never steady; a fork whose series "
                        + "changed inside the timed pass says NO_STEADY_STATE. A SLOWDOWN (the timed pass steady, but "
                        + "slower than an earlier stretch) counts as steady." + ratioNote,
                ComparisonTable.rows(targets, rows, ForkFigures.WARMUP, Sections::context, false));
        add(sections, "cold-start", "Cold start", "A fresh JVM per sample: launch to first reply (median), launch to "
                        + "agent built, and classes loaded; \"over noop\" subtracts the same figure of the `noop` "
                        + "target, the JVM and harness floor." + ratioNote,
                ComparisonTable.rows(targets, rows, COLD_START, Sections::context, false));
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
        add(sections, LOAD, LOAD_TITLE, LOAD_INTRO + ratioNote.replace("a ratio to", "a ratio of turns per second to"),
                ComparisonTable.rows(targets, rows, LOAD_FIGURE, Sections::context, false));
        add(sections, "speedup", "Parallel tool calls", "Speedup over running the turn's tool calls one after "
                        + "another; about the number of calls when a framework runs them at once, 1× when it runs "
                        + "them in turn.",
                ComparisonTable.rows(targets, rows, SPEEDUP, Sections::context, false));
        return List.copyOf(sections);
    }

    private static void add(List<Section> sections, String id, String title, String intro,
            List<ComparisonTable.Row> rows) {
        if (!rows.isEmpty()) {
            sections.add(new Section(id, title, intro, rows));
        }
    }

    /** Whether some row has a cell with LOAD figures. */
    static boolean anyLoad(Map<String, Map<String, CellResult>> rows) {
        return rows.values().stream().flatMap(cells -> cells.values().stream()).anyMatch(cell -> cell.load() != null);
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

    /** Whether a cell is a cold start: its samples are whole JVMs, read through its metrics. */
    static boolean isColdStart(CellResult cell) {
        return cell.metrics().containsKey("firstReplyMs");
    }

    static final ComparisonTable.Figure COLD_START = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            double firstReply = value(cell);
            if (Double.isNaN(firstReply)) {
                return null;
            }
            Map<String, Double> metrics = cell.metrics();
            List<String> details = new ArrayList<>();
            if (metrics.containsKey("agentBuiltMs")) {
                details.add("agent " + Units.number(metrics.get("agentBuiltMs")) + " ms");
            }
            if (metrics.containsKey("classesLoaded")) {
                details.add(Units.number(metrics.get("classesLoaded")) + " classes");
            }
            CellResult floor = row.floor();
            if (floor != null && floor != cell && floor.metrics().containsKey("firstReplyMs")) {
                double over = firstReply - floor.metrics().get("firstReplyMs");
                details.add((over >= 0 ? "+" : "") + Units.number(over) + " ms over noop");
            }
            return Units.number(firstReply) + " ms" + (details.isEmpty() ? "" : " (" + String.join(", ", details) + ")");
        }

        @Override
        public double value(CellResult cell) {
            return cell.metrics().getOrDefault("firstReplyMs", Double.NaN);
        }
    };

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
            return cell.concurrency() == 1 || cell.throughput() == null || cell.load() != null
                    ? Double.NaN : cell.throughput().sessionsPerSecond(); // LOAD cells have a section of their own
        }
    };

    /** What the time section adds when some row is of LOAD cells. */
    static final String LOAD_TIME_NOTE = " A `load` row times one turn, the model's hold included (hundreds of "
            + "milliseconds where the framework's own part may be a few), so its ratios lean towards 1×: the "
            + "framework's own time is in the section \"" + LOAD_TITLE + "\".";

    /** What the CPU section adds when some row is of LOAD cells. */
    static final String LOAD_CPU_NOTE = " In a `load` row an iteration is one turn.";

    /** What the section of LOAD cells says first. */
    static final String LOAD_INTRO = "N sessions at once (`load` is N = 1, `load_cN` N sessions), each running turns "
            + "back to back while the mock holds every reply for the model latency. First the turns per second, then "
            + "the ideal: N ÷ the model's time per turn, every session always waiting on the model and on nothing "
            + "else. In brackets the efficiency, achieved ÷ ideal: 1 for a framework that adds nothing (the `raw` "
            + "floor should reach 0.9 or more). Then the most model calls the mock saw in flight at once (below N, "
            + "something held calls back), and the framework's own time in a turn at the median and the 99th "
            + "percentile: turn latency less the model's time, queueing included. Hover a figure in `report.html` "
            + "for the model latency and how late the mock's holds ended.";

    static final ComparisonTable.Figure LOAD_FIGURE = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            Load load = cell.load();
            if (load == null) {
                return null;
            }
            String ideal = load.idealTurnsPerSecond() == null ? ""
                    : " of " + Units.number(load.idealTurnsPerSecond()) + " ideal (" + Units.number(load.efficiency()) + ")";
            return Units.number(load.turnsPerSecond()) + " turns/s" + ideal + " · " + load.maxInFlight()
                    + " in flight · framework p50 " + Units.number(load.p50Millis()) + " ms, p99 "
                    + Units.number(load.p99Millis()) + " ms";
        }

        @Override
        public double value(CellResult cell) {
            return cell.load() == null ? Double.NaN : cell.load().turnsPerSecond();
        }

        @Override
        public String title(CellResult cell) {
            Load load = cell.load();
            return "model latency " + Units.number(load.modelLatencyMillis()) + " ms, "
                    + Units.number(load.modelMillisPerTurn()) + " ms of model time per turn · the mock's holds "
                    + "ended " + Units.number(load.mockLateP99Millis()) + " ms late at p99";
        }
    };

    static final ComparisonTable.Figure SPEEDUP = ComparisonTable.of(
            cell -> cell.metrics().getOrDefault("speedup", Double.NaN),
            (speedup, row) -> Units.ratio(speedup));
}
