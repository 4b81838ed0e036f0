package dev.agentbench.report;

import dev.agentbench.api.Parameter;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.report.stats.Estimate;
import dev.agentbench.report.stats.GrowthExponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The cost curves of a run: for every sweep (the cells of one benchmark at one concurrency that differ
 * in one numeric parameter alone) and every target, each cost figure against the parameter, with its
 * growth exponent ({@link GrowthExponent}) and its interval from the forks, and whether it grows faster
 * than linearly. The cost figures are time, CPU time and allocation per iteration, then every figure the
 * sweep's cells carry that is better lower (a kind's retained heap per session, its collections): nothing
 * here names a kind's figure. Worded once for {@code report.md}, {@code report.html} and
 * {@code summary.json}.
 */
final class CostCurves {

    /** The title of the reports' section. */
    static final String TITLE = "Cost curves";

    /** The seed of every exponent's resampling: the same run gives the same intervals. */
    static final long SEED = 0x5eedc0de_2026L;

    /** What the section says first. */
    static final String INTRO = "Each sweep is the cells of one benchmark that differ in one numeric parameter "
            + "alone. Per target and figure, the median over forks at each value, then the growth exponent k of "
            + "cost ≈ a + b·x^k (a, b ≥ 0) fitted to the sweep: 1 is linear, 2 quadratic, 0 flat (the cost rises "
            + "less than " + Math.round(GrowthExponent.FLAT_RISE * 100) + "% across the sweep). The floor a is "
            + "fitted beside the growth, so the constant every turn pays does not pull the exponent down as it "
            + "does a plain log–log slope. In brackets, its 95% interval: the fit again on the forks resampled "
            + "(one fork a value: none). \"superlinear\" marks an exponent whose interval lies wholly above "
            + GrowthExponent.SUPERLINEAR_ABOVE + " (1 and the tolerance within which a linear cost reads 1; with one fork "
            + "a value, the exponent itself above it). \"undetermined\" replaces an exponent whose interval is wider "
            + "than " + exponentNumber(GrowthExponent.DETERMINED_WIDTH) + ": the rise across the sweep is within what "
            + "the forks scatter, so it fits anything from flat to steep. An exponent needs at least "
            + GrowthExponent.MIN_POINTS + " values of the sweep whose cells ended OK with a cost above 0.";

    /** The line under a table with a curve that has no exponent. */
    static final String NO_EXPONENT = "— no exponent: a curve needs " + GrowthExponent.MIN_POINTS + " values whose "
            + "cells ended OK with a cost above 0.";

    private CostCurves() {}

    /**
     * One sweep of one benchmark.
     *
     * @param benchmark the benchmark's name
     * @param concurrency the sessions at once of its cells
     * @param parameter the parameter that varies
     * @param fixed the other parameters' values, alike in every cell of the sweep, in declaration order
     * @param values the parameter's values, in increasing order, as cell names give them
     * @param curves one curve per target that has a cell in the sweep and per cost figure, targets in
     *     report order, then figures in order
     */
    record Sweep(String benchmark, int concurrency, String parameter, Map<String, String> fixed, List<String> values,
            List<Curve> curves) {

        /** {@code history}, {@code reply, stream=true}, {@code toolset at N=8}. */
        String title() {
            StringBuilder title = new StringBuilder(benchmark);
            fixed.forEach((name, value) -> title.append(", ").append(name).append('=').append(value));
            return title + (concurrency > 1 ? " at N=" + concurrency : "");
        }

        /** The cost figures of the sweep's curves, in order. */
        List<CostFigure> figures() {
            List<CostFigure> figures = new ArrayList<>();
            curves.forEach(curve -> {
                if (!figures.contains(curve.figure())) {
                    figures.add(curve.figure());
                }
            });
            return figures;
        }

        /** The curves of {@code figure}, targets in report order. */
        List<Curve> curves(CostFigure figure) {
            return curves.stream().filter(curve -> curve.figure().equals(figure)).toList();
        }
    }

    /**
     * A cost a curve plots: one of the core three or a kind's figure that is better lower.
     *
     * @param name its id in {@code summary.json}: {@code time}, {@code cpu}, {@code allocated}, or the
     *     kind's figure's name
     * @param label what the reports call it
     * @param unit its unit, as a {@link Figure}'s
     */
    record CostFigure(String name, String label, String unit) {}

    /**
     * One target's curve of one figure.
     *
     * @param target the target's column
     * @param figure what it plots
     * @param points one per value of the sweep, in its order
     * @param exponent the fitted exponent with its interval; {@code null} when it cannot be fitted
     * @param flat whether the fit found the curve flat
     * @param why why there is no exponent; {@code null} when there is one
     */
    record Curve(String target, CostFigure figure, List<Point> points, Estimate exponent, boolean flat, String why) {

        /** Whether the forks pin its exponent down ({@link GrowthExponent#determined}); false without one. */
        boolean determined() {
            return exponent != null && GrowthExponent.determined(exponent);
        }

        /** Whether the cost grows faster than linearly ({@link GrowthExponent#superlinear}). */
        boolean superlinear() {
            return exponent != null && GrowthExponent.superlinear(exponent);
        }
    }

    /**
     * One value of a curve.
     *
     * @param value the parameter's value as cell names give it
     * @param x the value as a number
     * @param cell the target's cell there; {@code null} when the run has none
     * @param median the median of the forks' figures; {@code NaN} when the cell is not OK or lacks the figure
     * @param forks each fork's figure, those that have it
     */
    record Point(String value, double x, CellResult cell, double median, double[] forks) {}

    /** The core cost figures: every SESSIONS-like cell has them. */
    static final CostFigure TIME = new CostFigure("time", "time per iteration", "ns");
    static final CostFigure CPU = new CostFigure("cpu", "CPU time per iteration", "ns");
    static final CostFigure ALLOCATED = new CostFigure("allocated", "allocated per iteration", "B");

    /**
     * The parameters of a cell, by name in declaration order; empty for none. The one place that reads
     * them: the cell's own {@link CellResult#params()}, or, for a result written before cells carried
     * them, its name ({@code history_history=64}, {@code reply_tokens=256_stream=true_c8}), the name
     * {@link CellResult} builds from them.
     */
    static Map<String, String> params(CellResult cell) {
        if (!cell.params().isEmpty()) {
            return cell.params();
        }
        String name = cell.name();
        String concurrency = "_c" + cell.concurrency();
        if (cell.concurrency() > 1 && name.endsWith(concurrency)) {
            name = name.substring(0, name.length() - concurrency.length());
        }
        String prefix = cell.benchmark() + "_";
        if (!name.startsWith(prefix) || name.indexOf('=') < 0) {
            return Map.of();
        }
        String[] parts = name.substring(prefix.length()).split("=", -1);
        Map<String, String> params = new LinkedHashMap<>();
        String parameter = parts[0];
        for (int i = 1; i < parts.length; i++) {
            String value = parts[i];
            String next = null;
            if (i < parts.length - 1) { // a value never holds '_': the next parameter's name follows it
                int split = value.indexOf('_');
                if (split < 0) {
                    return Map.of();
                }
                next = value.substring(split + 1);
                value = value.substring(0, split);
            }
            if (!Parameter.NAME.matcher(parameter).matches() || !Parameter.VALUE.matcher(value).matches()
                    || params.put(parameter, value) != null) {
                return Map.of();
            }
            parameter = next;
        }
        return Collections.unmodifiableMap(params);
    }

    /** The last run's sweeps: the formats of one report ask for them one after another, and resampling costs. */
    private static volatile Object[] last = new Object[3];

    /** The run's sweeps, benchmarks in row order, targets in {@code targets}' order. */
    static List<Sweep> of(RunData run, List<String> targets) {
        Object[] cached = last;
        if (cached[0] == run && targets.equals(cached[1])) {
            @SuppressWarnings("unchecked")
            List<Sweep> sweeps = (List<Sweep>) cached[2];
            return sweeps;
        }
        List<Sweep> sweeps = compute(run, targets);
        last = new Object[] {run, List.copyOf(targets), sweeps};
        return sweeps;
    }

    private static List<Sweep> compute(RunData run, List<String> targets) {
        // benchmark and concurrency → its cells with parameters
        Map<String, List<CellResult>> groups = new TreeMap<>(RowOrder.CELLS);
        for (CellResult cell : run.cells()) {
            if (!params(cell).isEmpty()) {
                groups.computeIfAbsent(CellResult.cellName(cell.benchmark(), cell.concurrency()), key -> new ArrayList<>())
                        .add(cell);
            }
        }
        List<Sweep> sweeps = new ArrayList<>();
        for (List<CellResult> cells : groups.values()) {
            List<String> names = new ArrayList<>();
            cells.forEach(cell -> params(cell).keySet().forEach(name -> {
                if (!names.contains(name)) {
                    names.add(name);
                }
            }));
            for (String parameter : names) {
                // the other parameters' values → the cells that share them
                Map<Map<String, String>, List<CellResult>> byFixed = new LinkedHashMap<>();
                for (CellResult cell : cells) {
                    Map<String, String> params = params(cell);
                    if (!params.containsKey(parameter)) {
                        continue;
                    }
                    Map<String, String> fixed = new LinkedHashMap<>(params);
                    fixed.remove(parameter);
                    byFixed.computeIfAbsent(fixed, key -> new ArrayList<>()).add(cell);
                }
                byFixed.forEach((fixed, members) -> sweep(members, parameter, fixed, targets).ifPresent(sweeps::add));
            }
        }
        return List.copyOf(sweeps);
    }

    private static java.util.Optional<Sweep> sweep(List<CellResult> cells, String parameter, Map<String, String> fixed,
            List<String> targets) {
        Map<String, Double> numbers = new LinkedHashMap<>();
        for (CellResult cell : cells) {
            String value = params(cell).get(parameter);
            Double number = number(value);
            if (number == null) {
                return java.util.Optional.empty(); // not a numeric parameter: no curve
            }
            numbers.put(value, number);
        }
        if (numbers.size() < 2) {
            return java.util.Optional.empty();
        }
        List<String> values = new ArrayList<>(numbers.keySet());
        values.sort(Comparator.comparingDouble(numbers::get));
        // target → value → cell; a target none of whose cells here is applicable has no curve (the
        // reports list its cells as not applicable)
        Map<String, Map<String, CellResult>> byTarget = new LinkedHashMap<>();
        for (String target : targets) {
            for (CellResult cell : cells) {
                if (cell.target().equals(target)) {
                    byTarget.computeIfAbsent(target, key -> new LinkedHashMap<>()).put(params(cell).get(parameter), cell);
                }
            }
        }
        byTarget.values().removeIf(byValue -> byValue.values().stream()
                .allMatch(cell -> cell.status() == CellStatus.NOT_APPLICABLE));
        List<CostFigure> figures = figures(cells);
        List<Curve> curves = new ArrayList<>();
        for (CostFigure figure : figures) {
            for (Map.Entry<String, Map<String, CellResult>> target : byTarget.entrySet()) {
                curves.add(curve(target.getKey(), figure, values, numbers, target.getValue()));
            }
        }
        CellResult first = cells.get(0);
        return java.util.Optional.of(new Sweep(first.benchmark(), first.concurrency(), parameter,
                Collections.unmodifiableMap(new LinkedHashMap<>(fixed)), List.copyOf(values), List.copyOf(curves)));
    }

    /**
     * The cost figures some OK cell of the sweep has: the core ones, then the kinds' that are better
     * lower, but for {@linkplain Figure#FLAG flags}, which say yes or no and have no growth.
     */
    private static List<CostFigure> figures(List<CellResult> cells) {
        List<CostFigure> figures = new ArrayList<>();
        for (CostFigure core : List.of(TIME, CPU, ALLOCATED)) {
            if (cells.stream().anyMatch(cell -> cell.status() == CellStatus.OK && !Double.isNaN(cellValue(cell, core)))) {
                figures.add(core);
            }
        }
        for (CellResult cell : cells) {
            if (cell.status() != CellStatus.OK) {
                continue;
            }
            for (Figure figure : cell.figures()) {
                CostFigure cost = new CostFigure(figure.name(), figure.label(), figure.unit());
                if (figure.better() == Figure.Better.LOWER && !Figure.FLAG.equals(figure.unit())
                        && figures.stream().noneMatch(f -> f.name().equals(cost.name()))) {
                    figures.add(cost);
                }
            }
        }
        return figures;
    }

    private static Curve curve(String target, CostFigure figure, List<String> values, Map<String, Double> numbers,
            Map<String, CellResult> cells) {
        List<Point> points = new ArrayList<>();
        List<Double> xs = new ArrayList<>();
        List<double[]> forks = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        for (String value : values) {
            CellResult cell = cells.get(value);
            double[] perFork = cell == null || cell.status() != CellStatus.OK ? new double[0] : forkValues(cell, figure);
            double median = perFork.length == 0 ? Double.NaN : Figure.Combine.MEDIAN.of(perFork);
            points.add(new Point(value, numbers.get(value), cell, median, perFork));
            if (median > 0 && java.util.Arrays.stream(perFork).allMatch(v -> v > 0)) {
                xs.add(numbers.get(value));
                forks.add(perFork);
            } else {
                gaps.add(value);
            }
        }
        if (xs.size() < GrowthExponent.MIN_POINTS) {
            String why = "needs " + GrowthExponent.MIN_POINTS + " values with a cost above 0"
                    + (gaps.isEmpty() ? "" : "; none at " + String.join(", ", gaps));
            return new Curve(target, figure, List.copyOf(points), null, false, why);
        }
        double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Estimate exponent = GrowthExponent.exponent(x, forks, Intervals.CONFIDENCE, SEED);
        double[] medians = forks.stream().mapToDouble(Figure.Combine.MEDIAN::of).toArray();
        boolean flat = GrowthExponent.fit(x, medians).flat();
        return new Curve(target, figure, List.copyOf(points), exponent, flat, null);
    }

    /** A parameter's value as a number above 0, or {@code null} when it is none. */
    static Double number(String value) {
        try {
            double number = Double.parseDouble(value);
            return number > 0 && Double.isFinite(number) ? number : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Each fork's value of {@code figure}, of the forks that have it; the cell's own when none does. */
    static double[] forkValues(CellResult cell, CostFigure figure) {
        Function<Fork, Double> read = switch (figure.name()) {
            case "time" -> fork -> fork.time() == null ? null : fork.time().median();
            case "cpu" -> fork -> fork.cpu() == null ? null : fork.cpu().nanosPerOp();
            case "allocated" -> fork -> fork.memory() == null ? null : fork.memory().allocatedBytesPerOp();
            default -> fork -> fork.figure(figure.name()) == null ? null : fork.figure(figure.name()).value();
        };
        double[] values = cell.forksOrSelf().stream().map(read).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v) && !Double.isInfinite(v)).toArray();
        if (values.length > 0) {
            return values;
        }
        double own = cellValue(cell, figure);
        return Double.isNaN(own) ? new double[0] : new double[] {own};
    }

    /** The cell's own value of {@code figure}; {@code NaN} when it has none. */
    static double cellValue(CellResult cell, CostFigure figure) {
        Double value = switch (figure.name()) {
            case "time" -> cell.time() == null ? null : cell.time().median();
            case "cpu" -> cell.cpu() == null ? null : cell.cpu().nanosPerOp();
            case "allocated" -> cell.memory() == null ? null : cell.memory().allocatedBytesPerOp();
            default -> cell.figure(figure.name()) == null ? null : cell.figure(figure.name()).value();
        };
        return value == null || Double.isInfinite(value) ? Double.NaN : value;
    }

    /**
     * An exponent as the reports give it: {@code 2.03 [1.95–2.10]}, {@code 0 (flat)}, {@code 1.98}
     * without interval, {@code undetermined [0.07–4.00]} when its interval is too wide to give it.
     */
    static String exponent(Curve curve) {
        if (curve.exponent() == null) {
            return "—";
        }
        Estimate e = curve.exponent();
        String text = !curve.determined() ? "undetermined"
                : exponentNumber(e.value()) + (curve.flat() ? " (flat)" : "");
        if (e.low() == e.value() && e.high() == e.value()) {
            return text;
        }
        return text + " [" + exponentNumber(e.low()) + "–" + exponentNumber(e.high()) + "]";
    }

    /** An exponent in two decimals, {@code 0} for none. */
    static String exponentNumber(double value) {
        return value == 0 ? "0" : String.format(java.util.Locale.ROOT, "%.2f", value);
    }

    /**
     * A point as a table gives it: the median in the figure's unit, the cell's status when not OK (as
     * the reports name it: {@code FAILED}, {@code not applicable}), {@code —} when none.
     */
    static String point(Point point, CostFigure figure) {
        if (point.cell() == null) {
            return "not run";
        }
        if (point.cell().status() != CellStatus.OK) {
            return point.cell().status().label();
        }
        return Double.isNaN(point.median()) ? "—" : Units.figure(point.median(), figure.unit());
    }
}
