package dev.agentbench.report;

import dev.agentbench.api.result.Profile;
import java.util.Locale;
import java.util.Map;

/**
 * A profile's merged stacks as an inline SVG icicle (a flame graph drawn from the top): the root
 * {@code all} spans the width, each frame sits below its caller with a width in proportion to its
 * samples, coloured by its package group, and says its frame, group and samples on hovering. Plain
 * rectangles and text, so it renders without script; every frame name is escaped.
 */
final class FlameGraphSvg {

    static final int WIDTH = 1100;
    private static final int ROW = 17;

    /** Frames deeper than this are left out (and the caption says so). */
    static final int MAX_DEPTH = 160;

    /** About the width of a character of the labels, in pixels, to fit them to their frame. */
    private static final double CHAR_WIDTH = 6.4;

    /** One colour per group of {@link Profile#GROUPS}; light, so that the dark labels read on every one. */
    private static final Map<String, String> COLORS = Map.of(
            "framework", "#f4a261",
            "HTTP client", "#8fb8e6",
            "JSON", "#9fd49b",
            "JDK", "#cdc7c0",
            "harness", "#cfb0e0");

    private static final String ROOT_COLOR = "#e3e8ee";

    private FlameGraphSvg() {}

    /** The colour of a group's frames; a neutral one for the root and for a group this version does not know. */
    static String color(String group) {
        return group == null ? ROOT_COLOR : COLORS.getOrDefault(group, ROOT_COLOR);
    }

    /** The frames of the deepest stack, the root not counted. */
    static int depth(Profile.FlameNode node) {
        int deepest = 0;
        for (Profile.FlameNode child : node.children()) {
            deepest = Math.max(deepest, 1 + depth(child));
        }
        return deepest;
    }

    /**
     * The flame graph of a profile; {@code null} when it has no merged stacks or no samples.
     *
     * @param label what the graph shows, for its accessible title
     */
    static String of(String label, Profile profile) {
        Profile.FlameNode root = profile.flame();
        if (root == null || root.samples() <= 0) {
            return null;
        }
        int rows = Math.min(depth(root), MAX_DEPTH) + 1;
        int height = rows * ROW + 1;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"flame\" role=\"img\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"><title>%s</title>",
                WIDTH, height, WIDTH, height, Html.text(label)));
        node(svg, root, root.samples(), 0, 0, WIDTH);
        return svg.append("</svg>").toString();
    }

    private static void node(StringBuilder svg, Profile.FlameNode node, long all, int depth, double x, double width) {
        if (depth > MAX_DEPTH || width < 0.3) {
            return;
        }
        String frame = node.frame() == null ? "?" : node.frame();
        String group = depth == 0 ? null : node.group();
        double y = depth * ROW;
        String title = frame + (group == null ? "" : " · " + group) + " · " + String.format(Locale.ROOT, "%,d", node.samples())
                + (node.samples() == 1 ? " sample, " : " samples, ") + Units.percent((double) node.samples() / all);
        svg.append(String.format(Locale.ROOT, "<g><title>%s</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" "
                + "height=\"%d\" fill=\"%s\"/>", Html.text(title), x, y, Math.max(0.3, width - 0.6), ROW - 1, color(group)));
        String label = label(frame, width - 6);
        if (label != null) {
            svg.append(String.format(Locale.ROOT, "<text class=\"fl\" x=\"%.2f\" y=\"%.1f\">%s</text>", x + 3,
                    y + ROW - 5, Html.text(label)));
        }
        svg.append("</g>");
        double childX = x;
        for (Profile.FlameNode child : node.children()) {
            double childWidth = width * child.samples() / Math.max(1, node.samples());
            node(svg, child, all, depth + 1, childX, childWidth);
            childX += childWidth;
        }
    }

    /**
     * The frame as it fits in {@code room} pixels: whole, else without its package ({@code
     * Runner.runAsync}), else cut with {@code …}; {@code null} when not even three characters fit.
     */
    static String label(String frame, double room) {
        int fits = (int) Math.floor(room / CHAR_WIDTH);
        if (fits < 3) {
            return null;
        }
        if (frame.length() <= fits) {
            return frame;
        }
        String shorter = simpleName(frame);
        if (shorter.length() <= fits) {
            return shorter;
        }
        return shorter.substring(0, fits - 1) + "…";
    }

    /** {@code com.google.adk.runner.Runner.runAsync} → {@code Runner.runAsync}. */
    static String simpleName(String frame) {
        int method = frame.lastIndexOf('.');
        if (method <= 0) {
            return frame;
        }
        int type = frame.lastIndexOf('.', method - 1);
        return type < 0 ? frame : frame.substring(type + 1);
    }
}
