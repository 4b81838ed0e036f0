package dev.agentbench.report;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.RunInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One self-contained page of several runs' charts, for publishing (for example {@code
 * docs/results/index.html}): per run, a card with its header (when, JVM, machine, versions,
 * settings, its cells' statuses) and links to its own reports, then its charts as {@code
 * report.html} draws them: the median and p95 of every benchmark, each section of figures against
 * N sessions (the load curves), throughput against concurrency, the cost curves of its sweeps and
 * its stream timelines. It holds no table of numbers: each run's {@code report.md} is the source of
 * truth for those, and the page links it. Inline CSS and SVG; nothing is fetched.
 */
public final class ResultsPage {

    /** The page's title when none is given. */
    public static final String DEFAULT_TITLE = "agentbench results";

    /**
     * One run on the page.
     *
     * @param name what the page calls it (its directory's name, say)
     * @param run the run's data
     * @param reportLinks the run's own reports, as links from the page's folder: file name → href
     */
    public record Entry(String name, RunData run, Map<String, String> reportLinks) {
        public Entry {
            reportLinks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(reportLinks));
        }
    }

    private ResultsPage() {}

    /**
     * Reads the run in {@code runDir} for a page to be written at {@code page}, linking its {@code
     * report.html} and {@code report.md} where they exist, relative to the page's folder (so that
     * the page and the runs can move together); the entry's name is the directory's.
     *
     * @throws IOException when the run cannot be read
     */
    public static Entry entry(Path page, Path runDir) throws IOException {
        RunData run = RunData.read(runDir);
        Path folder = page.toAbsolutePath().normalize().getParent();
        Path dir = runDir.toAbsolutePath().normalize();
        Map<String, String> links = new LinkedHashMap<>();
        for (String report : List.of("report.html", "report.md")) {
            Path file = dir.resolve(report);
            if (Files.isRegularFile(file)) {
                links.put(report, folder.relativize(file).toString().replace('\\', '/'));
            }
        }
        return new Entry(dir.getFileName() == null ? run.info().runId() : dir.getFileName().toString(), run, links);
    }

    /** Writes the page of {@code runs} to {@code page}, atomically (a temp file, then a rename). */
    public static void write(Path page, String title, List<Entry> runs, ReportOptions options) throws IOException {
        AtomicFiles.write(page, render(title, runs, options).getBytes(StandardCharsets.UTF_8));
    }

    /** The page of {@code runs}, in the order given. */
    public static String render(String title, List<Entry> runs, ReportOptions options) {
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.text(title)).append("</title>\n")
                .append("<style>\n").append(HtmlAssets.CSS).append("</style>\n</head>\n<body>\n<div class=\"page\">\n")
                .append("<header class=\"card\">\n<h1>").append(Html.text(title)).append("</h1>\n<p class=\"sub\">")
                .append(runs.size()).append(runs.size() == 1 ? " run" : " runs")
                .append(". The charts of each run, drawn from its results; the figures themselves, with their "
                        + "intervals, are in each run's own report (report.md is the source of truth), linked "
                        + "under its name.</p>\n");
        if (!runs.isEmpty()) {
            out.append("<ul class=\"runs\">\n");
            for (int i = 0; i < runs.size(); i++) {
                Entry entry = runs.get(i);
                out.append("<li><a href=\"#run-").append(i + 1).append("\">").append(Html.text(entry.name()))
                        .append("</a> <span class=\"sub\">").append(Html.text(summaryLine(entry.run()) + ", started " + entry.run().info().startedAt()))
                        .append("</span></li>\n");
            }
            out.append("</ul>\n");
        }
        out.append("</header>\n");
        for (int i = 0; i < runs.size(); i++) {
            run(out, i + 1, runs.get(i), options);
        }
        out.append("<footer>Written by agentbench from the runs' <code>run.json</code> and results. "
                + "One self-contained file: nothing is fetched.</footer>\n</div>\n<script>\n")
                .append(HtmlAssets.SCRIPT).append("</script>\n</body>\n</html>\n");
        return out.toString();
    }

    /** A run's card and its charts; every id in them is prefixed with the run's, so that two runs' never clash. */
    private static void run(StringBuilder page, int number, Entry entry, ReportOptions options) {
        RunData run = entry.run();
        RunInfo info = run.info();
        List<String> targets = run.targets(options.baseline());
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        String prefix = "run-" + number;

        page.append("<section class=\"card\" id=\"").append(prefix).append("\">\n<h2>").append(Html.text(entry.name()))
                .append(" <span class=\"pill ").append(info.status().name()).append("\">").append(info.status().name())
                .append("</span></h2>\n<p class=\"sub\">Run <code>").append(Html.text(info.runId())).append("</code>");
        entry.reportLinks().forEach((file, href) -> page.append(" · <a href=\"").append(Html.text(href)).append("\">")
                .append(Html.text(file)).append("</a>"));
        page.append("</p>\n<dl class=\"facts\">\n");
        HtmlFormat.facts(page, run, targets);
        HtmlFormat.fact(page, "Cells", Html.text(summaryLine(run)));
        page.append("</dl>\n</section>\n");

        StringBuilder charts = new StringBuilder();
        HtmlFormat.medianCharts(charts, rows, targets);
        for (String section : FigureSections.titles(rows)) {
            StringBuilder figures = new StringBuilder();
            HtmlFormat.figureCharts(figures, section, rows, targets);
            if (!figures.isEmpty()) {
                charts.append("<section class=\"card\" id=\"").append(FigureSections.id(section)).append("\">\n<h2>")
                        .append(Html.text(section)).append("</h2>\n").append(figures).append("</section>\n");
            }
        }
        HtmlFormat.throughputCharts(charts, rows, targets);
        CurvesHtml.section(charts, run, targets);
        StreamTimelines.section(charts, run, targets);
        if (charts.isEmpty()) {
            page.append("<p class=\"note\">").append(Html.text(entry.name()))
                    .append(" has nothing to draw: no cell finished OK with a time.</p>\n");
        }
        // the fragment is this class's and the report's own markup (every text from a result is escaped):
        // its ids are made the run's, and its card titles one level below the run's name
        page.append(charts.toString().replace(" id=\"", " id=\"" + prefix + "-").replace("href=\"#", "href=\"#" + prefix + "-")
                .replace("<h2>", "<h3>").replace("</h2>", "</h3>"));
    }

    /** {@code 12 cells: 12 OK}: how many cells, and how many ended in each status. */
    private static String summaryLine(RunData run) {
        List<String> parts = new ArrayList<>();
        HtmlFormat.counts(run.cells()).forEach((status, count) -> parts.add(count + " " + status.name()));
        return run.cells().size() + (run.cells().size() == 1 ? " cell" : " cells")
                + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }
}
