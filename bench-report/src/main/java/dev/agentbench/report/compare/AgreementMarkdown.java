package dev.agentbench.report.compare;

import static dev.agentbench.report.compare.CompareMarkdown.code;
import static dev.agentbench.report.compare.CompareMarkdown.count;
import static dev.agentbench.report.compare.CompareMarkdown.row;
import static dev.agentbench.report.compare.CompareMarkdown.run;
import static dev.agentbench.report.compare.CompareMarkdown.text;

import dev.agentbench.report.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Whether two runs agree, as markdown: a header with the rule and what differs between the runs, one
 * line that says whether they agree and names the cells outside a bound (the largest five), the largest differences of
 * medians and of ratios, one table of every checked cell (both medians, both ratios to the baseline,
 * CPU and allocation, each cell outside a bound in bold), how far the kinds' own figures moved, and the
 * cells not checked with why.
 */
public final class AgreementMarkdown {

    /** A figure of a cell and how far it moved, B against A. */
    private record Moved(CellAgreement cell, double change) {}

    /** How many of the largest differences are named. */
    static final int LARGEST = 5;

    private AgreementMarkdown() {}

    public static String render(Agreement agreement) {
        AgreementOptions options = agreement.options();
        String base = agreement.baseline() == null ? "the baseline" : code(agreement.baseline());
        StringBuilder out = new StringBuilder();
        out.append("# agentbench agree: ").append(code(agreement.a().runId())).append(" and ")
                .append(code(agreement.b().runId())).append("\n\n| | |\n|---|---|\n");
        row(out, "Run A", run(agreement.a()));
        row(out, "Run B", run(agreement.b()));
        row(out, "Rule", "the runs agree when every checked cell's median in B lies within ±"
                + CompareOptions.percent(options.medianWithin()) + " of A's and its ratio to " + base + " within ±"
                + CompareOptions.percent(options.ratioWithin()) + " of A's"
                + (agreement.retainedChecked().isEmpty() ? ""
                        : ", and every retained heap within " + retainedBounds(options, "or") + " per agent or session")
                + "; checked are the cells OK, steady and undisturbed in both runs (the figures a report may "
                + "publish)");
        for (Comparison.VersionChange change : Comparison.versionChanges(agreement.a(), agreement.b())) {
            row(out, "Version change", code(change.target()) + " " + code(change.base()) + " → "
                    + code(change.changed()) + ": its cells measured two versions of its framework");
        }
        if (!agreement.settingChanges().isEmpty()) {
            row(out, "Settings differ", text(String.join("; ", agreement.settingChanges()))
                    + ": the runs are not of one plan");
        }
        if (!agreement.machineChanges().isEmpty()) {
            row(out, "Machines differ", text(String.join("; ", agreement.machineChanges())));
        }
        out.append('\n');

        verdict(out, agreement);
        List<CellAgreement> checked = agreement.checked();
        if (!checked.isEmpty() || !agreement.retainedChecked().isEmpty()) {
            largest(out, agreement);
        }
        if (!checked.isEmpty()) {
            table(out, agreement, checked);
        }
        retained(out, agreement);
        if (!checked.isEmpty()) {
            figures(out, agreement);
        }
        List<CellAgreement> notChecked = agreement.notChecked();
        List<CellAgreement> ratiosNotChecked = checked.stream().filter(cell -> cell.ratioNote() != null).toList();
        if (!notChecked.isEmpty() || !ratiosNotChecked.isEmpty()) {
            out.append("## Not checked\n\n");
            for (CellAgreement cell : notChecked) {
                out.append("- ").append(code(cell.id())).append(": ").append(text(cell.note())).append(medians(cell))
                        .append('\n');
            }
            for (CellAgreement cell : ratiosNotChecked) {
                out.append("- ").append(code(cell.id())).append("'s ratio: ").append(text(cell.ratioNote()))
                        .append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static void verdict(StringBuilder out, Agreement agreement) {
        AgreementOptions options = agreement.options();
        List<CellAgreement> checked = agreement.checked();
        List<CellAgreement> ratios = agreement.ratiosChecked();
        List<CellAgreement> retained = agreement.retainedChecked();
        int notChecked = agreement.notChecked().size();
        String skipped = notChecked == 0 ? "" : "; " + notChecked + " not checked";
        if (checked.isEmpty() && retained.isEmpty()) {
            out.append("**Nothing checked**: no cell is OK, steady and undisturbed in both runs").append(skipped)
                    .append(".\n\n");
            return;
        }
        List<CellAgreement> outside = agreement.outside();
        List<CellAgreement> ratiosOutside = agreement.ratiosOutside();
        List<CellAgreement> retainedOutside = agreement.retainedOutside();
        if (agreement.agree()) {
            List<String> parts = new ArrayList<>();
            if (!checked.isEmpty()) {
                parts.add("medians within " + largestChange(checked, CellAgreement::change));
            }
            if (!ratios.isEmpty()) {
                parts.add("ratios within " + largestChange(ratios, CellAgreement::ratioChange));
            }
            if (!retained.isEmpty()) {
                parts.add("retained heap within " + retainedBounds(options, "or"));
            }
            out.append("**Agree**: ").append(count(checked.size(), "cell")).append(" checked; ")
                    .append(String.join(", ", parts)).append(skipped).append(".\n\n");
            return;
        }
        out.append("**Disagree**: ");
        List<String> parts = new ArrayList<>();
        if (!outside.isEmpty()) {
            parts.add(outside.size() + " of " + checked.size() + " medians outside ±"
                    + CompareOptions.percent(options.medianWithin()) + " (" + named(outside, CellAgreement::change) + ")");
        }
        if (!ratiosOutside.isEmpty()) {
            parts.add(ratiosOutside.size() + " of " + ratios.size() + " ratios outside ±"
                    + CompareOptions.percent(options.ratioWithin()) + " ("
                    + named(ratiosOutside, CellAgreement::ratioChange) + ")");
        }
        if (!retainedOutside.isEmpty()) {
            parts.add(retainedOutside.size() + " of " + retained.size() + " retained heaps outside "
                    + retainedBounds(options, "and") + " ("
                    + named(retainedOutside, CellAgreement::retainedChange) + ")");
        }
        out.append(String.join("; ", parts)).append(skipped).append(".\n\n");
    }

    /** {@code 2.9% (largest `langchain4j/tools` +2.9%)}: the largest change of {@code cells} either way, and where. */
    private static String largestChange(List<CellAgreement> cells, Function<CellAgreement, Double> change) {
        return Agreement.largest(cells, change, 1).stream().findFirst()
                .map(cell -> Units.percent(Math.abs(change.apply(cell))) + " (largest " + code(cell.id()) + " "
                        + signed(change.apply(cell)) + ")")
                .orElse("–");
    }

    /**
     * The cells with their changes, the largest first; beyond {@link #LARGEST} of them, how many more
     * ({@code … and 15 more}): the table has every one.
     */
    private static String named(List<CellAgreement> cells, Function<CellAgreement, Double> change) {
        List<CellAgreement> largestFirst = cells.stream().sorted(Agreement.largestFirst(change)).toList();
        List<String> names = new ArrayList<>();
        for (CellAgreement cell : largestFirst.subList(0, Math.min(LARGEST, largestFirst.size()))) {
            names.add(code(cell.id()) + " " + signed(change.apply(cell)));
        }
        int more = largestFirst.size() - names.size();
        return String.join(", ", names) + (more > 0 ? " and " + more + " more" : "");
    }

    private static void largest(StringBuilder out, Agreement agreement) {
        out.append("## Largest differences\n\n");
        line(out, "Medians", agreement.largest(CellAgreement::change, LARGEST), CellAgreement::change);
        line(out, "Ratios to " + (agreement.baseline() == null ? "the baseline" : code(agreement.baseline())),
                agreement.largest(CellAgreement::ratioChange, LARGEST), CellAgreement::ratioChange);
        line(out, "CPU per iteration", agreement.largest(CellAgreement::cpuChange, LARGEST), CellAgreement::cpuChange);
        line(out, "Allocated per iteration", agreement.largest(CellAgreement::allocatedChange, LARGEST),
                CellAgreement::allocatedChange);
        retainedLine(out, agreement);
        out.append('\n');
    }

    /**
     * {@code - Retained heap, by how far past the wider of ±3% and ±32 B: `koog/memory_footprint` +4.1%
     * (+1,210 B), …}: the {@link #LARGEST} ranked by {@link CellAgreement#retainedMoved}, not by
     * percent, since a figure about 0 moves by many percent within its bytes bound.
     */
    private static void retainedLine(StringBuilder out, Agreement agreement) {
        List<String> names = agreement.retainedChecked().stream()
                .sorted(Comparator.comparingDouble((CellAgreement cell) -> cell.retainedMoved(agreement.options()))
                        .reversed())
                .limit(LARGEST)
                .map(cell -> code(cell.id()) + " " + signed(cell.retainedChange()) + " ("
                        + signedBytes(cell.retainedB() - cell.retainedA()) + ")")
                .toList();
        if (names.isEmpty()) {
            return;
        }
        out.append("- Retained heap, by how far past the wider of ").append(retainedBounds(agreement.options(), "and"))
                .append(": ").append(String.join(", ", names)).append('\n');
    }

    private static void line(StringBuilder out, String what, List<CellAgreement> cells,
            Function<CellAgreement, Double> change) {
        if (!cells.isEmpty()) {
            out.append("- ").append(what).append(": ").append(named(cells, change)).append('\n');
        }
    }

    private static void table(StringBuilder out, Agreement agreement, List<CellAgreement> checked) {
        AgreementOptions options = agreement.options();
        String base = agreement.baseline() == null ? "baseline" : text(agreement.baseline());
        out.append("## Checked cells\n\nMedian of the forks' medians in each run, B against A; the ratio to ")
                .append(base).append(" in each run, and how far it moved; CPU and allocation per iteration, B against A "
                        + "(shown, not judged). A difference outside its bound is in bold.\n\n")
                .append("| Benchmark | Target | A | B | B ÷ A − 1 | A ÷ ").append(base).append(" | B ÷ ").append(base)
                .append(" | moved | CPU | allocated |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (CellAgreement cell : checked) {
            String moved = cell.ratioChecked() ? bold(signed(cell.ratioChange()), cell.ratioOutside(options)) : "–";
            out.append("| ").append(text(cell.name())).append(" | ").append(text(cell.target())).append(" | ")
                    .append(Units.time(cell.a())).append(" | ").append(Units.time(cell.b())).append(" | ")
                    .append(bold(signed(cell.change()), cell.outside(options))).append(" | ")
                    .append(ratio(cell.ratioA())).append(" | ").append(ratio(cell.ratioB())).append(" | ")
                    .append(moved).append(" | ")
                    .append(cell.cpuChange() == null ? "–" : signed(cell.cpuChange())).append(" | ")
                    .append(cell.allocatedChange() == null ? "–" : signed(cell.allocatedChange())).append(" |\n");
        }
        out.append('\n');
    }

    /**
     * The retained heap of the cells whose headline it is, B against A: held whenever both runs ended
     * the cell OK, since a heap reading is no timed sample and a fork's warm-up does not bear on it.
     */
    private static void retained(StringBuilder out, Agreement agreement) {
        List<CellAgreement> cells = agreement.retainedChecked();
        if (cells.isEmpty()) {
            return;
        }
        out.append("## Retained heap\n\nThe heap each agent or session keeps after a settled collection, the headline "
                + "of these cells, in each run (the median of the forks'), B against A, held to ")
                .append(retainedBounds(agreement.options(), "or"))
                .append(" per agent or session, whichever is wider (a figure about 0, a framework that lets its "
                        + "deleted sessions go, moves by the heap's own noise, which no fraction of it bounds), "
                        + "whether or not their timed pass was steady. A difference outside both bounds is in bold.\n\n")
                .append("| Benchmark | Target | A | B | B ÷ A − 1 | B − A |\n|---|---|---:|---:|---:|---:|\n");
        for (CellAgreement cell : cells) {
            String per = cell.retainedUnit() == null ? "" : " / " + cell.retainedUnit();
            boolean outside = cell.retainedOutside(agreement.options());
            out.append("| ").append(text(cell.name())).append(" | ").append(text(cell.target())).append(" | ")
                    .append(wholeBytes(cell.retainedA())).append(per).append(" | ")
                    .append(wholeBytes(cell.retainedB())).append(per).append(" | ")
                    .append(bold(signed(cell.retainedChange()), outside))
                    .append(" | ")
                    .append(bold(signedBytes(cell.retainedB() - cell.retainedA()), outside))
                    .append(" |\n");
        }
        out.append('\n');
    }

    /** For each figure of the kinds, over the checked cells that have it: how many, and the largest change. */
    private static void figures(StringBuilder out, Agreement agreement) {
        Map<String, List<Moved>> byLabel = new LinkedHashMap<>();
        for (CellAgreement cell : agreement.checked()) {
            for (FigureChange figure : cell.figures()) {
                if (figure.ratio() != null) {
                    byLabel.computeIfAbsent(figure.label(), label -> new ArrayList<>())
                            .add(new Moved(cell, figure.ratio() - 1));
                }
            }
        }
        if (byLabel.isEmpty()) {
            return;
        }
        out.append("## Figures of the benchmark kinds\n\nShown, not judged: over the checked cells that have each, the "
                + "largest difference B against A.\n\n| Figure | Cells | Largest difference |\n|---|---:|---|\n");
        byLabel.forEach((label, changes) -> {
            Moved largest = changes.get(0);
            for (Moved change : changes) {
                if (Math.abs(change.change()) > Math.abs(largest.change())) {
                    largest = change;
                }
            }
            out.append("| ").append(text(label)).append(" | ").append(changes.size()).append(" | ")
                    .append(signed(largest.change())).append(" (").append(code(largest.cell().id())).append(") |\n");
        });
        out.append('\n');
    }

    /** Both medians of a cell not checked, where both runs have one: {@code  (medians 310 µs → 330 µs, +6.5%)}. */
    private static String medians(CellAgreement cell) {
        if (cell.a() == null || cell.b() == null) {
            return "";
        }
        return " (medians " + Units.time(cell.a()) + " → " + Units.time(cell.b()) + ", " + signed(cell.change()) + ")";
    }


    /** A change as a signed percentage with one decimal: {@code +2.9%}, {@code -0.4%}. */
    static String signed(Double change) {
        if (change == null) {
            return "from 0"; // both figures there, the first 0: no ratio to show
        }
        String text = String.format(Locale.ROOT, "%+.1f%%", change * 100);
        return text.equals("-0.0%") ? "+0.0%" : text;
    }

    /** Bytes to the byte, {@code 26,171 B}: two runs' heaps agree to a tenth of a percent, which KiB to three digits hide. */
    private static String wholeBytes(double bytes) {
        return String.format(Locale.ROOT, "%,.0f B", bytes);
    }

    /** {@code +4 B}, {@code -122 B}: a difference of retained heap in whole bytes, signed as the changes are. */
    private static String signedBytes(double bytes) {
        long whole = Math.round(bytes);
        return (whole >= 0 ? "+" : "") + String.format(Locale.ROOT, "%,d B", whole);
    }

    /**
     * {@code ±3% or ±32 B}: the bounds a retained heap is held to, joined by {@code or} (within either)
     * or {@code and} (outside both).
     */
    private static String retainedBounds(AgreementOptions options, String joined) {
        return "±" + CompareOptions.percent(options.medianWithin()) + " " + joined + " ±"
                + String.format(Locale.ROOT, "%,.0f B", options.retainedBytesWithin());
    }

    private static String ratio(Double ratio) {
        return ratio == null ? "–" : String.format(Locale.ROOT, "%.3f×", ratio);
    }

    private static String bold(String text, boolean bold) {
        return bold ? "**" + text + "**" : text;
    }




}
