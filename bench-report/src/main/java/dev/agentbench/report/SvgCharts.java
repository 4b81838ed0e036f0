package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * The charts of {@code report.html}, as inline SVG: plain shapes and text with explicit sizes, so
 * that they render without script, fonts or anything fetched. Targets keep one colour in every chart.
 */
final class SvgCharts {

    /**
     * One colour per target, in target order (the baseline first); red is left to failures. Ten, so
     * that a default run of every target (nine) repeats none: Tableau 10 without its red, then the
     * darker teal of Tableau 20.
     */
    private static final String[] PALETTE = {
        "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#bab0ac", "#ff9da7",
        "#499894"
    };

    static final int WIDTH = 500;
    private static final int LABEL_WIDTH = 84;
    private static final int VALUE_WIDTH = 156;
    private static final int ROW_HEIGHT = 24;

    private SvgCharts() {}

    /** The colour of the target at {@code index} in the run's target order. */
    static String color(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /**
     * One bar per target: the median, with a whisker out to the p95; or, in a row whose cells are
     * held to the heap they retain ({@link #retainedRow}), the retained bytes per agent or session.
     * Targets whose cell did not end OK show their status in place of a bar; a bar whose cell was not
     * steady or was disturbed is drawn pale, and its value says why.
     */
    static String medians(String title, Map<String, CellResult> cells, List<String> targets) {
        if (retainedRow(cells)) {
            return retained(title, cells, targets);
        }
        double max = 0;
        for (CellResult cell : cells.values()) {
            if (cell.status() == CellStatus.OK && cell.time() != null) {
                max = Math.max(max, Math.max(cell.time().p95(), cell.time().median()));
            }
        }
        Units.TimeUnitLabel unit = Units.timeUnitFor(max);
        double[] ticks = ticks(max / unit.nanos);
        double scaleMax = ticks[ticks.length - 1] * unit.nanos;
        int plotLeft = LABEL_WIDTH;
        int plotRight = WIDTH - VALUE_WIDTH;
        StringBuilder svg = barFrame(title + ": median and p95 per target", targets.size(), ticks, unit.nanos,
                unit.label);
        for (int i = 0; i < targets.size(); i++) {
            String target = targets.get(i);
            CellResult cell = cells.get(target);
            double middle = 6 + i * ROW_HEIGHT + ROW_HEIGHT / 2.0;
            if (!barLabel(svg, target, cell, cell != null && cell.time() != null, middle)) {
                continue;
            }
            double median = plotLeft + (plotRight - plotLeft) * (cell.time().median() / scaleMax);
            double p95 = plotLeft + (plotRight - plotLeft) * (cell.time().p95() / scaleMax);
            String caveat = caveat(cell);
            svg.append(String.format(Locale.ROOT,
                    "<rect class=\"%s\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"12\" rx=\"2\" fill=\"%s\">"
                            + "<title>%s: median %s, p95 %s%s</title></rect>",
                    caveat.isEmpty() ? "bar" : "bar pale", plotLeft, middle - 6, Math.max(1, median - plotLeft),
                    color(i), Html.text(target), Units.time(cell.time().median()), Units.time(cell.time().p95()),
                    caveat.isEmpty() ? "" : " (" + caveat + ")"));
            svg.append(line(median, middle, p95, middle, "whisker"));
            svg.append(line(p95, middle - 5, p95, middle + 5, "whisker"));
            svg.append(text(WIDTH - 4, middle + 4, "end", "value",
                    Units.time(cell.time().median()) + " · p95 " + Units.time(cell.time().p95())
                            + (caveat.isEmpty() ? "" : " †")));
        }
        return svg.append("</svg>").toString();
    }

    /**
     * Whether a row's cells are held to the heap they retain ({@code memory_footprint}, {@code
     * session_growth}): every cell that ended OK reports retained bytes per agent or session. Their
     * time is that of building or running while the rest are held, not what the row is for.
     */
    static boolean retainedRow(Map<String, CellResult> cells) {
        List<CellResult> ok = cells.values().stream().filter(cell -> cell.status() == CellStatus.OK).toList();
        return !ok.isEmpty() && ok.stream().allMatch(cell -> retainedBytes(cell) != null);
    }

    private static Double retainedBytes(CellResult cell) {
        return cell.memory() == null ? null : cell.memory().retainedBytesPerUnit();
    }

    /**
     * Why a cell's figure is not one to quote on its own, or empty: its forks did not all reach a
     * steady state, or the machine disturbed one that a rerun did not replace.
     */
    static String caveat(CellResult cell) {
        List<String> why = new ArrayList<>();
        if (ForkFigures.unsteady(cell)) {
            why.add("not steady");
        }
        if (cell.disturbed()) {
            why.add("disturbed");
        }
        return String.join(", ", why);
    }

    /**
     * One bar per target: the bytes of heap each agent or session retains, from zero (a negative
     * figure, the heap's noise around a target that keeps nothing, draws the thinnest bar), on an
     * axis in the binary unit its largest figure fills.
     */
    private static String retained(String title, Map<String, CellResult> cells, List<String> targets) {
        double max = 1; // an axis of at least one byte, when every target keeps nothing
        for (CellResult cell : cells.values()) {
            if (cell.status() == CellStatus.OK) {
                max = Math.max(max, retainedBytes(cell));
            }
        }
        Units.ByteUnit unit = Units.byteUnitFor(max);
        double[] ticks = ticks(max / unit.bytes);
        double scaleMax = ticks[ticks.length - 1] * unit.bytes;
        int plotLeft = LABEL_WIDTH;
        int plotRight = WIDTH - VALUE_WIDTH;
        StringBuilder svg = barFrame(title + ": retained heap per target", targets.size(), ticks, unit.bytes,
                unit.label);
        for (int i = 0; i < targets.size(); i++) {
            String target = targets.get(i);
            CellResult cell = cells.get(target);
            double middle = 6 + i * ROW_HEIGHT + ROW_HEIGHT / 2.0;
            if (!barLabel(svg, target, cell, cell != null, middle)) {
                continue;
            }
            double bytes = retainedBytes(cell);
            String per = " per " + (cell.memory().retainedUnit() == null ? "unit" : cell.memory().retainedUnit());
            double end = plotLeft + (plotRight - plotLeft) * (Math.max(0, bytes) / scaleMax);
            svg.append(String.format(Locale.ROOT,
                    "<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"12\" rx=\"2\" fill=\"%s\">"
                            + "<title>%s: %s retained%s</title></rect>",
                    plotLeft, middle - 6, Math.max(1, end - plotLeft), color(i), Html.text(target),
                    Units.bytes(bytes), per));
            svg.append(text(WIDTH - 4, middle + 4, "end", "value", Units.bytes(bytes) + per));
        }
        return svg.append("</svg>").toString();
    }

    /**
     * A bar chart of {@code rows} targets opened, with its value axis: a line at each tick, {@code
     * unitSize} apart in the figure's own unit, labelled with {@code unitLabel}, the last tick at the
     * plot's right edge.
     */
    private static StringBuilder barFrame(String title, int rows, double[] ticks, double unitSize, String unitLabel) {
        int plotLeft = LABEL_WIDTH;
        int plotRight = WIDTH - VALUE_WIDTH;
        double scaleMax = ticks[ticks.length - 1] * unitSize;
        StringBuilder svg = open(title, 6 + rows * ROW_HEIGHT + 20);
        int axisBottom = 6 + rows * ROW_HEIGHT;
        for (double tick : ticks) {
            double x = plotLeft + (plotRight - plotLeft) * (tick * unitSize / scaleMax);
            svg.append(line(x, 4, x, axisBottom, tick == 0 ? "axis" : "grid"));
            svg.append(text(x, axisBottom + 14, "middle", "tick", tickNumber(tick) + (tick == 0 ? "" : " " + unitLabel)));
        }
        return svg;
    }

    /**
     * A bar's row label; when the target's cell did not end OK or has no figure to draw, its status
     * in place of the bar.
     *
     * @return whether the bar is to be drawn
     */
    private static boolean barLabel(StringBuilder svg, String target, CellResult cell, boolean hasFigure,
            double middle) {
        svg.append(text(LABEL_WIDTH - 8, middle + 4, "end", "label", target));
        if (cell != null && cell.status() == CellStatus.OK && hasFigure) {
            return true;
        }
        String status = cell == null ? "not run" : cell.status().label();
        svg.append(text(LABEL_WIDTH + 6, middle + 4, "start", "status " + (cell == null ? "NOTRUN"
                : HtmlFormat.pillClass(cell.status())), status));
        return false;
    }

    /**
     * Sessions per second against the concurrency N, one line per target. The N axis is by rank
     * (1, 8, 16 equally spaced); the value axis turns logarithmic when targets differ by more than
     * 30×, so that a fast calibration target does not flatten the others.
     *
     * @param byN N → target → cell, for every N the run planned of one benchmark
     */
    static String throughput(String title, SortedMap<Integer, Map<String, CellResult>> byN, List<String> targets) {
        return lines(new Lines(title + ": sessions per second against concurrency N", "sessions/s",
                SvgCharts::sessionsPerSecond, new TreeMap<>(), ""), byN, targets);
    }

    /**
     * A benchmark's headline figure of {@code section} against the sessions N, one line per target,
     * and the section's reference figure (see {@link FigureSections#reference}) once, dashed, grey and
     * last, so that it shows over a target that keeps up with it.
     *
     * @param byN N → target → cell, for every N the run planned of the benchmark
     */
    static String figure(String title, String section, SortedMap<Integer, Map<String, CellResult>> byN,
            List<String> targets) {
        String unit = "";
        String label = section;
        String referenceLabel = null;
        for (Map<String, CellResult> cells : byN.values()) {
            for (CellResult cell : cells.values()) {
                List<dev.agentbench.api.result.Figure> figures = FigureSections.of(cell, section);
                if (cell.status() == CellStatus.OK && !figures.isEmpty()) {
                    unit = figures.get(0).unit();
                    label = figures.get(0).label();
                    dev.agentbench.api.result.Figure reference = FigureSections.reference(cell, section);
                    referenceLabel = reference == null ? referenceLabel : reference.label();
                }
            }
        }
        return lines(new Lines(title + ": " + label + " against sessions N" + (referenceLabel == null ? ""
                : ", the " + referenceLabel + " dashed"), unit, cell -> FigureSections.headline(cell, section),
                references(byN, section), referenceLabel == null ? "" : referenceLabel), byN, targets);
    }

    /**
     * What a chart of a line per target against N draws.
     *
     * @param label what the chart's title says it shows
     * @param unit the value axis's unit
     * @param value a cell's value; {@code NaN} or not above 0 for no point
     * @param ideal N → a reference value, drawn once as a dashed line; empty for none
     * @param idealLabel what the reference is called
     */
    private record Lines(String label, String unit, ToDoubleFunction<CellResult> value,
            SortedMap<Integer, Double> ideal, String idealLabel) {}

    private static String lines(Lines chart, SortedMap<Integer, Map<String, CellResult>> byN, List<String> targets) {
        double min = Double.MAX_VALUE;
        double max = 0;
        List<Double> values = new ArrayList<>(chart.ideal().values());
        byN.values().forEach(cells -> cells.values().forEach(cell -> values.add(chart.value().applyAsDouble(cell))));
        for (double value : values) {
            if (value > 0) {
                min = Math.min(min, value);
                max = Math.max(max, value);
            }
        }
        boolean log = max > 0 && max / min > 30;
        int left = 56;
        int right = WIDTH - 14;
        int top = 22;
        int bottom = 170;
        StringBuilder svg = open(chart.label() + (log ? ", logarithmic scale" : ""), 206);
        double[] ticks = log ? decades(min, max) : ticks(max * 1.05);
        double low = log ? ticks[0] : 0;
        double high = ticks[ticks.length - 1];
        for (double tick : ticks) {
            double y = y(tick, low, high, log, top, bottom);
            svg.append(line(left, y, right, y, tick == low ? "axis" : "grid"));
            svg.append(text(left - 6, y + 3.5, "end", "tick", compactTick(tick)));
        }
        List<Integer> levels = new ArrayList<>(byN.keySet());
        double step = levels.size() == 1 ? 0 : (right - left - 40.0) / (levels.size() - 1);
        double x0 = levels.size() == 1 ? (left + right) / 2.0 : left + 20;
        for (int k = 0; k < levels.size(); k++) {
            svg.append(text(x0 + k * step, bottom + 16, "middle", "tick", "N=" + levels.get(k)));
        }
        svg.append(text(right, bottom + 32, "end", "tick", chart.unit() + (log ? " (log scale)" : "")
                + (chart.ideal().isEmpty() ? "" : " · dashed: " + chart.idealLabel())));
        for (int i = 0; i < targets.size(); i++) {
            String target = targets.get(i);
            StringBuilder points = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            for (int k = 0; k < levels.size(); k++) {
                CellResult cell = byN.get(levels.get(k)).get(target);
                double value = cell == null ? Double.NaN : chart.value().applyAsDouble(cell);
                if (!(value > 0)) {
                    flush(svg, points, i);
                    continue;
                }
                double x = x0 + k * step;
                double y = y(value, low, high, log, top, bottom);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                dots.append(String.format(Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s at N=%d: %s %s</title></circle>",
                        x, y, color(i), Html.text(target), levels.get(k), Units.number(value), chart.unit()));
                dots.append(text(x + 6, y - 6, "start", "value", compact(value)));
            }
            flush(svg, points, i);
            svg.append(dots);
        }
        svg.append(idealLine(chart, levels, k -> x0 + k * step, value -> y(value, low, high, log, top, bottom)));
        return svg.append("</svg>").toString();
    }

    /**
     * The chart's ideal as one dashed polyline through its points at each N that has one, with a
     * tooltip of every figure; empty when it has none.
     */
    private static String idealLine(Lines chart, List<Integer> levels, IntToDoubleFunction x, DoubleUnaryOperator y) {
        StringBuilder points = new StringBuilder();
        List<String> figures = new ArrayList<>();
        for (int k = 0; k < levels.size(); k++) {
            Double value = chart.ideal().get(levels.get(k));
            if (value != null && value > 0) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x.applyAsDouble(k), y.applyAsDouble(value)));
                figures.add(Units.number(value) + " at N=" + levels.get(k));
            }
        }
        if (points.length() == 0) {
            return "";
        }
        return "<polyline class=\"ideal\" fill=\"none\" stroke-width=\"1.5\" stroke=\"#57606a\" stroke-dasharray=\"6 4\" "
                + "points=\"" + points.toString().trim() + "\"><title>" + Html.text(chart.idealLabel()) + ": "
                + Html.text(String.join(", ", figures)) + " " + chart.unit() + "</title></polyline>";
    }

    /**
     * N → the section's reference figure at N: the median of the OK cells' there, which are alike
     * when the targets share the setting it comes from (a load cell's ideal is N ÷ the model's time
     * per turn as the mock held it for that target). An N without any is left out.
     */
    static SortedMap<Integer, Double> references(SortedMap<Integer, Map<String, CellResult>> byN, String section) {
        SortedMap<Integer, Double> references = new TreeMap<>();
        byN.forEach((n, cells) -> {
            double[] values = cells.values().stream()
                    .map(cell -> FigureSections.reference(cell, section))
                    .filter(reference -> reference != null && reference.value() > 0)
                    .mapToDouble(dev.agentbench.api.result.Figure::value).toArray();
            if (values.length > 0) {
                references.put(n, dev.agentbench.api.result.Figure.Combine.MEDIAN.of(values));
            }
        });
        return references;
    }

    /** The sessions per second of an OK cell; {@code NaN} otherwise. */
    static double sessionsPerSecond(CellResult cell) {
        return cell == null || cell.status() != CellStatus.OK || cell.throughput() == null
                ? Double.NaN : cell.throughput().sessionsPerSecond();
    }

    private static void flush(StringBuilder svg, StringBuilder points, int target) {
        if (points.length() > 0) {
            svg.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color(target))
                    .append("\" points=\"").append(points.toString().trim()).append("\"/>");
            points.setLength(0);
        }
    }

    private static double y(double value, double low, double high, boolean log, int top, int bottom) {
        double fraction = log ? (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))
                : (value - low) / (high - low);
        return bottom - (bottom - top) * fraction;
    }

    static StringBuilder open(String label, int height) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"chart\" role=\"img\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"><title>%s</title>",
                WIDTH, height, WIDTH, height, Html.text(label)));
    }

    static String line(double x1, double y1, double x2, double y2, String cssClass) {
        return String.format(Locale.ROOT, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                cssClass, x1, y1, x2, y2);
    }

    static String text(double x, double y, String anchor, String cssClass, String text) {
        return String.format(Locale.ROOT, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>",
                cssClass, x, y, anchor, Html.text(text));
    }

    /** 0 and 3 to 5 round steps (1, 2 or 5 × 10ᵏ) up to at least {@code max}. */
    static double[] ticks(double max) {
        if (!(max > 0)) {
            return new double[] {0, 1};
        }
        double raw = max / 4;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double fraction = raw / magnitude;
        double step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
        int count = (int) Math.ceil(max / step - 1e-9);
        double[] ticks = new double[count + 1];
        for (int i = 0; i <= count; i++) {
            ticks[i] = i * step;
        }
        return ticks;
    }

    /** Powers of ten from at or below {@code min} to at or above {@code max}. */
    static double[] decades(double min, double max) {
        int from = (int) Math.floor(Math.log10(min));
        int to = Math.max(from + 1, (int) Math.ceil(Math.log10(max)));
        double[] ticks = new double[to - from + 1];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = Math.pow(10, from + i);
        }
        return ticks;
    }

    /** A value next to a point, about three significant digits: {@code 241}, {@code 1.05k}, {@code 265k}, {@code 1.10M}. */
    static String compact(double value) {
        return value >= 1e6 ? Units.number(value / 1e6) + "M" : value >= 1e3 ? Units.number(value / 1e3) + "k"
                : Units.number(value);
    }

    /** A tick value: {@code 0}, {@code 500}, {@code 1k}, {@code 2.5k}, {@code 1M}. */
    static String compactTick(double value) {
        return value >= 1e6 ? tickNumber(value / 1e6) + "M" : value >= 1e3 ? tickNumber(value / 1e3) + "k"
                : tickNumber(value);
    }

    /** A round tick value without trailing zeros: {@code 0}, {@code 0.2}, {@code 10}. */
    static String tickNumber(double value) {
        return new java.math.BigDecimal(value).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
