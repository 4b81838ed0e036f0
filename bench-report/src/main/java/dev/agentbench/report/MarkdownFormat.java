package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import java.util.List;
import java.util.Map;

/**
 * {@code report.md}: a header that says what ran where, then one row per cell name in the fixed
 * row order and one column per target, the baseline first and every other target also as a ratio
 * to it (past {@link ComparisonTable#MAX_WIDE_TARGETS} targets, a line per target under each cell
 * name instead: {@link ComparisonTable#tall}); then, when the run swept a parameter, its cost curves ({@link CostCurves}); then, when some
 * cell was profiled, the profiles ({@link ProfileSection}). Cells that are not OK say so, and why, below the tables; then the warnings of the cells that have some.
 */
public final class MarkdownFormat implements ReportFormat {

    /** The format's name on the command line. */
    public static final String ID = "md";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String fileName() {
        return "report.md";
    }

    @Override
    public String render(RunData run, ReportOptions options) {
        StringBuilder out = new StringBuilder();
        RunInfo info = run.info();
        out.append("# agentbench report: ").append(text(info.runId())).append("\n\n");
        List<String> targets = run.targets(options.baseline());
        header(out, run, targets);
        machines(out, run.info());
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        out.append("## Results\n\n");
        if (rows.isEmpty()) {
            out.append("No cells were planned.\n");
            return out.toString();
        }
        Intervals intervals = new Intervals();
        for (Sections.Section section : Sections.of(targets, rows, intervals)) {
            out.append("### ").append(section.title()).append("\n\n").append(section.intro()).append("\n\n")
                    .append(ComparisonTable.markdown(targets, section.rows(), section.title(), MarkdownFormat::escape)).append('\n');
            if (section.id().equals("time") && Sections.anyDrifted(run)) {
                out.append(Sections.DRIFT_NOTE).append("\n\n");
            }
        }
        curves(out, CostCurves.of(run, targets));
        trends(out, Trends.of(run, options.baseline(), intervals), options.baseline());
        if (ProfileSection.any(run)) {
            profiles(out, run, targets);
        }
        boolean failures = problems(out, run.cells());
        warnings(out, run.cells(), failures);
        return out.toString();
    }

    /**
     * {@code ## Across versions and JVMs}: per target that ran in several columns, its cells across
     * them, each change as {@code compare --between} judges it, then each column over the baseline
     * on its own JVM.
     */
    private static void trends(StringBuilder out, List<Trends.Trend> trends, String baseline) {
        if (trends.isEmpty()) {
            return;
        }
        out.append("## Across versions and JVMs\n\n");
        for (Trends.Trend trend : trends) {
            out.append("### ").append(Trends.title(trend)).append("\n\n").append(Trends.intro(trend)).append("\n\n");
            out.append("| Benchmark |");
            StringBuilder rule = new StringBuilder("|---|");
            List<String> columns = trend.columns();
            for (int i = 0; i < columns.size(); i++) {
                out.append(' ').append(code(columns.get(i))).append(" |");
                rule.append("---:|");
                if (i > 0) {
                    out.append(' ').append(code(columns.get(i))).append(" ÷ ").append(code(columns.get(0))).append(" |");
                    rule.append("---|");
                }
            }
            out.append('\n').append(rule).append('\n');
            for (Trends.Row row : trend.rows()) {
                out.append("| ").append(text(row.name())).append(" |");
                for (int i = 0; i < row.entries().size(); i++) {
                    Trends.Entry entry = row.entries().get(i);
                    out.append(' ').append(text(Trends.median(entry))).append(" |");
                    if (i > 0) {
                        String change = text(Trends.change(entry));
                        out.append(' ').append(entry.significant() ? "**" + change + "**" : change).append(" |");
                    }
                }
                out.append('\n');
            }
            out.append("\n| Benchmark |");
            for (int i = 0; i < columns.size(); i++) {
                out.append(' ').append(text(Trends.baselineHeader(trend, i))).append(" |");
            }
            out.append("\n|---|").append("---:|".repeat(columns.size())).append('\n');
            for (Trends.Row row : trend.rows()) {
                out.append("| ").append(text(row.name())).append(" |");
                row.entries().forEach(entry -> out.append(' ').append(Trends.baselineRatio(entry)).append(" |"));
                out.append('\n');
            }
            out.append('\n');
            for (String note : Trends.missingBaselines(trend, baseline)) {
                out.append(note).append("\n\n");
            }
        }
    }

    /**
     * {@code ## Cost curves}: per sweep, per cost figure, a table of each target's median at each value
     * of the parameter, its growth exponent with its interval, and the superlinear flag.
     */
    private static void curves(StringBuilder out, List<CostCurves.Sweep> sweeps) {
        if (sweeps.isEmpty()) {
            return;
        }
        out.append("## ").append(CostCurves.TITLE).append("\n\n").append(text(CostCurves.INTRO))
                .append("\n\n");
        for (CostCurves.Sweep sweep : sweeps) {
            out.append("### ").append(text(sweep.title())).append(" against ").append(code(sweep.parameter()))
                    .append("\n\n");
            for (CostCurves.CostFigure figure : sweep.figures()) {
                out.append("**").append(text(figure.label())).append("**\n\n| Target |");
                sweep.values().forEach(value -> out.append(' ').append(text(sweep.parameter() + "=" + value)).append(" |"));
                out.append(" Exponent | |\n|---|").append("---:|".repeat(sweep.values().size())).append("---:|---|\n");
                boolean gaps = false;
                for (CostCurves.Curve curve : sweep.curves(figure)) {
                    out.append("| ").append(code(curve.target())).append(" |");
                    curve.points().forEach(point -> out.append(' ').append(text(CostCurves.point(point, figure)))
                            .append(" |"));
                    out.append(' ').append(text(CostCurves.exponent(curve))).append(" | ")
                            .append(curve.superlinear() ? "**superlinear**" : "").append(" |\n");
                    gaps |= curve.why() != null;
                }
                out.append('\n');
                if (gaps) {
                    out.append(text(CostCurves.NO_EXPONENT)).append("\n\n");
                }
            }
        }
    }

    /** {@code ## Machines}: in a run merged from shards, which machine measured which rows. */
    private static void machines(StringBuilder out, RunInfo info) {
        List<List<String>> machines = RunHeader.machines(info);
        if (machines.isEmpty()) {
            return;
        }
        out.append("## Machines\n\n").append(RunHeader.MACHINES_INTRO).append("\n\n|");
        RunHeader.MACHINES_COLUMNS.forEach(column -> out.append(' ').append(column).append(" |"));
        out.append("\n|").append("---|".repeat(RunHeader.MACHINES_COLUMNS.size())).append('\n');
        for (List<String> row : machines) {
            out.append('|');
            row.forEach(value -> out.append(' ').append(text(value)).append(" |"));
            out.append('\n');
        }
        out.append('\n');
    }

    private static void header(StringBuilder out, RunData run, List<String> targets) {
        RunInfo info = run.info();
        Map<String, String> env = info.environment();
        out.append("| | |\n|---|---|\n");
        row(out, "Run", code(info.runId()) + ", " + info.status() + RunHeader.completion(info));
        row(out, "Started", text(info.startedAt()));
        row(out, "Ended", info.endedAt() == null ? "not recorded" : text(info.endedAt()));
        row(out, "JVM", text(RunHeader.jvm(env)));
        row(out, "OS", text(RunHeader.os(env)));
        row(out, "CPUs, memory", text(RunHeader.cpusAndMemory(env)));
        if (env.containsKey("git.commit")) {
            row(out, "Commit", code(env.get("git.commit")));
        }
        String builtFrom = RunHeader.builtFrom(env);
        if (builtFrom != null) {
            row(out, "Harness built from", code(builtFrom));
        }
        String forks = RunHeader.forks(run);
        if (forks != null) {
            row(out, "Forks", text(forks));
        }
        String mock = RunHeader.mockWarmup(info);
        if (mock != null) {
            row(out, "Mock warm-up", text(mock));
        }
        for (String restart : RunHeader.mockRestarts(info)) {
            row(out, "Mock died", text(restart));
        }
        String floor = targets.isEmpty() ? null : RunHeader.floor(run, targets.get(0));
        if (floor != null) {
            row(out, "Floor", text(floor));
        }
        String versions = RunHeader.versions(info);
        if (versions != null) {
            row(out, "Versions", text(versions));
        }
        String baseline = RunHeader.baseline(info, targets);
        if (baseline != null) {
            row(out, "Baseline", text(baseline));
        }
        String shard = RunHeader.shard(info);
        if (shard != null) {
            row(out, "Shard", text(shard));
        }
        for (String note : info.notes()) {
            row(out, "Note", text(note));
        }
        if (run.fromSummaryNote() != null) {
            row(out, "Note", text(run.fromSummaryNote()));
        }
        row(out, "Arguments", info.arguments().isEmpty() ? "(none)" : code(RunHeader.arguments(info)));
        if (!info.settings().isEmpty()) {
            row(out, "Settings", code(RunHeader.settings(info)));
        }
        out.append('\n');
    }

    /**
     * {@code ## Profiles}: per benchmark the table by group against the baseline, then per profiled
     * target its top methods and allocated types.
     */
    private static void profiles(StringBuilder out, RunData run, List<String> targets) {
        out.append("## ").append(ProfileSection.TITLE).append("\n\n").append(ProfileSection.INTRO).append("\n\n");
        for (ProfileSection.Benchmark benchmark : ProfileSection.of(run, targets)) {
            out.append("### ").append(text(benchmark.name())).append("\n\n");
            if (benchmark.groups() != null) {
                table(out, benchmark.groups());
            }
            for (String note : benchmark.notes()) {
                out.append(withCode(note)).append("\n\n");
            }
            for (ProfileSection.TargetProfile target : benchmark.targets()) {
                out.append("#### ").append(text(target.target())).append("\n\n").append(withCode(target.summary()))
                        .append("\n\n");
                if (target.packages() != null) {
                    out.append("Top framework packages by self samples:\n\n");
                    table(out, target.packages());
                }
                if (target.methods() != null) {
                    out.append("Top methods by self samples:\n\n");
                    table(out, target.methods());
                }
                if (target.allocations() != null) {
                    out.append("Top allocated types by sampled bytes:\n\n");
                    table(out, target.allocations());
                }
            }
        }
    }

    /** A table of the profiles: text left, figures right; names of code as code spans. */
    private static void table(StringBuilder out, ProfileSection.Table table) {
        out.append('|');
        for (String heading : table.header()) {
            out.append(' ').append(text(heading)).append(" |");
        }
        out.append("\n|").append("---|".repeat(table.textColumns()))
                .append("---:|".repeat(table.header().size() - table.textColumns())).append('\n');
        for (List<String> row : table.rows()) {
            out.append('|');
            for (int i = 0; i < row.size(); i++) {
                out.append(' ').append(i == 0 && table.codeNames() ? code(row.get(i)) : text(row.get(i))).append(" |");
            }
            out.append('\n');
        }
        out.append('\n');
    }

    /** Text whose {@code `code`} spans stay code spans, the rest escaped as {@link #text} does. */
    private static String withCode(String text) {
        String[] parts = text.split("`", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            boolean code = i % 2 == 1 && i < parts.length - 1;
            out.append(code ? "`" + parts[i] + "`" : (i % 2 == 1 ? "`" : "") + text(parts[i]));
        }
        return out.toString();
    }

    /** A header row; {@code value} is markdown already. */
    private static void row(StringBuilder out, String name, String value) {
        out.append("| ").append(name).append(" | ").append(value).append(" |\n");
    }

    /** The cells that did not finish OK, if any; returns whether there were some. */
    private static boolean problems(StringBuilder out, List<CellResult> cells) {
        List<CellResult> failed = cells.stream().filter(cell -> cell.status().failure()).toList();
        List<CellResult> notApplicable = cells.stream()
                .filter(cell -> cell.status() == CellStatus.NOT_APPLICABLE).toList();
        if (!failed.isEmpty()) {
            out.append("## Cells that did not finish OK\n\n");
            for (CellResult cell : failed) {
                out.append("- ").append(code(cell.target() + "/" + cell.name())).append(' ')
                        .append(cell.status()).append(": ").append(text(Units.firstLine(cell.error()))).append('\n');
            }
        }
        if (!notApplicable.isEmpty()) {
            out.append(failed.isEmpty() ? "" : "\n").append("## Cells not applicable\n\n")
                    .append("The target cannot do what these cells ask, by design; they have no figures and fail"
                            + " nothing.\n\n");
            for (CellResult cell : notApplicable) {
                out.append("- ").append(code(cell.target() + "/" + cell.name())).append(' ')
                        .append(cell.status().label()).append(": ").append(text(Units.firstLine(cell.error())))
                        .append('\n');
            }
        }
        return !failed.isEmpty() || !notApplicable.isEmpty();
    }

    /**
     * {@code - `target/cell`: warning}, a line per warning of every cell that has some.
     *
     * @param afterList whether the list of failures comes just before, which ends without a blank line
     */
    private static void warnings(StringBuilder out, List<CellResult> cells, boolean afterList) {
        List<CellResult> warned = Sections.warned(cells);
        if (warned.isEmpty()) {
            return;
        }
        out.append(afterList ? "\n" : "").append("## ").append(Sections.WARNINGS_TITLE).append("\n\n")
                .append(Sections.WARNINGS_INTRO).append("\n\n");
        for (CellResult cell : warned) {
            for (String warning : cell.warnings()) {
                out.append("- ").append(code(cell.target() + "/" + cell.name())).append(": ")
                        .append(text(Units.firstLine(warning))).append('\n');
            }
        }
    }

    /**
     * Text from a run as markdown text, in a table cell or not: no column breaks, and no HTML of its
     * own (markdown renders inline HTML, so angle brackets are written as entities).
     */
    private static String text(String text) {
        return escape(text.replace("|", "\\|"));
    }

    /** Text from a run as a code span, which shows HTML as it is; only column breaks are escaped. */
    private static String code(String text) {
        return "`" + text.replace("`", "'").replace("|", "\\|") + "`";
    }

    private static String escape(String text) {
        return text.replace("<", "&lt;").replace(">", "&gt;");
    }
}
