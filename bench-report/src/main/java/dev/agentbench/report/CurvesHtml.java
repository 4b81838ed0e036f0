package dev.agentbench.report;

import dev.agentbench.api.result.CellStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost curves of {@code report.html} ({@link CostCurves}): a card with, per sweep and cost figure,
 * a chart of each target's median against the parameter on log–log axes (one line per target, in the
 * target's colour, the floor among them), and a table of the medians with each target's exponent.
 */
final class CurvesHtml {

    private static final int LEFT = 64;
    private static final int RIGHT = SvgCharts.WIDTH - 16;
    private static final int TOP = 14;
    private static final int BOTTOM = 176;

    private CurvesHtml() {}

    /** The card, when the run has a sweep. */
    static void section(StringBuilder out, RunData run, List<String> targets) {
        List<CostCurves.Sweep> sweeps = CostCurves.of(run, targets);
        if (sweeps.isEmpty()) {
            return;
        }
        out.append("<section class=\"card\" id=\"cost-curves\">\n<h2>").append(CostCurves.TITLE)
                .append("</h2>\n<p class=\"intro\">").append(Html.text(CostCurves.INTRO)).append("</p>\n");
        for (CostCurves.Sweep sweep : sweeps) {
            out.append("<h3>").append(Html.text(sweep.title())).append(" against <code>")
                    .append(Html.text(sweep.parameter())).append("</code></h3>\n").append(legend(sweep, targets))
                    .append("\n<div class=\"charts\">\n");
            for (CostCurves.CostFigure figure : sweep.figures()) {
                out.append("<figure class=\"chart\"><figcaption>").append(Html.text(figure.label())).append("</figcaption>")
                        .append(chart(sweep, figure, targets)).append(table(sweep, figure)).append("</figure>\n");
            }
            out.append("</div>\n");
        }
        out.append("</section>\n");
    }

    /** The swatches of the sweep's targets, each in its colour of the run. */
    private static String legend(CostCurves.Sweep sweep, List<String> targets) {
        StringBuilder out = new StringBuilder("<p>");
        List<String> seen = new ArrayList<>();
        sweep.curves().forEach(curve -> {
            if (!seen.contains(curve.target())) {
                seen.add(curve.target());
                out.append("<span class=\"legend\"><span class=\"swatch\" style=\"background:")
                        .append(SvgCharts.color(Math.max(0, targets.indexOf(curve.target())))).append("\"></span>")
                        .append(Html.text(curve.target())).append("</span> ");
            }
        });
        return out.append("</p>").toString();
    }

    /** The figure's medians against the parameter, both axes logarithmic, a line per target. */
    static String chart(CostCurves.Sweep sweep, CostCurves.CostFigure figure, List<String> targets) {
        List<CostCurves.Curve> curves = sweep.curves(figure);
        double min = Double.MAX_VALUE;
        double max = 0;
        for (CostCurves.Curve curve : curves) {
            for (CostCurves.Point point : curve.points()) {
                if (point.median() > 0) {
                    min = Math.min(min, point.median());
                    max = Math.max(max, point.median());
                }
            }
        }
        StringBuilder svg = SvgCharts.open(sweep.title() + ": " + figure.label() + " against " + sweep.parameter()
                + ", logarithmic scales", 214);
        if (max == 0) {
            return svg.append(SvgCharts.text(SvgCharts.WIDTH / 2.0, 100, "middle", "status", "no point above 0"))
                    .append("</svg>").toString();
        }
        double[] ticks = SvgCharts.decades(min, max);
        double low = ticks[0];
        double high = ticks[ticks.length - 1];
        for (double tick : ticks) {
            double y = y(tick, low, high);
            svg.append(SvgCharts.line(LEFT, y, RIGHT, y, tick == low ? "axis" : "grid"));
            svg.append(SvgCharts.text(LEFT - 6, y + 3.5, "end", "tick", Units.figure(tick, figure.unit())));
        }
        List<String> values = sweep.values();
        double xLow = CostCurves.number(values.get(0));
        double xHigh = CostCurves.number(values.get(values.size() - 1));
        for (String value : values) {
            double x = x(CostCurves.number(value), xLow, xHigh);
            svg.append(SvgCharts.line(x, TOP, x, BOTTOM, "grid"));
            svg.append(SvgCharts.text(x, BOTTOM + 16, "middle", "tick", value));
        }
        svg.append(SvgCharts.text(RIGHT, BOTTOM + 32, "end", "tick", sweep.parameter() + " (log scale) · "
                + figure.label() + " (log scale)"));
        for (CostCurves.Curve curve : curves) {
            int index = Math.max(0, targets.indexOf(curve.target()));
            String color = SvgCharts.color(index);
            StringBuilder points = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            for (CostCurves.Point point : curve.points()) {
                if (!(point.median() > 0)) {
                    line(svg, points, color);
                    continue;
                }
                double x = x(point.x(), xLow, xHigh);
                double y = y(point.median(), low, high);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                dots.append(String.format(Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s at %s=%s: %s</title></circle>",
                        x, y, color, Html.text(curve.target()), Html.text(sweep.parameter()), Html.text(point.value()),
                        Html.text(Units.figure(point.median(), figure.unit()))));
            }
            line(svg, points, color);
            svg.append(dots);
        }
        return svg.append("</svg>").toString();
    }

    /** The medians and exponents under a chart. */
    private static String table(CostCurves.Sweep sweep, CostCurves.CostFigure figure) {
        StringBuilder out = new StringBuilder("<table class=\"curve\"><thead><tr><th>Target</th>");
        sweep.values().forEach(value -> out.append("<th>").append(Html.text(sweep.parameter() + "=" + value)).append("</th>"));
        out.append("<th>Exponent</th></tr></thead><tbody>");
        for (CostCurves.Curve curve : sweep.curves(figure)) {
            out.append("<tr><th>").append(Html.text(curve.target())).append("</th>");
            for (CostCurves.Point point : curve.points()) {
                boolean ok = point.cell() != null && point.cell().status() == CellStatus.OK;
                String text = CostCurves.point(point, figure);
                out.append(ok ? "<td>" + Html.text(text) + "</td>"
                        : "<td class=\"st\"><span class=\"pill " + Html.text(text.replace(' ', '-')) + "\">"
                        + Html.text(text) + "</span></td>");
            }
            String title = curve.why() == null ? "" : " title=\"" + Html.text("no exponent: " + curve.why()) + "\"";
            out.append("<td").append(title).append('>').append(Html.text(CostCurves.exponent(curve)))
                    .append(curve.superlinear() ? " <strong>superlinear</strong>" : "").append("</td></tr>");
        }
        return out.append("</tbody></table>").toString();
    }

    private static void line(StringBuilder svg, StringBuilder points, String color) {
        if (points.length() > 0) {
            svg.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color)
                    .append("\" points=\"").append(points.toString().trim()).append("\"/>");
            points.setLength(0);
        }
    }

    private static double x(double value, double low, double high) {
        double fraction = high == low ? 0.5 : (Math.log(value) - Math.log(low)) / (Math.log(high) - Math.log(low));
        return LEFT + 14 + (RIGHT - LEFT - 28) * fraction;
    }

    private static double y(double value, double low, double high) {
        return BOTTOM - (BOTTOM - TOP) * (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
    }
}
