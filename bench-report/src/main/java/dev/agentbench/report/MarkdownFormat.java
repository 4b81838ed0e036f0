package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import java.util.List;
import java.util.Map;

/**
 * {@code report.md}: a header that says what ran where, then one row per cell name in the fixed
 * row order and one column per target, the baseline first and every other target also as a ratio
 * to it. Cells that are not OK say so, and why, below the tables; then the warnings of the cells
 * that have some.
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
        header(out, run);
        List<String> targets = run.targets(options.baseline());
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        out.append("## Results\n\n");
        if (rows.isEmpty()) {
            out.append("No cells were planned.\n");
            return out.toString();
        }
        for (Sections.Section section : Sections.of(targets, rows, new Intervals())) {
            out.append("### ").append(section.title()).append("\n\n").append(section.intro()).append("\n\n")
                    .append(escape(ComparisonTable.markdown(targets, section.rows()))).append('\n');
            if (section.id().equals("time") && Sections.anyDrifted(run)) {
                out.append(Sections.DRIFT_NOTE).append("\n\n");
            }
        }
        boolean failures = problems(out, run.cells());
        warnings(out, run.cells(), failures);
        return out.toString();
    }

    private static void header(StringBuilder out, RunData run) {
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
        String forks = RunHeader.forks(run);
        if (forks != null) {
            row(out, "Forks", text(forks));
        }
        String mock = RunHeader.mockWarmup(info);
        if (mock != null) {
            row(out, "Mock warm-up", text(mock));
        }
        String versions = RunHeader.versions(info);
        if (versions != null) {
            row(out, "Versions", text(versions));
        }
        for (String note : info.notes()) {
            row(out, "Note", text(note));
        }
        row(out, "Arguments", info.arguments().isEmpty() ? "(none)" : code(RunHeader.arguments(info)));
        if (!info.settings().isEmpty()) {
            row(out, "Settings", code(RunHeader.settings(info)));
        }
        out.append('\n');
    }

    /** A header row; {@code value} is markdown already. */
    private static void row(StringBuilder out, String name, String value) {
        out.append("| ").append(name).append(" | ").append(value).append(" |\n");
    }

    /** The cells that did not finish OK, if any; returns whether there were some. */
    private static boolean problems(StringBuilder out, List<CellResult> cells) {
        List<CellResult> failed = cells.stream().filter(cell -> cell.status() != CellStatus.OK).toList();
        if (failed.isEmpty()) {
            return false;
        }
        out.append("## Cells that did not finish OK\n\n");
        for (CellResult cell : failed) {
            out.append("- ").append(code(cell.target() + "/" + cell.name())).append(' ')
                    .append(cell.status()).append(": ").append(text(Units.firstLine(cell.error()))).append('\n');
        }
        return true;
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
