package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunInfo;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, nothing fetched, readable
 * without script) with the header of the run, the cells that did not finish OK and why, the
 * warnings of cells that have some, the same
 * comparison tables as {@code report.md} (hovering a time shows its p95 and its forks' medians; past
 * {@link ComparisonTable#MAX_WIDE_TARGETS} targets, a body per benchmark with a row per target), and
 * charts: per benchmark the median of each target with a whisker to its p95, per benchmark the
 * warm-up curves of every fork, per benchmark run at several concurrency levels the throughput
 * against N, and per benchmark with figures of its kind's own the section's headline against N, in the section of
 * its table; then the cost curves of the run's parameter sweeps on log–log axes ({@link CurvesHtml});
 * then the profiles of profiled cells with a flame graph each ({@link ProfileHtml}). A small inline script makes the comparison tables sortable; without it they keep the fixed row order. Every
 * text taken from the run is escaped.
 */
public final class HtmlFormat implements ReportFormat {

    /** The format's name on the command line. */
    public static final String ID = "html";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String fileName() {
        return "report.html";
    }

    @Override
    public String render(RunData run, ReportOptions options) {
        RunInfo info = run.info();
        List<String> targets = run.targets(options.baseline());
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        Map<CellResult, String> anchors = new IdentityHashMap<>();
        for (int i = 0; i < run.cells().size(); i++) {
            anchors.put(run.cells().get(i), "cell-" + i);
        }
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>agentbench report: ").append(Html.text(info.runId())).append("</title>\n")
                .append("<style>\n").append(HtmlAssets.CSS).append("</style>\n</head>\n<body>\n<div class=\"page\">\n");
        header(out, run, targets);
        machines(out, info);
        problems(out, run.cells(), anchors);
        warnings(out, run.cells());
        if (rows.isEmpty()) {
            out.append("<section class=\"card\"><h2>Results</h2><p>No cells were planned.</p></section>\n");
        } else {
            boolean medians = false;
            List<String> figureSections = FigureSections.titles(rows);
            Intervals intervals = new Intervals();
            for (Sections.Section section : Sections.of(targets, rows, intervals)) {
                section(out, section, targets, anchors, figureSections.contains(section.title()));
                if (section.id().equals("time") && Sections.anyDrifted(run)) {
                    out.append("<p class=\"note\">").append(Html.text(Sections.DRIFT_NOTE)).append("</p>\n");
                }
                if (figureSections.contains(section.title())) {
                    figureCharts(out, section.title(), rows, targets); // in the section's card, under its table
                }
                out.append("</section>\n");
                if (section.id().equals("time")) {
                    medianCharts(out, rows, targets); // right below the times they draw
                    medians = true;
                }
                if (section.id().equals("warmup")) {
                    warmupCharts(out, rows, targets);
                }
            }
            if (!medians) {
                medianCharts(out, rows, targets);
            }
            throughputCharts(out, rows, targets);
            CurvesHtml.section(out, run, targets);
            StreamTimelines.section(out, run, targets);
            trends(out, Trends.of(run, options.baseline(), intervals), options.baseline());
            ProfileHtml.section(out, run, targets);
        }
        out.append("<footer>Written by agentbench from the run's <code>run.json</code> and cell results. "
                + "One self-contained file: nothing is fetched.</footer>\n</div>\n<script>\n")
                .append(HtmlAssets.SCRIPT).append("</script>\n</body>\n</html>\n");
        return out.toString();
    }

    private static void header(StringBuilder out, RunData run, List<String> targets) {
        RunInfo info = run.info();
        out.append("<header class=\"card\">\n<h1>agentbench report <span class=\"pill ")
                .append(info.status().name()).append("\">").append(info.status().name()).append("</span></h1>\n")
                .append("<p class=\"sub\">Run <code>").append(Html.text(info.runId())).append("</code> · ")
                .append(RunHeader.completion(info).isEmpty() ? "every planned cell ran"
                        : "not every planned cell ran: the run is incomplete")
                .append("</p>\n<dl class=\"facts\">\n");
        facts(out, run, targets);
        out.append("</dl>\n<p class=\"counts\">");
        for (Map.Entry<CellStatus, Integer> count : counts(run.cells()).entrySet()) {
            out.append("<span class=\"pill ").append(count.getKey().name()).append("\">").append(count.getValue())
                    .append(' ').append(count.getKey().name()).append("</span> ");
        }
        out.append("<span class=\"sub\">of ").append(run.cells().size()).append(" planned cells</span></p>\n</header>\n");
    }

    /**
     * The rows of a run's facts, inside a {@code <dl class="facts">}: when it ran, JVM, machine,
     * commit, forks, the mock's warm-up and deaths, the floor, targets, versions, baseline, shard,
     * arguments, settings and notes; the run's report and the results page show the same.
     */
    static void facts(StringBuilder out, RunData run, List<String> targets) {
        RunInfo info = run.info();
        Map<String, String> env = info.environment();
        fact(out, "Started", Html.text(info.startedAt()));
        fact(out, "Ended", info.endedAt() == null ? "not recorded" : Html.text(info.endedAt()));
        fact(out, "JVM", Html.text(RunHeader.jvm(env)));
        fact(out, "OS", Html.text(RunHeader.os(env)));
        fact(out, "CPUs, memory", Html.text(RunHeader.cpusAndMemory(env)));
        if (env.containsKey("git.commit")) {
            fact(out, "Commit", "<code>" + Html.text(env.get("git.commit")) + "</code>");
        }
        String builtFrom = RunHeader.builtFrom(env);
        if (builtFrom != null) {
            fact(out, "Harness built from", "<code>" + Html.text(builtFrom) + "</code>");
        }
        String forks = RunHeader.forks(run);
        if (forks != null) {
            fact(out, "Forks", Html.text(forks));
        }
        String mock = RunHeader.mockWarmup(info);
        if (mock != null) {
            fact(out, "Mock warm-up", Html.text(mock));
        }
        for (String restart : RunHeader.mockRestarts(info)) {
            fact(out, "Mock died", Html.text(restart));
        }
        String floor = targets.isEmpty() ? null : RunHeader.floor(run, targets.get(0));
        if (floor != null) {
            fact(out, "Floor", Html.text(floor));
        }
        fact(out, "Targets", legend(targets) + (targets.isEmpty() ? ""
                : " <span class=\"sub\">(baseline <code>" + Html.text(targets.get(0)) + "</code>)</span>"));
        String versions = RunHeader.versions(info);
        if (versions != null) {
            fact(out, "Versions", Html.text(versions));
        }
        String baseline = RunHeader.baseline(info, targets);
        if (baseline != null) {
            fact(out, "Baseline", Html.text(baseline));
        }
        String shard = RunHeader.shard(info);
        if (shard != null) {
            fact(out, "Shard", Html.text(shard));
        }
        fact(out, "Arguments", info.arguments().isEmpty() ? "(none)"
                : "<code>" + Html.text(RunHeader.arguments(info)) + "</code>");
        if (!info.settings().isEmpty()) {
            fact(out, "Settings", "<code>" + Html.text(RunHeader.settings(info)) + "</code>");
        }
        for (String note : info.notes()) {
            fact(out, "Note", Html.text(note));
        }
        if (run.fromSummaryNote() != null) {
            fact(out, "Note", Html.text(run.fromSummaryNote()));
        }
    }

    /** How many cells ended in each status, in the statuses' order. */
    static Map<CellStatus, Integer> counts(List<CellResult> cells) {
        Map<CellStatus, Integer> counts = new EnumMap<>(CellStatus.class);
        for (CellResult cell : cells) {
            counts.merge(cell.status(), 1, Integer::sum);
        }
        return counts;
    }

    /** In a run merged from shards, which machine measured which rows. */
    private static void machines(StringBuilder out, RunInfo info) {
        List<List<String>> machines = RunHeader.machines(info);
        if (machines.isEmpty()) {
            return;
        }
        out.append("<section class=\"card\" id=\"machines\">\n<h2>Machines</h2>\n<p class=\"intro\">")
                .append(Html.text(RunHeader.MACHINES_INTRO)).append("</p>\n<table>\n<thead><tr>");
        RunHeader.MACHINES_COLUMNS.forEach(column -> out.append("<th>").append(Html.text(column)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : machines) {
            out.append("<tr>");
            row.forEach(value -> out.append("<td>").append(Html.text(value)).append("</td>"));
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n");
    }

    static void fact(StringBuilder out, String name, String html) {
        out.append("<dt>").append(name).append("</dt><dd>").append(html).append("</dd>\n");
    }

    static String legend(List<String> targets) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < targets.size(); i++) {
            out.append("<span class=\"legend\"><span class=\"swatch\" style=\"background:").append(SvgCharts.color(i))
                    .append("\"></span>").append(Html.text(targets.get(i))).append("</span>");
        }
        return out.toString();
    }

    /** The style of a status's pill: a cell not applicable is grey, as a missing one is. */
    static String pillClass(CellStatus status) {
        return status == CellStatus.NOT_APPLICABLE ? CellStatus.MISSING.name() : status.name();
    }

    private static void problems(StringBuilder out, List<CellResult> cells, Map<CellResult, String> anchors) {
        List<CellResult> failed = cells.stream().filter(cell -> cell.status() != CellStatus.OK).toList();
        if (failed.isEmpty()) {
            return;
        }
        boolean allNotApplicable = failed.stream().allMatch(cell -> cell.status() == CellStatus.NOT_APPLICABLE);
        out.append("<section class=\"card problems\" id=\"problems\">\n<h2>")
                .append(allNotApplicable ? "Cells not applicable" : "Cells that did not finish OK").append("</h2>\n")
                .append("<p class=\"intro\">").append(failed.size()).append(failed.size() == 1 ? " planned cell" : " planned cells")
                .append(" produced no valid result; the tables show their status in place of a figure")
                .append(failed.stream().anyMatch(cell -> cell.status() == CellStatus.NOT_APPLICABLE)
                        ? " (a cell not applicable asks what the target cannot do by design, and fails nothing)" : "")
                .append(".</p>\n<ul>\n");
        for (CellResult cell : failed) {
            out.append("<li id=\"").append(anchors.get(cell)).append("\"><span class=\"pill ").append(pillClass(cell.status()))
                    .append("\">").append(cell.status().label()).append("</span> <code>").append(Html.text(cell.target()))
                    .append('/').append(Html.text(cell.name())).append("</code>\n<pre class=\"reason\">")
                    .append(Html.text(cell.error())).append("</pre>");
            if (!cell.logTail().isEmpty()) {
                out.append("<details><summary>Last lines of the cell's log</summary><pre>")
                        .append(Html.text(String.join("\n", cell.logTail()))).append("</pre></details>");
            }
            out.append("</li>\n");
        }
        out.append("</ul>\n</section>\n");
    }

    /** A line per warning of every cell that has some: {@code target/cell: warning}. */
    private static void warnings(StringBuilder out, List<CellResult> cells) {
        List<CellResult> warned = Sections.warned(cells);
        if (warned.isEmpty()) {
            return;
        }
        out.append("<section class=\"card warnings\" id=\"warnings\">\n<h2>").append(Sections.WARNINGS_TITLE)
                .append("</h2>\n<p class=\"intro\">").append(Html.inline(Sections.WARNINGS_INTRO))
                .append("</p>\n<ul>\n");
        for (CellResult cell : warned) {
            for (String warning : cell.warnings()) {
                out.append("<li><code>").append(Html.text(cell.target())).append('/').append(Html.text(cell.name()))
                        .append("</code>: ").append(Html.text(warning)).append("</li>\n");
            }
        }
        out.append("</ul>\n</section>\n");
    }

    /**
     * A card per target that ran in several columns: its cells across them, each change as
     * {@code compare --between} judges it (a significant one in bold), then over the baseline on
     * each column's JVM.
     */
    private static void trends(StringBuilder out, List<Trends.Trend> trends, String baseline) {
        for (Trends.Trend trend : trends) {
            List<String> columns = trend.columns();
            out.append("<section class=\"card\" id=\"trend-").append(Html.text(trend.target())).append("\">\n<h2>")
                    .append(Html.inline(Trends.title(trend))).append("</h2>\n<p class=\"intro\">")
                    .append(Html.inline(Trends.intro(trend)))
                    .append("</p>\n<div class=\"scroll\"><table class=\"cmp\">\n<thead><tr><th scope=\"col\">Benchmark</th>");
            for (int i = 0; i < columns.size(); i++) {
                out.append("<th scope=\"col\">").append(Html.text(columns.get(i))).append("</th>");
                if (i > 0) {
                    out.append("<th scope=\"col\" class=\"ratio\">").append(Html.text(columns.get(i))).append(" ÷ ")
                            .append(Html.text(columns.get(0))).append("</th>");
                }
            }
            out.append("</tr></thead>\n<tbody>\n");
            for (Trends.Row row : trend.rows()) {
                out.append("<tr><th scope=\"row\">").append(Html.text(row.name())).append("</th>");
                for (int i = 0; i < row.entries().size(); i++) {
                    Trends.Entry entry = row.entries().get(i);
                    out.append("<td>").append(Html.text(Trends.median(entry))).append("</td>");
                    if (i > 0) {
                        String change = Html.text(Trends.change(entry));
                        out.append("<td class=\"ratio\">").append(entry.significant() ? "<strong>" + change + "</strong>"
                                : change).append("</td>");
                    }
                }
                out.append("</tr>\n");
            }
            out.append("</tbody>\n</table></div>\n<div class=\"scroll\"><table class=\"cmp\">\n<thead><tr>"
                    + "<th scope=\"col\">Benchmark</th>");
            for (int i = 0; i < columns.size(); i++) {
                out.append("<th scope=\"col\" class=\"ratio\">").append(Html.text(Trends.baselineHeader(trend, i)))
                        .append("</th>");
            }
            out.append("</tr></thead>\n<tbody>\n");
            for (Trends.Row row : trend.rows()) {
                out.append("<tr><th scope=\"row\">").append(Html.text(row.name())).append("</th>");
                row.entries().forEach(entry -> out.append("<td class=\"ratio\">")
                        .append(Trends.baselineRatio(entry)).append("</td>"));
                out.append("</tr>\n");
            }
            out.append("</tbody>\n</table></div>\n");
            for (String note : Trends.missingBaselines(trend, baseline)) {
                out.append("<p class=\"note\">").append(Html.inline(note)).append("</p>\n");
            }
            out.append("</section>\n");
        }
    }

    /**
     * The section's card and table, left open for what the section adds below its table.
     *
     * @param figures whether the section is of a kind's own figures, whose entries are long (a
     *     headline and its details) and wrap
     */
    private static void section(StringBuilder out, Sections.Section section, List<String> targets,
            Map<CellResult, String> anchors, boolean figures) {
        out.append("<section class=\"card\" id=\"").append(section.id()).append("\">\n<h2>")
                .append(Html.text(section.title())).append("</h2>\n<p class=\"intro\">").append(Html.inline(section.intro()))
                .append("</p>\n");
        if (ComparisonTable.tall(targets)) {
            tallTable(out, section, targets, anchors, figures ? " figures" : "");
        } else {
            wideTable(out, section, targets, anchors, figures ? " figures" : "");
        }
    }

    /** A column per target and one per ratio, a row per benchmark. */
    private static void wideTable(StringBuilder out, Sections.Section section, List<String> targets,
            Map<CellResult, String> anchors, String classes) {
        String baseline = targets.get(0);
        out.append("<div class=\"scroll\"><table class=\"cmp").append(classes).append("\" data-sortable>\n<thead><tr><th scope=\"col\">Benchmark</th>");
        for (String target : targets) {
            out.append("<th scope=\"col\">").append(Html.text(target));
            if (target.equals(baseline)) {
                out.append(targets.size() > 1 ? "<span class=\"base\">baseline</span>" : "");
            }
            out.append("</th>");
            if (!target.equals(baseline)) {
                out.append("<th scope=\"col\" class=\"ratio\">").append(Html.text(target)).append(" ÷ ")
                        .append(Html.text(baseline)).append("</th>");
            }
        }
        out.append("</tr></thead>\n<tbody>\n");
        int index = 0;
        for (ComparisonTable.Row row : section.rows()) {
            out.append("<tr><th scope=\"row\" data-v=\"").append(index++).append("\">").append(Html.text(row.name())).append("</th>");
            for (ComparisonTable.Entry entry : row.entries()) {
                out.append(cell(entry, anchors));
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table></div>\n");
    }

    /**
     * A tall table ({@link ComparisonTable#tall}): a body per benchmark, headed by its name, with a
     * line per target: its figure, its ratio and, when the section has some, its overhead in a column of
     * its own. Sorting by a column sorts the targets within each benchmark; the Target column restores
     * their order.
     */
    private static void tallTable(StringBuilder out, Sections.Section section, List<String> targets,
            Map<CellResult, String> anchors, String classes) {
        String baseline = Html.text(targets.get(0));
        boolean overhead = ComparisonTable.anyOverhead(section.rows());
        int columns = overhead ? 4 : 3;
        out.append("<div class=\"scroll\"><table class=\"cmp tall").append(classes).append("\" data-sortable>\n<thead><tr><th scope=\"col\">Target</th>")
                .append("<th scope=\"col\">").append(Html.text(section.title())).append("</th>")
                .append("<th scope=\"col\" class=\"ratio\">÷ ").append(baseline).append("</th>")
                .append(overhead ? "<th scope=\"col\" class=\"ratio\">over " + baseline + "</th>" : "")
                .append("</tr></thead>\n");
        for (ComparisonTable.Row row : section.rows()) {
            out.append("<tbody>\n<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"").append(columns).append("\">")
                    .append(Html.text(row.name())).append("</th></tr>\n");
            int index = 0;
            for (ComparisonTable.Line line : row.lines()) {
                out.append("<tr><th scope=\"row\" data-v=\"").append(index++).append("\">").append(Html.text(line.target()))
                        .append("</th>").append(cell(line.figure(), anchors));
                ComparisonTable.Entry ratio = line.ratio();
                if (ratio == null) { // the baseline: 1× itself, where its ratio would sort
                    boolean value = !line.figure().notOk() && !Double.isNaN(line.figure().value());
                    out.append("<td class=\"ratio\" data-v=\"").append(value ? "1.0" : "").append("\">baseline</td>")
                            .append(overhead ? "<td class=\"ratio\" data-v=\"" + (value ? Html.sortKey(line.figure().value())
                                    : "") + "\"></td>" : "");
                } else {
                    out.append("<td class=\"ratio\" data-v=\"").append(Html.sortKey(ratio.value())).append("\">")
                            .append(Html.text(ratio.text())).append("</td>");
                    if (overhead) { // within a benchmark, the overhead sorts as the figure does
                        out.append("<td class=\"ratio oh\" data-v=\"")
                                .append(ratio.overhead() == null ? "" : Html.sortKey(line.figure().value())).append("\">")
                                .append(ratio.overhead() == null ? "" : Html.text(ratio.overhead())).append("</td>");
                    }
                }
                out.append("</tr>\n");
            }
            out.append("</tbody>\n");
        }
        out.append("</table></div>\n");
    }

    private static String cell(ComparisonTable.Entry entry, Map<CellResult, String> anchors) {
        if (entry.ratio()) {
            return "<td class=\"ratio\" data-v=\"" + Html.sortKey(entry.value()) + "\">" + Html.text(entry.text())
                    + (entry.overhead() == null ? "" : "<br><span class=\"oh\">" + Html.text(entry.overhead()) + "</span>")
                    + "</td>";
        }
        if (entry.cell() == null) {
            return "<td class=\"notrun\" data-v=\"\" title=\"" + Html.text(entry.target())
                    + " did not plan this benchmark\">not run</td>";
        }
        CellResult cell = entry.cell();
        if (cell.status() != CellStatus.OK) {
            String title = cell.status() == CellStatus.NOT_APPLICABLE ? "not applicable: " : "";
            return "<td class=\"st\" data-v=\"\"><a href=\"#" + anchors.get(cell) + "\" title=\""
                    + Html.text(title + Units.firstLine(cell.error())) + "\"><span class=\"pill "
                    + pillClass(cell.status()) + "\">" + Html.text(cell.status().label()) + "</span></a></td>";
        }
        String title = entry.title() == null ? "" : " title=\"" + Html.text(entry.title()) + "\"";
        return "<td data-v=\"" + Html.sortKey(entry.value()) + "\"" + title + ">" + Html.text(entry.text()) + "</td>";
    }

    static void medianCharts(StringBuilder out, Map<String, Map<String, CellResult>> rows, List<String> targets) {
        List<String> charts = new ArrayList<>();
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            boolean timed = row.getValue().values().stream()
                    .anyMatch(cell -> cell.status() == CellStatus.OK && cell.time() != null);
            if (timed) {
                charts.add(figure(row.getKey(), "", SvgCharts.medians(row.getKey(), row.getValue(), targets)));
            }
        }
        if (charts.isEmpty()) {
            return;
        }
        out.append("<section class=\"card\" id=\"medians\">\n<h2>Median and p95 per benchmark</h2>\n<p class=\"intro\">")
                .append("Each bar is a target's median time per iteration, its whisker reaches the p95; cold start "
                        + "is launch to first reply. A row held to the heap its agents or sessions keep "
                        + "(<code>memory_footprint</code>, <code>session_growth</code>) draws those bytes instead. "
                        + "A pale bar marked † is a cell that was not steady or was disturbed: not a figure to "
                        + "quote. Targets whose cell did not finish OK show their status.</p>\n")
                .append(legend(targets)).append("\n<div class=\"charts\">\n");
        charts.forEach(out::append);
        out.append("</div>\n</section>\n");
    }

    private static void warmupCharts(StringBuilder out, Map<String, Map<String, CellResult>> rows,
            List<String> targets) {
        List<String> charts = new ArrayList<>();
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            String svg = WarmupChart.of(row.getKey(), row.getValue(), targets);
            if (svg != null) {
                List<String> gaps = new ArrayList<>();
                for (String target : targets) {
                    CellResult cell = row.getValue().get(target);
                    if (WarmupChart.curves(cell).isEmpty()) {
                        gaps.add(target + " (" + (cell == null ? "not run"
                                : cell.status() == CellStatus.OK ? "no warm-up recorded" : cell.status()) + ")");
                    }
                }
                charts.add(figure(row.getKey(), gaps.isEmpty() ? "" : "no curve for " + String.join(", ", gaps), svg));
            }
        }
        if (charts.isEmpty()) {
            return;
        }
        out.append("<section class=\"card\" id=\"warmup-curves\">\n<h2>Warm-up curves</h2>\n<p class=\"intro\">")
                .append("Per benchmark, the median of each window of a fork's warm-up against the seconds since that "
                        + "fork started warming up, on a logarithmic scale; every fork of a target is drawn in the "
                        + "target's colour. The solid line is the warm-up, the lighter dashed line after it the timed "
                        + "pass in windows of about the same length. A dot marks where timing started: filled when "
                        + "the fork was steady, a ring when it was not (capped, or its series changed in the timed "
                        + "pass). Hover a dot for the fork's time to steady state and shape.</p>\n")
                .append(legend(targets)).append("\n<div class=\"charts\">\n");
        charts.forEach(out::append);
        out.append("</div>\n</section>\n");
    }

    static void throughputCharts(StringBuilder out, Map<String, Map<String, CellResult>> rows,
            List<String> targets) {
        List<String> charts = new ArrayList<>();
        for (Map.Entry<String, SortedMap<Integer, Map<String, CellResult>>> benchmark : byBenchmark(rows).entrySet()) {
            SortedMap<Integer, Map<String, CellResult>> byN = benchmark.getValue();
            boolean anyPoint = byN.values().stream().flatMap(cells -> cells.values().stream())
                    .anyMatch(cell -> SvgCharts.sessionsPerSecond(cell) > 0);
            // a kind's own figures have their charts in their sections; a chart without a point says nothing
            if (byN.lastKey() > 1 && !hasFigures(byN) && anyPoint) {
                charts.add(figure(benchmark.getKey(), gaps(byN, targets, SvgCharts::sessionsPerSecond, "no throughput"),
                        SvgCharts.throughput(benchmark.getKey(), byN, targets)));
            }
        }
        if (charts.isEmpty()) {
            return;
        }
        out.append("<section class=\"card\" id=\"scaling\">\n<h2>Throughput against concurrency</h2>\n<p class=\"intro\">")
                .append("Sessions finished per second with N sessions at once, per target, for each benchmark run at "
                        + "more than one concurrency level. A point is missing where the cell did not finish OK.</p>\n")
                .append(legend(targets)).append("\n<div class=\"charts\">\n");
        charts.forEach(out::append);
        out.append("</div>\n</section>\n");
    }

    /**
     * Below a section of a kind's own figures: per benchmark run at more than one concurrency level,
     * the section's headline figure against N, a line per target, and its reference (a figure of the
     * same unit that is better neither way, such as a load cell's ideal) dashed.
     */
    static void figureCharts(StringBuilder out, String section, Map<String, Map<String, CellResult>> rows,
            List<String> targets) {
        List<String> charts = new ArrayList<>();
        String label = null;
        String reference = null;
        for (Map.Entry<String, SortedMap<Integer, Map<String, CellResult>>> benchmark : byBenchmark(rows).entrySet()) {
            SortedMap<Integer, Map<String, CellResult>> byN = benchmark.getValue();
            dev.agentbench.api.result.Figure headline = headline(byN, section);
            if (byN.lastKey() > 1 && headline != null) {
                label = headline.label();
                dev.agentbench.api.result.Figure ref = byN.values().stream().flatMap(cells -> cells.values().stream())
                        .map(cell -> FigureSections.reference(cell, section)).filter(java.util.Objects::nonNull)
                        .findFirst().orElse(null);
                reference = ref == null ? reference : ref.label();
                charts.add(figure(benchmark.getKey(), gaps(byN, targets, cell -> FigureSections.headline(cell, section),
                        "no " + headline.label()), SvgCharts.figure(benchmark.getKey(), section, byN, targets)));
            }
        }
        if (charts.isEmpty()) {
            return;
        }
        out.append("<div class=\"figure-charts\">\n<p class=\"intro\">").append(Html.text(label))
                .append(" against N sessions at once, a line per target")
                .append(reference == null ? "" : "; the dashed grey line is the " + Html.text(reference))
                .append(". A point is missing where the cell did not finish OK.</p>\n")
                .append(legend(targets)).append("\n<div class=\"charts\">\n");
        charts.forEach(out::append);
        out.append("</div>\n</div>\n");
    }

    /** The headline figure of {@code section} in the first OK cell of a benchmark that has it; {@code null} when none. */
    private static dev.agentbench.api.result.Figure headline(SortedMap<Integer, Map<String, CellResult>> byN,
            String section) {
        return byN.values().stream().flatMap(cells -> cells.values().stream())
                .filter(cell -> cell.status() == dev.agentbench.api.result.CellStatus.OK)
                .map(cell -> FigureSections.of(cell, section)).filter(figures -> !figures.isEmpty())
                .map(figures -> figures.get(0)).findFirst().orElse(null);
    }

    /** Benchmark → N → target → cell, benchmarks in report order. */
    private static Map<String, SortedMap<Integer, Map<String, CellResult>>> byBenchmark(
            Map<String, Map<String, CellResult>> rows) {
        Map<String, SortedMap<Integer, Map<String, CellResult>>> benchmarks = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            benchmarks.computeIfAbsent(RowOrder.base(row.getKey()), base -> new TreeMap<>())
                    .put(RowOrder.concurrency(row.getKey()), row.getValue());
        }
        return benchmarks;
    }

    /** Whether some cell of a benchmark has figures of its kind's own. */
    private static boolean hasFigures(SortedMap<Integer, Map<String, CellResult>> byN) {
        return byN.values().stream().flatMap(cells -> cells.values().stream()).anyMatch(cell -> !cell.figures().isEmpty());
    }

    /** Says which points a chart against N lacks, and why ({@code missing} for an OK cell without a value). */
    private static String gaps(SortedMap<Integer, Map<String, CellResult>> byN, List<String> targets,
            ToDoubleFunction<CellResult> value, String missing) {
        List<String> gaps = new ArrayList<>();
        for (Map.Entry<Integer, Map<String, CellResult>> level : byN.entrySet()) {
            for (String target : targets) {
                CellResult cell = level.getValue().get(target);
                if (!(value.applyAsDouble(cell) > 0)) {
                    gaps.add(target + " at N=" + level.getKey() + " ("
                            + (cell == null ? "not run" : cell.status() == CellStatus.OK ? missing : cell.status()) + ")");
                }
            }
        }
        return gaps.isEmpty() ? "" : "no point for " + String.join(", ", gaps);
    }

    private static String figure(String title, String caption, String svg) {
        return "<figure class=\"chart\"><figcaption>" + Html.text(title)
                + (caption.isEmpty() ? "" : "<span class=\"gaps\">" + Html.text(caption) + "</span>")
                + "</figcaption>" + svg + "</figure>\n";
    }

}
