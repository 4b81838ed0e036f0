package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.StreamTimeline;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The timelines of {@code report.html}: for each target, one streamed reply of its cells that observe
 * the stream ({@link dev.agentbench.api.result.RunLayout#cellStream}), the mock's writes above and the
 * target's deliveries below one time axis, so that a stream that is buffered shows as every delivery
 * after the last write. Of a target's cells, the one whose sends spread longest (a chunk delay's) is
 * drawn. A run without such files has no timeline card.
 */
final class StreamTimelines {

    static final String TITLE = "Stream timelines";

    private static final int WIDTH = 640;
    private static final int LEFT = 90;
    private static final int RIGHT = 20;

    private StreamTimelines() {}

    /** The card, when some target has a timeline. */
    static void section(StringBuilder out, RunData run, List<String> targets) {
        Map<String, StreamTimeline> chosen = new LinkedHashMap<>();
        for (CellResult cell : run.cells()) {
            if (cell.status() != CellStatus.OK) {
                continue;
            }
            StreamTimeline timeline = read(run, cell);
            if (timeline == null || timeline.writesMicros().isEmpty() || timeline.deliveriesMicros().isEmpty()) {
                continue;
            }
            StreamTimeline best = chosen.get(cell.target());
            if (best == null || spread(timeline) > spread(best)) {
                chosen.put(cell.target(), timeline);
            }
        }
        if (chosen.isEmpty()) {
            return;
        }
        out.append("<section class=\"card\" id=\"stream-timelines\">\n<h2>").append(TITLE).append("</h2>\n")
                .append("<p class=\"intro\">One streamed reply per target, the session whose added time to first "
                        + "token was the median's: above the axis when the mock wrote each chunk with text, below it "
                        + "when the target handed the application each piece, in milliseconds after the first "
                        + "chunk's write, both on the machine's monotonic clock. A target that streams mirrors the "
                        + "sends; one that buffers hands everything over after the last write.</p>\n");
        for (String target : targets) {
            StreamTimeline timeline = chosen.get(target);
            if (timeline != null) {
                out.append("<figure class=\"chart\"><figcaption>").append(Html.text(target + " " + timeline.cell()))
                        .append("</figcaption>").append(svg(timeline, SvgCharts.color(targets.indexOf(target))))
                        .append("</figure>\n");
            }
        }
        out.append("</section>\n");
    }

    private static StreamTimeline read(RunData run, CellResult cell) {
        Path file = run.layout().cellStream(new PlannedCell(cell.target(), cell.benchmark(), cell.concurrency(),
                cell.name()));
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return ResultsJson.read(file, StreamTimeline.class);
        } catch (IOException | RuntimeException e) {
            return null; // a picture the report can do without
        }
    }

    private static double spread(StreamTimeline timeline) {
        return last(timeline.writesMicros());
    }

    private static double last(List<Double> values) {
        return values.isEmpty() ? 0 : values.get(values.size() - 1);
    }

    /** Ticks for the writes above the axis and the deliveries below it, on one scale. */
    static String svg(StreamTimeline timeline, String color) {
        double end = Math.max(Math.max(last(timeline.writesMicros()),
                timeline.deliveriesMicros().stream().mapToDouble(Double::doubleValue).max().orElse(0)), 1);
        double first = Math.min(0, timeline.deliveriesMicros().stream().mapToDouble(Double::doubleValue).min()
                .orElse(0));
        int height = 90;
        int axis = 45;
        double plot = WIDTH - LEFT - RIGHT;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\"><title>").append(Html.text(timeline.target() + " " + timeline.cell()
                        + ": " + timeline.writesMicros().size() + " chunks written, "
                        + timeline.deliveriesMicros().size() + " pieces delivered")).append("</title>");
        svg.append("<text x=\"4\" y=\"").append(axis - 14).append("\" font-size=\"11\">mock sends</text>");
        svg.append("<text x=\"4\" y=\"").append(axis + 22).append("\" font-size=\"11\">deliveries</text>");
        svg.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(axis).append("\" x2=\"")
                .append(WIDTH - RIGHT).append("\" y2=\"").append(axis).append("\" stroke=\"#888\"/>");
        for (double at : timeline.writesMicros()) {
            double x = LEFT + (at - first) / (end - first) * plot;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>",
                    x, axis - 20, x, axis - 2));
        }
        for (double at : timeline.deliveriesMicros()) {
            double x = LEFT + (at - first) / (end - first) * plot;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>",
                    x, axis + 2, x, axis + 20, color));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"10\">%s</text>", LEFT, height - 4,
                Html.text(Units.number(first / 1000) + " ms")));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"end\">%s</text>",
                WIDTH - RIGHT, height - 4, Html.text(Units.number(end / 1000) + " ms")));
        return svg.append("</svg>").toString();
    }
}
