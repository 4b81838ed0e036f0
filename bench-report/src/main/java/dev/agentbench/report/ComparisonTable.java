package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A comparison table: one row per cell name and one column per target, the baseline first and
 * every other target followed by its ratio to the baseline. Cells that did not end OK keep their
 * status; targets that did not plan a row are "not run". Each format renders the same rows its own
 * way ({@link #markdown} here; the HTML format has its own).
 *
 * <p>A run of more than {@link #MAX_WIDE_TARGETS} targets would need two columns a target (18 at
 * nine), more than a page or a terminal holds; its tables are {@linkplain #tall tall} instead: under
 * each benchmark one line per target ({@link Row#lines}), with a column for the figure, one for the
 * ratio and, when the section has overheads, one for the overhead. The rows keep the report's order
 * and the targets theirs, the baseline first.
 */
final class ComparisonTable {

    /**
     * The most targets a table shows side by side, two columns each and the benchmark's: six columns.
     * Four would make the time table, whose ratios carry their interval and their overhead, about
     * 1,330 px wide, more than {@code report.html}'s page (1,160 px) or a markdown viewer holds.
     */
    static final int MAX_WIDE_TARGETS = 3;

    /** Whether the tables of a run of {@code targets} are tall: a line per target under each benchmark. */
    static boolean tall(List<String> targets) {
        return targets.size() > MAX_WIDE_TARGETS;
    }

    /** How a section of the report shows one OK cell. */
    interface Figure {
        /** The text for an OK cell of the row; {@code null} when the cell has no such figure. */
        String text(CellResult cell, RowContext row);

        /** The value a ratio compares; {@code NaN} when the cell has none. */
        double value(CellResult cell);

        /** What the figure of an OK cell says on hovering it, in {@code report.html}; {@code null} for nothing. */
        default String title(CellResult cell) {
            return null;
        }

        /** The text of {@code cell}'s ratio to {@code base}, both OK with a value: {@code 3.20×}. */
        default String ratioText(CellResult cell, CellResult base, double ratio) {
            return Units.ratio(ratio);
        }

        /**
         * What {@code cell} adds to {@code base} in time, both OK with a value, shown under the ratio:
         * {@code +41.2 µs [+35.0, +47.9]}; {@code null} for a figure that is no time per operation.
         */
        default String overheadText(CellResult cell, CellResult base) {
            return null;
        }
    }

    /**
     * What a figure may know of its whole row.
     *
     * @param timeUnit the unit the row's times read best in
     * @param floor the row's cell of the {@code noop} calibration target, or {@code null}
     */
    record RowContext(Units.TimeUnitLabel timeUnit, CellResult floor) {}

    /**
     * One entry of a row: a target's figure, or (when {@code ratio}) its ratio to the baseline.
     *
     * @param cell the target's cell of the row; {@code null} when the target did not plan it
     * @param text the figure of an OK cell ({@code –} when it has none) or the ratio ({@code –} when
     *     there is none); {@code null} for a cell that is not OK or not run
     * @param value what the text shows as a number, for sorting; {@code NaN} when none
     * @param title what the entry says on hovering it; {@code null} for nothing
     * @param overhead under a ratio of times, the target's difference from the baseline ({@link
     *     Figure#overheadText}); {@code null} for none
     */
    record Entry(String target, CellResult cell, String text, double value, boolean ratio, String title,
            String overhead) {

        /** Whether the cell did not run to OK: then its status (or "not run") stands in for a figure. */
        boolean notOk() {
            return !ratio && (cell == null || cell.status() != CellStatus.OK);
        }
    }

    /** A row of entries, in the column order of the table. */
    record Row(String name, List<Entry> entries) {

        /** The row as a tall table shows it: per target, in column order, its figure and its ratio. */
        List<Line> lines() {
            List<Line> lines = new ArrayList<>();
            for (Entry entry : entries) {
                if (entry.ratio()) {
                    Line figure = lines.remove(lines.size() - 1);
                    lines.add(new Line(figure.figure(), entry));
                } else {
                    lines.add(new Line(entry, null));
                }
            }
            return List.copyOf(lines);
        }
    }

    /**
     * A target's line of a row in a tall table.
     *
     * @param ratio its ratio to the baseline; {@code null} for the baseline's own line
     */
    record Line(Entry figure, Entry ratio) {

        String target() {
            return figure.target();
        }
    }

    /** Whether some ratio of {@code rows} has an overhead under it: then a tall table gives it a column. */
    static boolean anyOverhead(List<Row> rows) {
        return rows.stream().flatMap(row -> row.entries().stream()).anyMatch(entry -> entry.overhead() != null);
    }

    private ComparisonTable() {}

    /**
     * The rows that have at least one figure.
     *
     * @param rows cell name → target → result, in report order
     * @param rowsWithoutOkCells whether to keep rows in which no cell ended OK (one section of a
     *     report shows them, so that they are not repeated in every section)
     * @return the rows, empty when no row has a figure
     */
    static List<Row> rows(List<String> targets, Map<String, Map<String, CellResult>> rows, Figure figure,
            Function<Map<String, CellResult>, RowContext> context, boolean rowsWithoutOkCells) {
        String baseline = targets.get(0);
        List<Row> result = new ArrayList<>();
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            Map<String, CellResult> cells = row.getValue();
            boolean any = cells.values().stream()
                    .anyMatch(cell -> cell.status() == CellStatus.OK && !Double.isNaN(figure.value(cell)));
            boolean anyOk = cells.values().stream().anyMatch(cell -> cell.status() == CellStatus.OK);
            if (!any && (anyOk || !rowsWithoutOkCells)) {
                continue; // a row of another section, or one that only the first section shows
            }
            RowContext rowContext = context.apply(cells);
            CellResult base = cells.get(baseline);
            List<Entry> entries = new ArrayList<>();
            for (String target : targets) {
                CellResult cell = cells.get(target);
                entries.add(entry(target, cell, figure, rowContext));
                if (!target.equals(baseline)) {
                    entries.add(ratio(target, cell, base, figure));
                }
            }
            result.add(new Row(row.getKey(), List.copyOf(entries)));
        }
        return List.copyOf(result);
    }

    /**
     * The rows as a markdown table, every text from the run passed through {@code escape}, an
     * overhead on a line of its own under its ratio ({@code <br>}); or, for more than {@link
     * #MAX_WIDE_TARGETS} targets, as a {@linkplain #tall tall} table whose figures are headed {@code
     * heading}; an empty string when there are none.
     */
    static String markdown(List<String> targets, List<Row> rows, String heading,
            java.util.function.UnaryOperator<String> escape) {
        if (rows.isEmpty()) {
            return "";
        }
        if (tall(targets)) {
            return tallMarkdown(targets, rows, heading, escape);
        }
        String baseline = targets.get(0);
        StringBuilder out = new StringBuilder("| Benchmark |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String target : targets) {
            out.append(' ').append(escape.apply(target)).append(" |");
            rule.append("---:|");
            if (!target.equals(baseline)) {
                out.append(' ').append(escape.apply(target)).append(" ÷ ").append(escape.apply(baseline)).append(" |");
                rule.append("---:|");
            }
        }
        out.append('\n').append(rule).append('\n');
        for (Row row : rows) {
            out.append("| ").append(escape.apply(row.name())).append(" |");
            for (Entry entry : row.entries()) {
                String text = markdown(entry, escape)
                        + (entry.notOk() || entry.overhead() == null ? "" : "<br>" + escape.apply(entry.overhead()));
                out.append(' ').append(text).append(" |");
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * A tall table: {@code | Benchmark | Target | <heading> | ÷ baseline |}, and {@code | over baseline |}
     * when a ratio has an overhead; the benchmark named on its first line only, the baseline's ratio
     * {@code baseline}.
     */
    private static String tallMarkdown(List<String> targets, List<Row> rows, String heading,
            java.util.function.UnaryOperator<String> escape) {
        String baseline = escape.apply(targets.get(0));
        boolean overhead = anyOverhead(rows);
        StringBuilder out = new StringBuilder("| Benchmark | Target | ").append(escape.apply(heading.replace("|", "\\|"))).append(" | ÷ ")
                .append(baseline).append(" |").append(overhead ? " over " + baseline + " |" : "")
                .append("\n|---|---|---:|---:|").append(overhead ? "---:|" : "").append('\n');
        for (Row row : rows) {
            boolean first = true;
            for (Line line : row.lines()) {
                out.append("| ").append(first ? escape.apply(row.name()) : "").append(first ? " | " : "| ")
                        .append(escape.apply(line.target())).append(" | ").append(markdown(line.figure(), escape))
                        .append(" | ").append(line.ratio() == null ? "baseline" : markdown(line.ratio(), escape))
                        .append(" |");
                if (overhead) {
                    String text = line.ratio() == null || line.ratio().overhead() == null ? ""
                            : escape.apply(line.ratio().overhead());
                    out.append(text.isEmpty() ? " |" : " " + text + " |");
                }
                out.append('\n');
                first = false;
            }
        }
        return out.toString();
    }

    /** An entry's text in markdown: its figure or ratio, else {@code not run} or its status in bold. */
    private static String markdown(Entry entry, java.util.function.UnaryOperator<String> escape) {
        if (!entry.notOk()) {
            return escape.apply(entry.text());
        }
        return entry.cell() == null ? "not run" : "**" + entry.cell().status().label() + "**";
    }

    private static Entry entry(String target, CellResult cell, Figure figure, RowContext row) {
        if (cell == null || cell.status() != CellStatus.OK) {
            return new Entry(target, cell, null, Double.NaN, false, null, null);
        }
        String text = figure.text(cell, row);
        return new Entry(target, cell, text == null ? "–" : text, figure.value(cell), false,
                text == null ? null : figure.title(cell), null);
    }

    private static Entry ratio(String target, CellResult cell, CellResult base, Figure figure) {
        if (cell == null || base == null || cell.status() != CellStatus.OK || base.status() != CellStatus.OK) {
            return new Entry(target, cell, "–", Double.NaN, true, null, null);
        }
        double value = figure.value(cell);
        double baseValue = figure.value(base);
        if (Double.isNaN(value) || Double.isNaN(baseValue) || baseValue <= 0) {
            return new Entry(target, cell, "–", Double.NaN, true, null, null);
        }
        return new Entry(target, cell, figure.ratioText(cell, base, value / baseValue), value / baseValue, true, null,
                figure.overheadText(cell, base));
    }

    /** A figure read from one number of the cell, shown with {@code format}. */
    static Figure of(ToDoubleFunction<CellResult> value, BiFunction<Double, RowContext, String> format) {
        return of(value, format, (cell, base) -> null);
    }

    /** A figure read from one number of the cell, shown with {@code format}, its overhead with {@code overhead}. */
    static Figure of(ToDoubleFunction<CellResult> value, BiFunction<Double, RowContext, String> format,
            BiFunction<CellResult, CellResult, String> overhead) {
        return new Figure() {
            @Override
            public String text(CellResult cell, RowContext row) {
                double v = value.applyAsDouble(cell);
                return Double.isNaN(v) ? null : format.apply(v, row);
            }

            @Override
            public double value(CellResult cell) {
                return value.applyAsDouble(cell);
            }

            @Override
            public String overheadText(CellResult cell, CellResult base) {
                return overhead.apply(cell, base);
            }
        };
    }
}
