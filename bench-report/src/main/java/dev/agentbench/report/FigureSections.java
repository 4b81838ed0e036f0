package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The report sections of the figures a benchmark kind measures of its own ({@link Figure}): one
 * section for each {@link Figure#section()} title the cells carry, in row order, worded from the
 * figures themselves. Nothing here names a figure: a new one appears in every report without a change.
 */
public final class FigureSections {

    private FigureSections() {}

    /**
     * Whether a cell's own figures say more than its time: its forks did not warm up (a cold start's
     * JVMs, a load cell's turns, whose time the model's hold makes) and its kind gave figures. The
     * reports then leave it out of the throughput table, and the progress line gives its figures.
     */
    public static boolean headlineIsFigures(CellResult cell) {
        return !cell.figures().isEmpty() && !cell.forksOrSelf().isEmpty()
                && cell.forksOrSelf().stream().allMatch(fork -> fork.warmup() == null);
    }

    /** The section titles the OK cells' figures carry, in the order the rows first show them. */
    static List<String> titles(Map<String, Map<String, CellResult>> rows) {
        Set<String> titles = new LinkedHashSet<>();
        rows.values().forEach(cells -> cells.values().stream().filter(cell -> cell.status() == CellStatus.OK)
                .forEach(cell -> cell.figures().forEach(figure -> titles.add(figure.section()))));
        return List.copyOf(titles);
    }

    /** A section id made from its title: {@code Throughput under model latency} → {@code throughput-under-model-latency}. */
    static String id(String title) {
        return title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    /**
     * Whether the section's headline is better one way, so that a ratio to the baseline says
     * something; a headline that is a setting or a count (how many agents a sample built) is not
     * compared, and its ratio reads {@code –}.
     */
    static boolean compared(String section, Map<String, Map<String, CellResult>> rows) {
        return rows.values().stream().flatMap(cells -> cells.values().stream()).map(cell -> of(cell, section))
                .filter(figures -> !figures.isEmpty()).findFirst()
                .map(figures -> figures.get(0).better() != Figure.Better.NEITHER).orElse(true);
    }

    /** The figures of {@code section} in {@code cell}, in the cell's order; the first is the headline. */
    static List<Figure> of(CellResult cell, String section) {
        return cell.figures().stream().filter(figure -> figure.section().equals(section)).toList();
    }

    /**
     * The section's introduction: each figure's label and description, once, in the order the cells
     * give them; the headline first, which the ratios compare.
     */
    static String intro(String section, Map<String, Map<String, CellResult>> rows, String ratioNote) {
        Map<String, Figure> figures = new LinkedHashMap<>();
        rows.values().forEach(cells -> cells.values().forEach(cell -> of(cell, section)
                .forEach(figure -> figures.putIfAbsent(figure.name(), figure))));
        List<String> parts = new ArrayList<>();
        boolean overFloor = false;
        boolean ranges = false;
        for (Figure figure : figures.values()) {
            String direction = switch (figure.better()) {
                case LOWER -> ", lower is better";
                case HIGHER -> ", higher is better";
                case NEITHER -> "";
            };
            String unit = figure.unit().isEmpty() ? "" : figure.unit();
            parts.add("**" + figure.label() + "**" + (unit.isEmpty() && direction.isEmpty()
                    ? "" : " (" + (unit.isEmpty() ? direction.substring(2) : unit + direction) + ")") + ": "
                    + figure.description());
            overFloor |= figure.overFloor();
        }
        for (Map<String, CellResult> cells : rows.values()) {
            for (CellResult cell : cells.values()) {
                ranges |= of(cell, section).stream().anyMatch(figure -> figure.low() != null);
            }
        }
        String text = String.join(" ", parts) + (figures.size() > 1 ? " The first is the one the table compares." : "");
        if (ranges) {
            text += " In brackets, the lowest and highest of the forks' values.";
        }
        if (overFloor) {
            text += " \"over " + Sections.FLOOR + "\" subtracts the same figure of the `" + Sections.FLOOR
                    + "` target, the JVM and harness floor.";
        }
        return text + ratioNote;
    }

    /** The table entry of a section: its headline figure with its range, the others after it. */
    static ComparisonTable.Figure table(String section) {
        return new ComparisonTable.Figure() {
            @Override
            public String text(CellResult cell, ComparisonTable.RowContext row) {
                List<Figure> figures = of(cell, section);
                if (figures.isEmpty()) {
                    return null;
                }
                Figure headline = figures.get(0);
                boolean range = headline.low() != null && !headline.low().equals(headline.high());
                String text = Units.figure(headline.value(), headline.unit()) + (!range ? ""
                        : " " + ForkFigures.bounds(headline.low(), headline.high(), headline.unit()));
                List<String> details = new ArrayList<>();
                figures.stream().skip(1).forEach(figure -> details.add(figure.label() + " "
                        + Units.figure(figure.value(), figure.unit())));
                CellResult floor = row.floor();
                if (headline.overFloor() && floor != null && floor != cell && floor.figure(headline.name()) != null) {
                    double over = headline.value() - floor.figure(headline.name()).value();
                    details.add((over >= 0 ? "+" : "") + Units.figure(over, headline.unit()) + " over " + Sections.FLOOR);
                }
                return text + (details.isEmpty() ? "" : " (" + String.join(", ", details) + ")");
            }

            @Override
            public double value(CellResult cell) {
                List<Figure> figures = of(cell, section);
                return figures.isEmpty() ? Double.NaN : figures.get(0).value();
            }

            @Override
            public String ratioText(CellResult cell, CellResult base, double ratio) {
                List<Figure> figures = of(cell, section);
                return !figures.isEmpty() && figures.get(0).better() == Figure.Better.NEITHER ? "–" : Units.ratio(ratio);
            }

            @Override
            public String title(CellResult cell) {
                List<Figure> figures = of(cell, section);
                if (cell.forksOrSelf().size() < 2 || figures.isEmpty()) {
                    return null;
                }
                Figure headline = figures.get(0);
                List<String> values = new ArrayList<>();
                cell.forksOrSelf().forEach(fork -> {
                    Figure mine = fork.figure(headline.name());
                    if (mine != null) {
                        values.add(Units.figure(mine.value(), mine.unit()));
                    }
                });
                return values.isEmpty() ? null // forks read from a summary of format 2 carry no figures
                        : headline.label() + " of each fork: " + String.join(", ", values);
            }
        };
    }

    /**
     * A cell's figures of {@code section} for a chart against N: the headline's value; {@code NaN}
     * when the cell is not OK or has none.
     */
    static double headline(CellResult cell, String section) {
        if (cell == null || cell.status() != CellStatus.OK) {
            return Double.NaN;
        }
        List<Figure> figures = of(cell, section);
        return figures.isEmpty() ? Double.NaN : figures.get(0).value();
    }

    /**
     * The reference of a chart of {@code section}'s headline: the first figure of the section in the
     * headline's unit that is better neither way (a load cell's ideal), for the cell; {@code null}
     * when there is none.
     */
    static Figure reference(CellResult cell, String section) {
        List<Figure> figures = of(cell, section);
        if (cell.status() != CellStatus.OK || figures.isEmpty()) {
            return null;
        }
        String unit = figures.get(0).unit();
        return figures.stream().skip(1)
                .filter(figure -> figure.unit().equals(unit) && figure.better() == Figure.Better.NEITHER)
                .findFirst().orElse(null);
    }
}
