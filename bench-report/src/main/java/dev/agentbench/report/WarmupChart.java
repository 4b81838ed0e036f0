package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Warmup;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The warm-up curves of one row of {@code report.html}, as inline SVG: each window's median against
 * the time since the fork started warming up, on a logarithmic scale, every fork of a target in the
 * target's colour. The warm-up windows are a solid line; the timed pass's windows follow in a
 * lighter, dashed one; a dot marks where timing started, filled when the fork was steady and a ring
 * when it was not (capped, or a series that changed inside the timed pass).
 */
final class WarmupChart {

    private static final int LEFT = 62;
    private static final int RIGHT = SvgCharts.WIDTH - 14;
    private static final int TOP = 12;
    private static final int BOTTOM = 176;
    private static final int HEIGHT = 212;

    private WarmupChart() {}

    /** The forks of an OK cell that have a warm-up curve; empty for any other cell. */
    static List<Fork> curves(CellResult cell) {
        if (cell == null || cell.status() != CellStatus.OK) {
            return List.of();
        }
        return cell.forks().stream().filter(fork -> fork.warmup() != null && !fork.warmup().curve().isEmpty()).toList();
    }

    /** The chart of one row; {@code null} when no cell of the row has a curve. */
    static String of(String title, Map<String, CellResult> cells, List<String> targets) {
        double min = Double.MAX_VALUE;
        double max = 0;
        double seconds = 0;
        for (String target : targets) {
            for (Fork fork : curves(cells.get(target))) {
                for (Warmup.Window window : fork.warmup().curve()) {
                    if (window.median() > 0) {
                        min = Math.min(min, window.median());
                        max = Math.max(max, window.median());
                        seconds = Math.max(seconds, window.endNanos() / 1e9);
                    }
                }
            }
        }
        if (max == 0) {
            return null;
        }
        double[] yTicks = logTicks(min, max);
        double low = yTicks[0];
        double high = yTicks[yTicks.length - 1];
        double[] xTicks = SvgCharts.ticks(seconds);
        double xMax = xTicks[xTicks.length - 1];
        StringBuilder svg = SvgCharts.open(title + ": median of each window against seconds since the fork started "
                + "warming up, every fork of a target in its colour, logarithmic scale", HEIGHT);
        for (double tick : yTicks) {
            double y = y(tick, low, high);
            svg.append(SvgCharts.line(LEFT, y, RIGHT, y, tick == low ? "axis" : "grid"));
            Units.TimeUnitLabel unit = Units.timeUnitFor(tick);
            svg.append(SvgCharts.text(LEFT - 6, y + 3.5, "end", "tick",
                    SvgCharts.tickNumber(tick / unit.nanos) + " " + unit.label));
        }
        for (double tick : xTicks) {
            double x = x(tick, xMax);
            svg.append(SvgCharts.line(x, TOP, x, BOTTOM, tick == 0 ? "axis" : "grid"));
            svg.append(SvgCharts.text(x, BOTTOM + 14, "middle", "tick", SvgCharts.tickNumber(tick)));
        }
        svg.append(SvgCharts.text(RIGHT, BOTTOM + 30, "end", "tick", "seconds since the fork started warming up"));
        for (int i = 0; i < targets.size(); i++) {
            for (Fork fork : curves(cells.get(targets.get(i)))) {
                fork(svg, targets.get(i), fork, SvgCharts.color(i), xMax, low, high);
            }
        }
        return svg.append("</svg>").toString();
    }

    private static void fork(StringBuilder svg, String target, Fork fork, String color, double xMax, double low,
            double high) {
        StringBuilder warm = new StringBuilder();
        StringBuilder timed = new StringBuilder();
        String start = null; // where timing started: the last warm-up point
        for (Warmup.Window window : fork.warmup().curve()) {
            if (!(window.median() > 0)) {
                continue;
            }
            String point = String.format(Locale.ROOT, "%.1f,%.1f ", x(window.endNanos() / 1e9, xMax),
                    y(window.median(), low, high));
            if (Warmup.WARMUP_PHASE.equals(window.phase())) {
                warm.append(point);
                start = point;
            } else {
                if (timed.length() == 0 && start != null) {
                    timed.append(start);
                }
                timed.append(point);
            }
        }
        if (warm.length() > 0) {
            svg.append("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"").append(color)
                    .append("\" points=\"").append(warm.toString().trim()).append("\"/>");
        }
        if (timed.length() > 0) {
            svg.append("<polyline fill=\"none\" stroke-width=\"1.5\" stroke-opacity=\"0.45\" stroke-dasharray=\"4 3\" "
                    + "stroke=\"").append(color).append("\" points=\"").append(timed.toString().trim()).append("\"/>");
        }
        if (start != null) {
            String[] xy = start.trim().split(",");
            Warmup warmup = fork.warmup();
            boolean steady = ForkFigures.steady(fork);
            String what = target + " fork " + fork.fork() + ": " + (warmup.capped() ? "capped at " : steady
                    ? "steady after " : "warmed up for ") + Units.time(warmup.nanos()) + " (" + warmup.shape() + ", "
                    + String.format(Locale.ROOT, "%,d", warmup.iterations()) + " iterations)";
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" stroke=\"%s\" "
                    + "stroke-width=\"1.5\"><title>%s</title></circle>", xy[0], xy[1], steady ? "3" : "4.5",
                    steady ? color : "#fff", color, Html.text(what)));
        }
    }

    private static double x(double seconds, double xMax) {
        return LEFT + (RIGHT - LEFT) * (seconds / xMax);
    }

    private static double y(double nanos, double low, double high) {
        double fraction = (Math.log10(nanos) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
        return BOTTOM - (BOTTOM - TOP) * fraction;
    }

    /**
     * Round values (1, 2 and 5 × 10ᵏ) from at or below {@code min} to at or above {@code max}; only
     * the powers of ten when that would make more than 7.
     */
    static double[] logTicks(double min, double max) {
        List<Double> ticks = new ArrayList<>();
        int from = (int) Math.floor(Math.log10(min));
        int to = (int) Math.ceil(Math.log10(max));
        double[] steps = {1, 2, 5};
        for (int power = from; power <= to; power++) {
            for (double step : steps) {
                double tick = step * Math.pow(10, power);
                boolean below = tick <= min;
                boolean above = tick >= max;
                if (below) {
                    ticks.clear();
                }
                ticks.add(tick);
                if (above && ticks.size() > 1) {
                    return ticks.size() > 7 ? SvgCharts.decades(min, max) : unbox(ticks);
                }
            }
        }
        return SvgCharts.decades(min, max);
    }

    private static double[] unbox(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
