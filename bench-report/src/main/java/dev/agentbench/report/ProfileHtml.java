package dev.agentbench.report;

import dev.agentbench.api.result.Profile;
import java.util.List;

/**
 * The profiles section of {@code report.html}: what {@link ProfileSection} says, as HTML, with a
 * flame graph ({@link FlameGraphSvg}) under each profiled cell's tables. Every text from the run is
 * escaped.
 */
final class ProfileHtml {

    private ProfileHtml() {}

    /** The section, when some planned cell has a profile file. */
    static void section(StringBuilder out, RunData run, List<String> targets) {
        if (!ProfileSection.any(run)) {
            return;
        }
        out.append("<section class=\"card\" id=\"profiles\">\n<h2>").append(ProfileSection.TITLE)
                .append("</h2>\n<p class=\"intro\">").append(Html.inline(ProfileSection.INTRO)).append(' ')
                .append(Html.inline(ProfileSection.FLAME_INTRO)).append("</p>\n<p>");
        for (String group : Profile.GROUPS) {
            out.append("<span class=\"legend\"><span class=\"swatch\" style=\"background:")
                    .append(FlameGraphSvg.color(group)).append("\"></span>").append(Html.text(group)).append("</span>");
        }
        out.append("</p>\n");
        for (ProfileSection.Benchmark benchmark : ProfileSection.of(run, targets)) {
            out.append("<h3>").append(Html.text(benchmark.name())).append("</h3>\n");
            if (benchmark.groups() != null) {
                table(out, benchmark.groups(), "by group");
            }
            for (String note : benchmark.notes()) {
                out.append("<p class=\"note\">").append(Html.inline(note)).append("</p>\n");
            }
            for (ProfileSection.TargetProfile target : benchmark.targets()) {
                target(out, benchmark.name(), target, targets.indexOf(target.target()));
            }
        }
        out.append("</section>\n");
    }

    private static void target(StringBuilder out, String benchmark, ProfileSection.TargetProfile target, int index) {
        out.append("<div class=\"profile\">\n<h4><span class=\"swatch\" style=\"background:")
                .append(SvgCharts.color(Math.max(0, index))).append("\"></span> ").append(Html.text(target.target()))
                .append(" <span class=\"sub\">").append(Html.text(benchmark)).append("</span></h4>\n<p class=\"")
                .append(target.profile().profile() == null ? "note problem" : "sub").append("\">")
                .append(Html.inline(target.summary())).append("</p>\n");
        if (target.packages() != null || target.methods() != null || target.allocations() != null) {
            out.append("<div class=\"prof-tables\">\n");
            if (target.packages() != null) {
                table(out, target.packages(), "top " + ProfileSection.PACKAGES + " framework packages by self samples");
            }
            if (target.methods() != null) {
                table(out, target.methods(), "top " + ProfileSection.METHODS + " methods by self samples");
            }
            if (target.allocations() != null) {
                table(out, target.allocations(), "top " + ProfileSection.ALLOCATIONS + " allocated types by sampled bytes");
            }
            out.append("</div>\n");
        }
        Profile profile = target.profile().profile();
        String svg = profile == null || !target.profile().sampled() ? null
                : FlameGraphSvg.of(target.target() + "/" + benchmark + ": flame graph of "
                        + profile.cpuSamples() + " CPU samples, coloured by package group", profile);
        if (svg != null) {
            int depth = FlameGraphSvg.depth(profile.flame());
            out.append("<figure class=\"flame\"><figcaption>Flame graph: ").append(Html.text(target.target())).append('/')
                    .append(Html.text(benchmark)).append(depth > FlameGraphSvg.MAX_DEPTH
                            ? "<span class=\"gaps\">frames deeper than " + FlameGraphSvg.MAX_DEPTH + " are left out</span>"
                            : "")
                    .append("</figcaption><div class=\"scroll\">").append(svg).append("</div></figure>\n");
        }
        out.append("</div>\n");
    }

    private static void table(StringBuilder out, ProfileSection.Table table, String caption) {
        out.append("<div class=\"scroll\"><table class=\"prof\"><caption>").append(Html.text(caption))
                .append("</caption>\n<thead><tr>");
        for (int i = 0; i < table.header().size(); i++) {
            out.append(i > 0 && i < table.textColumns() ? "<th scope=\"col\" class=\"text\">" : "<th scope=\"col\">")
                    .append(Html.text(table.header().get(i))).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String text = Html.text(row.get(i));
                if (i == 0) {
                    out.append("<th scope=\"row\"").append(table.codeNames() ? " class=\"name\"><code>" + text + "</code>"
                            : ">" + text).append("</th>");
                } else {
                    out.append(i < table.textColumns() ? "<td class=\"text\">" : "<td>").append(text).append("</td>");
                }
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table></div>\n");
    }
}
