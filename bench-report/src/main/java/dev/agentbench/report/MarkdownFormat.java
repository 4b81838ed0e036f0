package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code report.md}: a header that says what ran where, then one row per cell name in the fixed
 * row order and one column per target, the baseline first and every other target also as a ratio
 * to it. Cells that are not OK say so, and why, below the table.
 */
public final class MarkdownFormat implements ReportFormat {

    @Override
    public String fileName() {
        return "report.md";
    }

    @Override
    public String render(RunData run, ReportOptions options) {
        StringBuilder out = new StringBuilder();
        RunInfo info = run.info();
        out.append("# agentbench report: ").append(info.runId()).append("\n\n");
        header(out, info);
        List<String> targets = run.targets(options.baseline());
        Map<String, Map<String, CellResult>> rows = rows(run);
        out.append("## Results\n\n");
        if (rows.isEmpty()) {
            out.append("No cells were planned.\n");
            return out.toString();
        }
        sections(out, targets, rows);
        problems(out, run.cells());
        return out.toString();
    }

    private static void header(StringBuilder out, RunInfo info) {
        Map<String, String> env = info.environment();
        out.append("| | |\n|---|---|\n");
        row(out, "Run", "`" + info.runId() + "`, " + info.status()
                + (info.status() == dev.agentbench.api.result.RunStatus.COMPLETED ? "" : " (not every planned cell ran)"));
        row(out, "Started", info.startedAt());
        row(out, "Ended", info.endedAt() == null ? "not recorded" : info.endedAt());
        row(out, "JVM", join(env.get("java.vendor"), env.get("java.version"), env.get("java.vm.name")));
        row(out, "OS", join(env.get("os.name"), env.get("os.version"), env.get("os.arch")));
        String memory = env.get("memory");
        row(out, "CPUs, memory", join(env.get("cpus"), memory == null ? null : Units.bytes(Long.parseLong(memory))));
        if (env.containsKey("git.commit")) {
            row(out, "Commit", "`" + env.get("git.commit") + "`");
        }
        for (String note : info.notes()) {
            row(out, "Note", note);
        }
        row(out, "Arguments", info.arguments().isEmpty() ? "(none)" : "`" + String.join(" ", info.arguments()) + "`");
        if (!info.settings().isEmpty()) {
            List<String> settings = new ArrayList<>();
            new TreeMap<>(info.settings()).forEach((key, value) -> settings.add(key + "=" + value));
            row(out, "Settings", "`" + String.join(", ", settings) + "`");
        }
        out.append('\n');
    }

    private static void row(StringBuilder out, String name, String value) {
        out.append("| ").append(name).append(" | ").append(escape(value)).append(" |\n");
    }

    private static String join(String... parts) {
        List<String> present = new ArrayList<>();
        for (String part : parts) {
            if (part != null && !part.isBlank()) {
                present.add(part);
            }
        }
        return present.isEmpty() ? "unknown" : String.join(", ", present);
    }

    /** Cell name → target → result, rows in report order. */
    private static Map<String, Map<String, CellResult>> rows(RunData run) {
        Map<String, Map<String, CellResult>> rows = new TreeMap<>(RowOrder.CELLS);
        for (CellResult cell : run.cells()) {
            rows.computeIfAbsent(cell.name(), name -> new LinkedHashMap<>()).put(cell.target(), cell);
        }
        return rows;
    }

    /** The unit of a row's times (by the geometric mean of its medians) and its calibration cell. */
    private static ComparisonTable.RowContext context(Map<String, CellResult> cells) {
        double logMean = cells.values().stream()
                .filter(cell -> cell.status() == CellStatus.OK && cell.time() != null && cell.time().median() > 0)
                .mapToDouble(cell -> Math.log(cell.time().median()))
                .average().orElse(0);
        CellResult floor = cells.get(FLOOR);
        return new ComparisonTable.RowContext(Units.timeUnitFor(Math.exp(logMean)),
                floor != null && floor.status() == CellStatus.OK ? floor : null);
    }

    private static void sections(StringBuilder out, List<String> targets, Map<String, Map<String, CellResult>> rows) {
        String baseline = targets.get(0);
        String ratioNote = targets.size() > 1 ? " Each other target also as a ratio to `" + baseline + "`." : "";
        section(out, "Time per iteration", "Median, p95 in brackets." + ratioNote,
                ComparisonTable.render(targets, rows, TIME, MarkdownFormat::context, true));
        boolean drifted = rows.values().stream().flatMap(cells -> cells.values().stream())
                .anyMatch(cell -> Boolean.FALSE.equals(cell.steadyState()));
        if (drifted) {
            out.append("† not steady: the median of the timed pass's last third differs from its first third's "
                    + "by more than the drift threshold; warm up longer before trusting this figure.\n\n");
        }
        section(out, "Cold start", "A fresh JVM per sample: launch to first reply (median), launch to agent built, and "
                        + "classes loaded; \"over noop\" subtracts the same figure of the `noop` target, the JVM and "
                        + "harness floor." + ratioNote,
                ComparisonTable.render(targets, rows, COLD_START, MarkdownFormat::context, false));
        section(out, "Allocation per iteration", "Median bytes allocated by all threads during one iteration, in a "
                        + "pass of its own; ≥ marks a lower bound (JDK 17 does not count threads that end within "
                        + "the iteration)." + ratioNote,
                ComparisonTable.render(targets, rows, ALLOCATED, MarkdownFormat::context, false));
        section(out, "Retained heap", "Heap still in use per live agent (footprint) or per deleted session "
                        + "(growth, about 0 when a framework lets go), after a settled GC." + ratioNote,
                ComparisonTable.render(targets, rows, RETAINED, MarkdownFormat::context, false));
        section(out, "Throughput", "Sessions finished per second with N sessions at once (`_cN` rows), and the "
                        + "p95 of single turns meanwhile." + ratioNote,
                ComparisonTable.render(targets, rows, THROUGHPUT, MarkdownFormat::context, false));
        section(out, "Parallel tool calls", "Speedup over running the turn's tool calls one after another; about "
                        + "the number of calls when a framework runs them at once, 1× when it runs them in turn.",
                ComparisonTable.render(targets, rows, SPEEDUP, MarkdownFormat::context, false));
    }

    private static void section(StringBuilder out, String title, String intro, String table) {
        if (table.isEmpty()) {
            return;
        }
        out.append("### ").append(title).append("\n\n").append(intro).append("\n\n").append(table).append('\n');
    }

    /** The calibration target whose figures cold start subtracts. */
    static final String FLOOR = "noop";

    private static final ComparisonTable.Figure TIME = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            if (cell.time() == null || cell.metrics().containsKey("firstReplyMs")) {
                return null;
            }
            String text = row.timeUnit().format(cell.time().median()) + " (" + row.timeUnit().format(cell.time().p95()) + ")";
            return Boolean.FALSE.equals(cell.steadyState()) ? text + " †" : text;
        }

        @Override
        public double value(CellResult cell) {
            return cell.time() == null || cell.metrics().containsKey("firstReplyMs") ? Double.NaN : cell.time().median();
        }
    };

    private static final ComparisonTable.Figure COLD_START = new ComparisonTable.Figure() {
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

    private static final ComparisonTable.Figure ALLOCATED = new ComparisonTable.Figure() {
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

    private static final ComparisonTable.Figure RETAINED = new ComparisonTable.Figure() {
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

    private static final ComparisonTable.Figure THROUGHPUT = new ComparisonTable.Figure() {
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
            return cell.concurrency() == 1 || cell.throughput() == null ? Double.NaN : cell.throughput().sessionsPerSecond();
        }
    };

    private static final ComparisonTable.Figure SPEEDUP = ComparisonTable.of(
            cell -> cell.metrics().getOrDefault("speedup", Double.NaN),
            (speedup, row) -> Units.ratio(speedup));

    private static void problems(StringBuilder out, List<CellResult> cells) {
        List<CellResult> failed = cells.stream().filter(cell -> cell.status() != CellStatus.OK).toList();
        if (failed.isEmpty()) {
            return;
        }
        out.append("## Cells that did not finish OK\n\n");
        for (CellResult cell : failed) {
            out.append("- `").append(cell.target()).append('/').append(cell.name()).append("` ")
                    .append(cell.status()).append(": ").append(escape(firstLine(cell.error()))).append('\n');
        }
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline) + " …";
    }

    private static String escape(String text) {
        return text.replace("|", "\\|");
    }
}
