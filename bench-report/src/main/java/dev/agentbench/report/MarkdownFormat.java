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
        String baseline = targets.get(0);
        out.append("Median time per iteration, p95 in brackets");
        if (targets.size() > 1) {
            out.append("; each other target also as a ratio of its median to `").append(baseline).append("`'s");
        }
        out.append(".\n\n");
        table(out, targets, rows);
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

    private static void table(StringBuilder out, List<String> targets, Map<String, Map<String, CellResult>> rows) {
        String baseline = targets.get(0);
        out.append("| Benchmark |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String target : targets) {
            out.append(' ').append(target).append(" |");
            rule.append("---:|");
            if (!target.equals(baseline)) {
                out.append(' ').append(target).append(" ÷ ").append(baseline).append(" |");
                rule.append("---:|");
            }
        }
        out.append('\n').append(rule).append('\n');
        boolean drifted = false;
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            Units.TimeUnitLabel unit = Units.timeUnitFor(Math.exp(row.getValue().values().stream()
                    .filter(cell -> cell.status() == CellStatus.OK && cell.time().median() > 0)
                    .mapToDouble(cell -> Math.log(cell.time().median()))
                    .average().orElse(0)));
            CellResult base = row.getValue().get(baseline);
            out.append("| ").append(row.getKey()).append(" |");
            for (String target : targets) {
                CellResult cell = row.getValue().get(target);
                out.append(' ').append(figure(cell, unit)).append(" |");
                drifted |= cell != null && Boolean.FALSE.equals(cell.steadyState());
                if (!target.equals(baseline)) {
                    out.append(' ').append(ratio(cell, base)).append(" |");
                }
            }
            out.append('\n');
        }
        if (drifted) {
            out.append("\n† not steady: the median of the timed pass's last third differs from its first third's "
                    + "by more than the drift threshold; warm up longer before trusting this figure.\n");
        }
    }

    private static String figure(CellResult cell, Units.TimeUnitLabel unit) {
        if (cell == null) {
            return "not run";
        }
        if (cell.status() != CellStatus.OK) {
            return "**" + cell.status() + "**";
        }
        String text = unit.format(cell.time().median()) + " (" + unit.format(cell.time().p95()) + ")";
        return Boolean.FALSE.equals(cell.steadyState()) ? text + " †" : text;
    }

    private static String ratio(CellResult cell, CellResult base) {
        if (cell == null || base == null || cell.status() != CellStatus.OK || base.status() != CellStatus.OK
                || base.time().median() <= 0) {
            return "–";
        }
        return Units.ratio(cell.time().median() / base.time().median());
    }

    private static void problems(StringBuilder out, List<CellResult> cells) {
        List<CellResult> failed = cells.stream().filter(cell -> cell.status() != CellStatus.OK).toList();
        if (failed.isEmpty()) {
            return;
        }
        out.append("\n## Cells that did not finish OK\n\n");
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
