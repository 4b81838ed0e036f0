package dev.agentbench.api.result;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One named figure of a cell or of one of its forks, carrying what a reader needs to show, compare
 * and combine it: its value, its unit, which way is better, how the forks' values make the cell's,
 * and where the reports show it. The benchmark kind that measures a figure is the only code that
 * names it; every report format, {@code summary.json}, {@code jmh-result.json} and {@code compare}
 * loop over a cell's figures, so a new figure changes none of them.
 *
 * @param name the figure's id, stable across versions: a letter, then letters and digits
 *     ({@code firstReplyMs}, {@code turnsPerSecond})
 * @param label what a report calls it, a few words ({@code first reply})
 * @param unit its unit as a report prints it after the number: {@code ms}, {@code ns}, {@code B},
 *     {@code turns/s}, {@code ×}; empty for a plain count or share
 * @param better which way is better, for ratios and {@code compare}
 * @param combine how the forks' values make the cell's
 * @param section the title of the report section that shows it; the section's first figure is its
 *     headline, compared across targets
 * @param description one sentence that says what it is, for the section's introduction
 * @param overFloor whether the reports also give it less the same figure of the calibration target
 *     ({@code noop}): what the target adds to the harness's own floor
 * @param value the figure
 * @param low the lowest of the forks' values, for a cell of several forks; {@code null} otherwise
 * @param high the highest of the forks' values, for a cell of several forks; {@code null} otherwise
 */
public record Figure(
        String name,
        String label,
        String unit,
        Better better,
        Combine combine,
        String section,
        String description,
        boolean overFloor,
        double value,
        Double low,
        Double high) {

    private static final Pattern NAME = Pattern.compile("[a-zA-Z][a-zA-Z0-9]*");

    /**
     * The unit of a flag: a figure of 1 (raised) or 0 that says a cell is of a kind a reader must
     * notice, such as a stream that was buffered. The reports print it as {@code yes} or {@code no}, and
     * the progress line names a raised flag after the cell's figure.
     */
    public static final String FLAG = "flag";

    /** Which way a figure is better. */
    public enum Better {
        /** Less is better: times, bytes, CPU. */
        LOWER,
        /** More is better: throughput, speedup, efficiency. */
        HIGHER,
        /** Neither: a setting or a count that describes the cell. */
        NEITHER
    }

    /** How the values of a cell's forks make the cell's: every JVM counts alike. */
    public enum Combine {
        /** The median of the forks' values. */
        MEDIAN,
        /** The largest of them: the worst fork of a figure where any fork's peak matters. */
        MAX,
        /** The smallest. */
        MIN,
        /** Their sum. */
        SUM;

        /** The cell's value from its forks' {@code values}, at least one. */
        public double of(double[] values) {
            if (values.length == 0) {
                throw new IllegalArgumentException("A figure needs at least one fork's value, got [0]");
            }
            return switch (this) {
                case MAX -> Arrays.stream(values).max().getAsDouble();
                case MIN -> Arrays.stream(values).min().getAsDouble();
                case SUM -> Arrays.stream(values).sum();
                case MEDIAN -> {
                    double[] sorted = values.clone();
                    Arrays.sort(sorted);
                    int n = sorted.length;
                    yield n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
                }
            };
        }
    }

    public Figure {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Figure name [" + name + "] must be a letter, then letters and digits");
        }
        Objects.requireNonNull(label, "label");
        unit = unit == null ? "" : unit;
        Objects.requireNonNull(better, "better");
        Objects.requireNonNull(combine, "combine");
        Objects.requireNonNull(section, "section");
        description = description == null ? "" : description;
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException("Figure [" + name + "] has no value (NaN)");
        }
        if ((low == null) != (high == null)) {
            throw new IllegalArgumentException("Figure [" + name + "] needs both bounds or neither");
        }
    }

    /** Whether this is a {@link #FLAG flag} that is raised: a value of one half or more. */
    public boolean raised() {
        return FLAG.equals(unit) && value >= 0.5;
    }

    /** This figure with {@code value} and no bounds: one fork's. */
    public Figure withValue(double value) {
        return new Figure(name, label, unit, better, combine, section, description, overFloor, value, null, null);
    }

    /** The cell's figure from the same figure of each of its forks, by {@link #combine}, with their range. */
    public static Figure combined(List<Figure> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("A figure needs at least one fork's value, got [0]");
        }
        Figure first = forks.get(0);
        double[] values = forks.stream().mapToDouble(Figure::value).toArray();
        double value = first.combine.of(values);
        if (values.length == 1) {
            return first.withValue(value);
        }
        return new Figure(first.name, first.label, first.unit, first.better, first.combine, first.section,
                first.description, first.overFloor, value, Arrays.stream(values).min().getAsDouble(),
                Arrays.stream(values).max().getAsDouble());
    }

    /** Each of {@code figures}' name and value, in their order. */
    public static java.util.Map<String, Double> values(List<Figure> figures) {
        java.util.Map<String, Double> values = new java.util.LinkedHashMap<>();
        figures.forEach(figure -> values.put(figure.name(), figure.value()));
        return java.util.Collections.unmodifiableMap(values);
    }

    /** The figure named {@code name} in {@code figures}, or {@code null}. */
    public static Figure find(List<Figure> figures, String name) {
        for (Figure figure : figures) {
            if (figure.name.equals(name)) {
                return figure;
            }
        }
        return null;
    }

    /**
     * What a benchmark kind declares of a figure it measures, everything but the value: {@link
     * #of(double)} makes the figure.
     */
    public record Definition(String name, String label, String unit, Better better, Combine combine, String section,
            String description, boolean overFloor) {

        public Definition {
            // checked by the figure it makes
            new Figure(name, label, unit, better, combine, section, description, overFloor, 0, null, null);
        }

        /** A figure the reports do not also give less the calibration target's. */
        public Definition(String name, String label, String unit, Better better, Combine combine, String section,
                String description) {
            this(name, label, unit, better, combine, section, description, false);
        }

        /** The figure with {@code value}. */
        public Figure of(double value) {
            return new Figure(name, label, unit, better, combine, section, description, overFloor, value, null, null);
        }
    }
}
