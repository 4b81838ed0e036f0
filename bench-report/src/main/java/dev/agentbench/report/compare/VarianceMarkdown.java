package dev.agentbench.report.compare;

import static dev.agentbench.report.compare.CompareMarkdown.code;
import static dev.agentbench.report.compare.CompareMarkdown.count;
import static dev.agentbench.report.compare.CompareMarkdown.row;
import static dev.agentbench.report.compare.CompareMarkdown.run;

import dev.agentbench.report.Units;
import dev.agentbench.report.compare.Variance.CellVariance;
import dev.agentbench.report.compare.Variance.Figure;
import dev.agentbench.report.stats.VarianceComponents;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where the spread lies, as markdown: a header with the runs and the method, then for each figure one
 * line of the median cell and a table of every cell (each level's spread and share, what one run's
 * interval and two runs' distance come to, and the forks a run needs for the precision), and the cells
 * that gave no components, with why.
 */
public final class VarianceMarkdown {

    private VarianceMarkdown() {}

    public static String render(Variance variance) {
        String precision = "±" + CompareOptions.percent(variance.precision());
        StringBuilder out = new StringBuilder();
        out.append("# agentbench variance: ").append(count(variance.runs().size(), "run")).append("\n\n| | |\n|---|---|\n");
        for (int i = 0; i < variance.runs().size(); i++) {
            row(out, "Run " + (i + 1), run(variance.runs().get(i)));
        }
        row(out, "Method", "each figure's variance, of its logarithm, split by level after Kalibera and Jones (2013): "
                + "within a fork (the sampling noise of the fork's median), between forks of one run, and between "
                + "runs; each shown as a relative spread (one standard deviation) with its share of the whole");
        row(out, "One run", "the half-width of a 95% interval over one run's forks: what lies between runs is not in it");
        row(out, "Two runs", "how far apart two runs of as many forks land, 95 times in 100");
        row(out, "Forks for " + precision, "the fewest forks a run needs for two runs to land within " + precision
                + " of each other 95 times in 100; `none` when what lies between runs is wider by itself"
                + (variance.runs().size() == 1 ? " (with one run, nothing between runs is seen: it counts as 0)" : ""));
        for (Figure figure : Figure.values()) {
            List<CellVariance> cells = variance.cells(figure);
            if (!cells.isEmpty()) {
                section(out, figure, cells, variance.precision(), precision);
            }
        }
        if (!variance.left().isEmpty()) {
            out.append("\n## Cells without components\n\n");
            variance.left().forEach(line -> out.append("- ").append(line).append('\n'));
        }
        return out.toString();
    }

    private static void section(StringBuilder out, Figure figure, List<CellVariance> cells, double precision,
            String precisionText) {
        String title = figure.title();
        out.append("\n## ").append(Character.toUpperCase(title.charAt(0))).append(title.substring(1)).append("\n\n");
        out.append(summary(cells, precision, precisionText)).append("\n\n");
        out.append("| Cell | Target | Runs | Forks | Samples a fork | Within a fork | Between forks | Between runs "
                + "| One run | Two runs | Forks for ").append(precisionText).append(" |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (CellVariance cell : cells) {
            VarianceComponents c = cell.components();
            out.append("| ").append(code(cell.name())).append(" | ").append(code(cell.target()))
                    .append(cell.unsteadyForks() > 0 ? " (" + cell.unsteadyForks() + " unsteady)" : "")
                    .append(" | ").append(c.runs())
                    .append(" | ").append(c.forks())
                    .append(" | ").append(c.samplesPerFork() == 0 ? "—" : String.format(Locale.ROOT, "%,d", c.samplesPerFork()))
                    .append(" | ").append(level(c, c.within()))
                    .append(" | ").append(level(c, c.betweenForks()))
                    .append(" | ").append(level(c, c.betweenRuns()))
                    .append(" | ±").append(Units.percent(c.halfWidth(c.forksPerRun())))
                    .append(" | ").append(c.runs() < 2 ? "—" : "±" + Units.percent(c.runToRun(c.forksPerRun())))
                    .append(" | ").append(forks(cell.forksFor(precision)))
                    .append(" |\n");
        }
    }

    /**
     * The line of the cells together: each level's estimates averaged over the cells ({@link
     * VarianceComponents#pooled}) with its share, what one run and two runs come to with the forks a
     * run had, and the forks the precision needs; then, cell by cell, the median of those forks, a
     * cell that no number of forks brings within the precision counting as the most.
     */
    static String summary(List<CellVariance> cells, double precision, String precisionText) {
        VarianceComponents pooled = VarianceComponents.pooled(cells.stream().map(CellVariance::components).toList());
        StringBuilder line = new StringBuilder("Pooled over ").append(count(cells.size(), "cell"))
                .append(" (each level's estimates averaged): within a fork ")
                .append(pooled.within() == null ? "not measured" : level(pooled, pooled.within()))
                .append(", between forks ").append(level(pooled, pooled.betweenForks()));
        if (pooled.betweenRuns() != null) {
            line.append(", between runs ").append(level(pooled, pooled.betweenRuns()));
        }
        line.append("; one run ±").append(Units.percent(pooled.halfWidth(pooled.forksPerRun())));
        if (pooled.betweenRuns() != null) {
            line.append(", two runs ±").append(Units.percent(pooled.runToRun(pooled.forksPerRun())));
        }
        line.append(String.format(Locale.ROOT, " with %.1f forks a run; forks for ", pooled.forksPerRun()))
                .append(precisionText).append(": ").append(forks(pooled.forksFor(precision)));
        List<Integer> forks = cells.stream().map(cell -> cell.forksFor(precision))
                .sorted(Comparator.nullsLast(Comparator.naturalOrder())).toList();
        long none = forks.stream().filter(n -> n == null).count();
        line.append(". Cell by cell, forks for ").append(precisionText).append(": median ")
                .append(forks(forks.get((forks.size() - 1) / 2)))
                .append(none == 0 ? "" : "; " + none + " of " + forks.size() + " cells none (between runs alone wider)");
        return line.append('.').toString();
    }

    /** A level's spread and its share, or a dash when the level is not measured. */
    private static String level(VarianceComponents components, Double variance) {
        return variance == null ? "—" : sd(variance) + " (" + share(components.share(variance)) + ")";
    }

    /** A variance of logarithms as a relative spread: {@code 4.1%}. */
    private static String sd(double variance) {
        return Units.percent(Math.sqrt(variance));
    }

    private static String share(double share) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    private static String forks(Integer forks) {
        return forks == null ? "none" : Integer.toString(forks);
    }
}
