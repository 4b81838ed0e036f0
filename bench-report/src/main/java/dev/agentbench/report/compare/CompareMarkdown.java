package dev.agentbench.report.compare;

import dev.agentbench.report.Units;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as markdown, for a CI log or a pull request: a header, one line that says whether
 * anything regressed and which cells, one table of the compared cells in report order with each
 * regression in bold and the forks each side ran in, then the cells that were not compared and why
 * (with both medians where both runs have one).
 */
public final class CompareMarkdown {

    private CompareMarkdown() {}

    public static String render(Comparison comparison) {
        CompareOptions options = comparison.options();
        String interval = CompareOptions.percent(options.confidence()) + " interval";
        StringBuilder out = new StringBuilder();
        out.append("# agentbench compare: ").append(side(comparison.base())).append(" → ")
                .append(side(comparison.changed())).append("\n\n");
        out.append("| | |\n|---|---|\n");
        row(out, "Base run", run(comparison.base()));
        row(out, "New run", run(comparison.changed()));
        for (Comparison.VersionChange change : comparison.versionChanges()) {
            row(out, "Version change", code(change.target()) + " " + code(change.base()) + " → "
                    + code(change.changed()) + ": its cells compare two versions of its framework");
        }
        row(out, "Rule", "regression: median new ÷ base above " + ratio(1 + options.threshold()) + " (threshold "
                + CompareOptions.percent(options.threshold()) + ") and its " + interval + " wholly above 1×; "
                + "improvement: below " + ratio(1 - options.threshold()) + " and its interval wholly below 1×; "
                + "a cell needs " + CompareOptions.MIN_FORKS + " forks a side to be judged");
        row(out, "Interval", "the wider of Welch's t on the logarithms of the forks' medians (the variation "
                + "between JVMs) and a hierarchical percentile bootstrap of the ratio of the medians of fork medians, "
                + String.format(Locale.ROOT, "%,d", options.resamples()) + " rounds, each resampling a run's forks, "
                + "then the samples within each drawn fork (the error within each JVM); seed " + options.seed());
        out.append('\n');

        List<CellComparison> compared = comparison.cells().stream().filter(cell -> cell.verdict().compared()).toList();
        List<CellComparison> allocations = comparison.cells().stream().filter(CellComparison::allocationJudged)
                .toList();
        int judged = (int) comparison.cells().stream().filter(CellComparison::judged).count();
        List<CellComparison> regressions = comparison.regressions();
        if (regressions.isEmpty()) {
            out.append("**No regression** in ").append(count(judged, "cell")).append(" compared");
        } else {
            out.append("**").append(count(regressions.size(), "regression")).append("** in ")
                    .append(count(judged, "cell")).append(" compared: ");
            for (int i = 0; i < regressions.size(); i++) {
                CellComparison cell = regressions.get(i);
                out.append(i == 0 ? "" : ", ").append(code(cell.id()));
                if (cell.verdict() == Verdict.REGRESSION) {
                    out.append(' ').append(ratio(cell.estimate().ratio()));
                }
                if (cell.allocationJudged() && cell.allocation().regression()) {
                    out.append(cell.verdict() == Verdict.REGRESSION ? "," : "").append(" allocation ")
                            .append(ratio(cell.allocation().estimate().ratio()));
                }
            }
        }
        int improvements = comparison.cells(Verdict.IMPROVEMENT).size();
        if (improvements > 0) {
            out.append("; ").append(count(improvements, "improvement"));
        }
        long allocationImprovements = allocations.stream()
                .filter(cell -> cell.allocation().verdict() == Verdict.IMPROVEMENT).count();
        if (allocationImprovements > 0) {
            out.append("; ").append(count((int) allocationImprovements, "allocation improvement"));
        }
        int notCompared = comparison.cells().size() - judged;
        if (notCompared > 0) {
            out.append("; ").append(notCompared).append(" not compared");
        }
        out.append(".\n\n");

        if (!compared.isEmpty()) {
            out.append("| Benchmark | Target | Base median | New median | New ÷ base | ").append(interval)
                    .append(" | Forks | Verdict |\n|---|---|---:|---:|---:|---|---:|---|\n");
            for (CellComparison cell : compared) {
                RatioEstimate estimate = cell.estimate();
                String verdict = cell.verdict() == Verdict.REGRESSION ? "**REGRESSION**" : cell.verdict().label();
                out.append("| ").append(text(cell.name())).append(" | ").append(text(cell.target())).append(" | ")
                        .append(Units.time(cell.base().median())).append(" | ")
                        .append(Units.time(cell.changed().median())).append(" | ")
                        .append(ratio(estimate.ratio())).append(" | ")
                        .append(ratio(estimate.low())).append(" – ").append(ratio(estimate.high())).append(" | ")
                        .append(cell.base().forks()).append(" / ").append(cell.changed().forks()).append(" | ")
                        .append(verdict).append(" |\n");
            }
            out.append('\n');
        }
        if (!allocations.isEmpty()) {
            out.append("## Allocation per operation\n\nBytes allocated per operation by all threads, judged beside the "
                    + "time: a regression when new ÷ base is above ").append(ratio(1 + options.allocationThreshold()))
                    .append(" (threshold ").append(CompareOptions.percent(options.allocationThreshold()))
                    .append(", or ").append(String.format(Locale.ROOT, "%.0f", AllocationChange.FLOOR_BYTES))
                    .append(" bytes when that is more) and its ").append(interval).append(" wholly above 1×; one "
                    + "fork a side is enough, its interval then that of the median of its memory pass's iterations."
                    + "\n\n| Benchmark | Target | Base | New | New ÷ base | ").append(interval)
                    .append(" | Forks | Verdict |\n|---|---|---:|---:|---:|---|---:|---|\n");
            for (CellComparison cell : allocations) {
                AllocationChange allocation = cell.allocation();
                String verdict = allocation.regression() ? "**REGRESSION**" : allocation.verdict().label();
                out.append("| ").append(text(cell.name())).append(" | ").append(text(cell.target())).append(" | ")
                        .append(Units.bytes(allocation.base())).append(" | ")
                        .append(Units.bytes(allocation.changed())).append(" | ")
                        .append(ratio(allocation.estimate().ratio())).append(" | ")
                        .append(ratio(allocation.estimate().low())).append(" – ")
                        .append(ratio(allocation.estimate().high())).append(" | ")
                        .append(cell.base().forks()).append(" / ").append(cell.changed().forks()).append(" | ")
                        .append(verdict).append(" |\n");
            }
            out.append('\n');
        }
        List<CellComparison> withFigures = comparison.cells().stream().filter(cell -> !cell.figures().isEmpty()).toList();
        if (!withFigures.isEmpty()) {
            out.append("## Figures of the benchmark kinds\n\nEach cell's own figures in both runs, shown and not judged "
                    + "(the verdict is the time's); better or worse by which way the figure is better, same within the "
                    + "threshold.\n\n| Benchmark | Target | Figure | Base | New | New ÷ base | |\n"
                    + "|---|---|---|---:|---:|---:|---|\n");
            for (CellComparison cell : withFigures) {
                for (FigureChange figure : cell.figures()) {
                    out.append("| ").append(text(cell.name())).append(" | ").append(text(cell.target())).append(" | ")
                            .append(text(figure.label())).append(" | ")
                            .append(Units.figure(figure.base(), figure.unit())).append(" | ")
                            .append(Units.figure(figure.changed(), figure.unit())).append(" | ")
                            .append(figure.ratio() == null ? "–" : ratio(figure.ratio())).append(" | ")
                            .append(figure.direction()).append(" |\n");
                }
            }
            out.append('\n');
        }
        if (comparison.cells().size() > compared.size()) {
            out.append("## Not compared\n\n");
            for (CellComparison cell : comparison.cells()) {
                if (!cell.verdict().compared()) {
                    out.append("- ").append(code(cell.id())).append(' ').append(cell.verdict().label()).append(": ")
                            .append(text(cell.note())).append(medians(cell))
                            .append(cell.allocationJudged() ? "; its allocation is judged above" : "").append('\n');
                }
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** Both medians of a cell not compared, where both runs have one: {@code  (medians 310 µs → 330 µs)}. */
    private static String medians(CellComparison cell) {
        if (cell.base() == null || cell.changed() == null || cell.base().median() == null
                || cell.changed().median() == null) {
            return "";
        }
        return " (medians " + Units.time(cell.base().median()) + " → " + Units.time(cell.changed().median()) + ")";
    }

    static String run(Comparison.RunRef run) {
        return code(run.runId()) + (run.column() == null ? "" : " column " + code(run.column())) + ", " + run.status()
                + ", started " + text(run.startedAt());
    }

    /** A side in the title: the run's id, and its column when two columns of one run are compared. */
    private static String side(Comparison.RunRef run) {
        return run.column() == null ? code(run.runId()) : code(run.column());
    }

    /** A ratio with three decimals, enough to read a change of a tenth of a percent: {@code 1.203×}. */
    static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.3f×", ratio);
    }

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    static void row(StringBuilder out, String name, String value) {
        out.append("| ").append(name).append(" | ").append(value).append(" |\n");
    }

    /** Text from a run as markdown text: no column breaks, no HTML of its own. */
    static String text(String text) {
        return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Text from a run as a code span; only column breaks are escaped. */
    static String code(String text) {
        return "`" + text.replace("`", "'").replace("|", "\\|") + "`";
    }
}
