package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A markdown table with one row per cell name and one column per target, the baseline first and
 * every other target followed by its ratio to the baseline. Cells that did not end OK show their
 * status; targets that did not plan a row show "not run".
 */
final class ComparisonTable {

    /** How a section of the report shows one OK cell. */
    interface Figure {
        /** The text for an OK cell of the row; {@code null} when the cell has no such figure. */
        String text(CellResult cell, RowContext row);

        /** The value a ratio compares; {@code NaN} when the cell has none. */
        double value(CellResult cell);
    }

    /**
     * What a figure may know of its whole row.
     *
     * @param timeUnit the unit the row's times read best in
     * @param floor the row's cell of the {@code noop} calibration target, or {@code null}
     */
    record RowContext(Units.TimeUnitLabel timeUnit, CellResult floor) {}

    private ComparisonTable() {}

    /**
     * Renders the rows that have at least one figure.
     *
     * @param rows cell name → target → result, in report order
     * @param rowsWithoutOkCells whether to show rows in which no cell ended OK (one section of a
     *     report shows them, so that they are not repeated in every section)
     * @return the table, or an empty string when no row has a figure
     */
    static String render(List<String> targets, Map<String, Map<String, CellResult>> rows, Figure figure,
            Function<Map<String, CellResult>, RowContext> context, boolean rowsWithoutOkCells) {
        String baseline = targets.get(0);
        StringBuilder out = new StringBuilder("| Benchmark |");
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
        int rendered = 0;
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            Map<String, CellResult> cells = row.getValue();
            boolean any = cells.values().stream()
                    .anyMatch(cell -> cell.status() == CellStatus.OK && !Double.isNaN(figure.value(cell)));
            boolean anyOk = cells.values().stream().anyMatch(cell -> cell.status() == CellStatus.OK);
            if (!any && (anyOk || !rowsWithoutOkCells)) {
                continue; // a row of another section, or one that only the first section shows
            }
            RowContext rowContext = context.apply(cells);
            out.append("| ").append(row.getKey()).append(" |");
            CellResult base = cells.get(baseline);
            for (String target : targets) {
                CellResult cell = cells.get(target);
                out.append(' ').append(text(cell, figure, rowContext)).append(" |");
                if (!target.equals(baseline)) {
                    out.append(' ').append(ratio(cell, base, figure)).append(" |");
                }
            }
            out.append('\n');
            rendered++;
        }
        return rendered == 0 ? "" : out.toString();
    }

    private static String text(CellResult cell, Figure figure, RowContext row) {
        if (cell == null) {
            return "not run";
        }
        if (cell.status() != CellStatus.OK) {
            return "**" + cell.status() + "**";
        }
        String text = figure.text(cell, row);
        return text == null ? "–" : text;
    }

    private static String ratio(CellResult cell, CellResult base, Figure figure) {
        if (cell == null || base == null || cell.status() != CellStatus.OK || base.status() != CellStatus.OK) {
            return "–";
        }
        double value = figure.value(cell);
        double baseValue = figure.value(base);
        if (Double.isNaN(value) || Double.isNaN(baseValue) || baseValue <= 0) {
            return "–";
        }
        return Units.ratio(value / baseValue);
    }

    /** A figure read from one number of the cell, shown with {@code format}. */
    static Figure of(ToDoubleFunction<CellResult> value, java.util.function.BiFunction<Double, RowContext, String> format) {
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
        };
    }
}
