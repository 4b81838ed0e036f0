package dev.agentbench.cli;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.report.ReportFormat;
import dev.agentbench.report.Reports;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code agentbench publish}: a copy of a run's records and reports with the machine's folders taken
 * out of them, for a repository or a web page; measures and rewrites nothing of the run itself.
 */
@Command(
        name = "publish",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Copies a run for publishing: its run.json, summary.json, reports and stream timelines, into a "
                    + "folder, with every path under --root made relative to it, so that no machine's folders (a "
                    + "home directory, a checkout's place) show in what is published. The run's own files are left "
                    + "as they are.",
            "",
            "The reports copied are report.md, report.html and jmh-result.json, those there are; the stream "
                    + "timelines, <target>/<cell>.stream.json, of the cells that have one, so that report.html and "
                    + "page can draw them again. Cell results, logs and profiles are not copied: a published run's "
                    + "cells are read from its summary.json.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench publish results/latest docs/results/nightly",
            "  agentbench publish results/latest site/run-a --root /home/ci/agentbench",
            "",
            "Exit codes: 0 published; 2 bad input: no such run directory, a run without its",
            "summary.json or report.md (write them with 'agentbench report'), a DEST_DIR that",
            "is the run's own folder or a file, a --root that is the file system's root, a",
            "file that cannot be read or written."
        })
final class PublishCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR",
            description = "A run directory; a results directory's 'latest' entry; or a results directory, for its "
                    + "newest run.")
    private Path run;

    @Parameters(index = "1", paramLabel = "DEST_DIR",
            description = "The folder to copy into, made when it is not there; files of the same names in it are "
                    + "replaced, others left alone.")
    private Path dest;

    @Option(names = "--root", paramLabel = "DIR",
            description = "Paths under this folder are written relative to it (default: the current directory).")
    private Path root = Path.of("");

    @Override
    public Integer call() {
        Path runDir = ReportCommand.resolve(run);
        RunLayout layout = new RunLayout(runDir);
        Path base = root.toAbsolutePath().normalize();
        if (base.getParent() == null) {
            throw new Main.UsageException("--root [" + base + "] is the file system's root: every path is under it; "
                    + "name the folder the run's paths should be relative to");
        }
        Path to = dest.toAbsolutePath().normalize();
        if (to.equals(runDir.toAbsolutePath().normalize())) {
            throw new Main.UsageException("DEST_DIR [" + dest + "] is the run's own folder: name another");
        }
        if (Files.exists(to) && !Files.isDirectory(to)) {
            throw new Main.UsageException("DEST_DIR [" + dest + "] is a file: name a folder");
        }
        for (Path required : List.of(layout.summaryJson(), layout.reportMarkdown())) {
            if (!Files.isRegularFile(required)) {
                throw new Main.UsageException("The run [" + runDir + "] has no " + required.getFileName()
                        + ": write its reports first with 'agentbench report " + runDir + "'");
            }
        }
        List<Path> files = new ArrayList<>(List.of(layout.runJson()));
        for (ReportFormat format : Reports.formats()) {
            Path file = runDir.resolve(format.fileName());
            if (Files.isRegularFile(file)) {
                files.add(file);
            }
        }
        int paths = 0;
        try {
            files.addAll(streamTimelines(layout));
            for (Path file : files) {
                Relative relative = relativeTo(base, Files.readString(file, StandardCharsets.UTF_8));
                Path copy = to.resolve(runDir.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                AtomicFiles.write(copy, relative.text().getBytes(StandardCharsets.UTF_8));
                paths += relative.paths();
            }
        } catch (IOException e) {
            throw new Main.UsageException("Cannot publish the run [" + runDir + "] to [" + dest + "]: "
                    + ReportCommand.oneLine(e));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Published " + runDir + " to " + dest + ": " + files.size() + " files, " + paths
                + (paths == 1 ? " path" : " paths") + " under " + base + " made relative to it");
        out.flush();
        return Main.OK;
    }

    /** The stream timelines of the run's planned cells that have one, in the plan's order. */
    private static List<Path> streamTimelines(RunLayout layout) throws IOException {
        List<Path> timelines = new ArrayList<>();
        for (PlannedCell cell : ResultsJson.read(layout.runJson(), RunInfo.class).cells()) {
            Path timeline = layout.cellStream(cell);
            if (Files.isRegularFile(timeline)) {
                timelines.add(timeline);
            }
        }
        return timelines;
    }

    /** A file's text with the paths under a folder made relative, and how many there were. */
    record Relative(String text, int paths) {}

    /**
     * {@code text} with every path under {@code base} written relative to it: the folder's name and
     * the separator after it taken out, as the text has it plainly and as JSON escapes it (Windows'
     * backslashes doubled). A path that is the folder itself, with no separator after it, is left,
     * and so is one that only contains the folder's path ({@code /other/work/x} for {@code /work}).
     */
    static Relative relativeTo(Path base, String text) {
        String prefix = base + File.separator;
        List<String> forms = new ArrayList<>(List.of(prefix));
        String escaped = prefix.replace("\\", "\\\\");
        if (!escaped.equals(prefix)) {
            forms.add(escaped);
        }
        String result = text;
        int paths = 0;
        for (String form : forms) {
            int at = result.indexOf(form);
            if (at < 0) {
                continue;
            }
            StringBuilder out = new StringBuilder(result.length());
            int from = 0;
            for (; at >= 0; at = result.indexOf(form, from)) {
                if (at > 0 && inPath(result.charAt(at - 1))) {
                    out.append(result, from, at + form.length()); // the folder's name inside another path
                } else {
                    out.append(result, from, at);
                    paths++;
                }
                from = at + form.length();
            }
            result = out.append(result, from, result.length()).toString();
        }
        return new Relative(result, paths);
    }

    /** Whether {@code c} can be part of a path's name, so that a path starting after it is not one of its own. */
    private static boolean inPath(char c) {
        return Character.isLetterOrDigit(c) || "/\\._-~".indexOf(c) >= 0;
    }
}
