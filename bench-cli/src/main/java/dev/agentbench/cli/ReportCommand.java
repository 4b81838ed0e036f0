package dev.agentbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.LatestRun;
import dev.agentbench.core.results.NewerFormatException;
import dev.agentbench.report.ReportFormat;
import dev.agentbench.report.ReportOptions;
import dev.agentbench.report.Reports;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentbench report}: rebuilds the reports of a run directory from its results, measuring nothing. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Rebuilds the reports of a run from its run.json and cell results, measuring nothing: summary.json, "
                    + "report.md, report.html and jmh-result.json (JMH's JSON shape), or the formats named.",
            "",
            "A cell whose result file is gone (a published, archived or copied run keeps only run.json and "
                    + "summary.json) is read from the run's summary.json: its figures and forks without samples, "
                    + "so its interval is Student's t over the forks' medians alone; the reports say which cells.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench report results/latest",
            "  agentbench report results                      (its newest run)",
            "  agentbench report results/20261129-101500-k3x9 --format html --format jmh",
            "  agentbench report results/latest --format md,json --baseline llmagent",
            "",
            "Exit codes: 0 reports written; 2 bad input: no such directory, no run.json, an unknown format,",
            "results of a newer format than this agentbench reads, a broken summary.json."
        })
final class ReportCommand implements Callable<Integer> {

    /** The largest {@code latest} file read as a run id; anything larger is no such file. */
    private static final long MAX_LATEST_FILE = 4096;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR",
            description = "A run directory; a results directory's 'latest' entry (a link, or a file holding the run "
                    + "id); or a results directory, for its newest run.")
    private Path runDir;

    @Option(names = {"-f", "--format"}, split = ",", paramLabel = "FORMAT",
            description = "A format to write: md, html, json or jmh; repeatable or comma-separated (default: all).")
    private List<String> formats = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "TARGET",
            description = "The target others are compared with (default: wire; the run's first target when it has no wire).")
    private String baseline = ReportOptions.DEFAULT_BASELINE;

    @Override
    public Integer call() {
        List<ReportFormat> chosen = formats.isEmpty() ? Reports.formats()
                : new LinkedHashSet<>(formats).stream().map(Reports::format).toList();
        Path run = resolve(runDir);
        List<Path> written;
        try {
            written = Reports.write(run, new ReportOptions(baseline), chosen);
        } catch (NewerFormatException e) {
            throw new Main.UsageException(e.getMessage());
        } catch (IOException e) {
            throw new Main.UsageException("Cannot build the reports of [" + run + "]: " + oneLine(e));
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Path file : written) {
            out.println("Wrote " + file);
        }
        out.flush();
        return Main.OK;
    }

    /**
     * The run directory that {@code given} names: itself when it holds {@code run.json}; the run a
     * {@code latest} entry names (a link, or a file holding the run id); or, for a results directory,
     * its newest run.
     *
     * @throws Main.UsageException naming the path and what is wrong with it
     */
    static Path resolve(Path given) {
        if (!Files.exists(given)) {
            if (Files.isSymbolicLink(given)) {
                throw new Main.UsageException("[" + given + "] is a link to [" + readLink(given) + "], which does not exist");
            }
            throw new Main.UsageException("No such run directory [" + given + "]");
        }
        if (Files.isRegularFile(given) && given.getFileName().toString().equals("run.json")) {
            Path parent = given.getParent() != null ? given.getParent() : given.toAbsolutePath().getParent();
            return resolve(parent); // the run.json of a run: that run
        }
        Path dir = Files.isRegularFile(given) ? runNamedIn(given) : given;
        if (Files.isRegularFile(new RunLayout(dir).runJson())) {
            return dir;
        }
        Path latest = dir.resolve(RunLayout.LATEST);
        if (Files.exists(latest, LinkOption.NOFOLLOW_LINKS)) {
            Optional<Path> newest = LatestRun.resolve(dir);
            if (newest.isEmpty()) {
                throw new Main.UsageException("[" + latest + "] names no run directory that exists");
            }
            if (!Files.isRegularFile(new RunLayout(newest.get()).runJson())) {
                throw new Main.UsageException("No run.json in [" + newest.get() + "], the run [" + latest + "] names");
            }
            return newest.get();
        }
        throw new Main.UsageException("No run.json in [" + dir + "]: not a run directory (nor a results directory: "
                + "it has no " + RunLayout.LATEST + " entry)");
    }

    /** The run directory beside {@code file} that a {@code latest} file names by its id. */
    private static Path runNamedIn(Path file) {
        String id;
        try {
            if (Files.size(file) > MAX_LATEST_FILE) {
                throw new Main.UsageException("[" + file + "] is a file, not a run directory nor a 'latest' file");
            }
            id = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException e) {
            if (e instanceof Main.UsageException usage) {
                throw usage;
            }
            throw new Main.UsageException("Cannot read [" + file + "]: " + oneLine(e));
        }
        if (id.isEmpty() || id.contains("/") || id.contains("\\") || id.contains("\n") || id.equals("..")) {
            throw new Main.UsageException("[" + file + "] is a file, not a run directory nor a 'latest' file holding a run id");
        }
        Path run = file.toAbsolutePath().getParent().resolve(id);
        if (!Files.isDirectory(run)) {
            throw new Main.UsageException("[" + file + "] names run [" + id + "], but there is no directory [" + run + "]");
        }
        return run;
    }

    private static String readLink(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "?";
        }
    }

    /**
     * An exception's message on one line, for a bad-input line: Jackson's without its source
     * excerpt, and a file system error's with its kind when it gives no reason ({@code
     * AccessDeniedException /x/y}).
     */
    static String oneLine(Exception e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        if (message == null) {
            message = e.getClass().getSimpleName();
        } else if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() == null) {
            message = e.getClass().getSimpleName() + " " + message;
        }
        return message.replaceAll("\\s*\\R\\s*", " ");
    }
}
