package dev.agentbench.report;

import dev.agentbench.api.Spelling;
import dev.agentbench.api.result.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes the report formats of a run into its run directory. */
public final class Reports {

    /** Every format a run writes, in the order they are written. */
    public static List<ReportFormat> formats() {
        return List.of(new SummaryJsonFormat(), new MarkdownFormat(), new HtmlFormat(), new JmhJsonFormat());
    }

    /** The names of the formats, as {@code report --format} takes them: {@code [json, md, html, jmh]}. */
    public static List<String> formatIds() {
        return formats().stream().map(ReportFormat::id).toList();
    }

    /**
     * The format named {@code id}.
     *
     * @throws IllegalArgumentException naming the known formats when there is no such format
     */
    public static ReportFormat format(String id) {
        return formats().stream()
                .filter(format -> format.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(Spelling.unknown("format", id, formatIds())));
    }

    private Reports() {}

    /**
     * Reads {@code runDir} and writes every format there.
     *
     * @return the files written
     * @throws IOException when the run directory cannot be read or a file cannot be written
     */
    public static List<Path> write(Path runDir, ReportOptions options) throws IOException {
        return write(runDir, options, formats());
    }

    /**
     * Reads {@code runDir} and writes each of {@code formats} there, each atomically (temp file,
     * then rename), so that a reader never sees half a report.
     *
     * A format whose file cannot be written (a full disk) does not keep the others from being
     * written: each is tried, and the failures are thrown together once all were.
     *
     * @return the files written, in the order of {@code formats}
     * @throws IOException when the run directory cannot be read, or naming each file that cannot be
     *     written and why ({@code Cannot write [.../report.html]: No space left on device})
     */
    public static List<Path> write(Path runDir, ReportOptions options, List<ReportFormat> formats) throws IOException {
        RunData run = RunData.read(runDir);
        List<Path> written = new ArrayList<>();
        IOException failed = null;
        for (ReportFormat format : formats) {
            Path target = runDir.resolve(format.fileName());
            try {
                AtomicFiles.write(target, format.render(run, options).getBytes(StandardCharsets.UTF_8));
                written.add(target);
            } catch (IOException e) {
                if (failed == null) {
                    failed = new IOException(e.getMessage(), e);
                } else {
                    failed = new IOException(failed.getMessage() + "; " + e.getMessage(), failed);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
        return written;
    }
}
