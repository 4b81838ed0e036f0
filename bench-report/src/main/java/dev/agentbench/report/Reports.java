package dev.agentbench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** Writes every report format of a run into its run directory. */
public final class Reports {

    /** The formats a run writes, in the order they are written. */
    public static List<ReportFormat> formats() {
        return List.of(new SummaryJsonFormat(), new MarkdownFormat());
    }

    private Reports() {}

    /**
     * Reads {@code runDir} and writes each format there, each atomically (temp file, then rename).
     *
     * @return the files written
     * @throws IOException when the run directory cannot be read or a file cannot be written
     */
    public static List<Path> write(Path runDir, ReportOptions options) throws IOException {
        RunData run = RunData.read(runDir);
        List<Path> written = new ArrayList<>();
        for (ReportFormat format : formats()) {
            Path target = runDir.resolve(format.fileName());
            Path temp = runDir.resolve(format.fileName() + ".tmp");
            Files.writeString(temp, format.render(run, options));
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            written.add(target);
        }
        return written;
    }
}
