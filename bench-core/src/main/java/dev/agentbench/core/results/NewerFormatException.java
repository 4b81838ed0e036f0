package dev.agentbench.core.results;

import dev.agentbench.api.result.RunLayout;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A results file written in a newer results format than this version reads: its fields may mean
 * what this version cannot know, so it is refused rather than misread. The message is one line
 * naming the file and both formats.
 */
public final class NewerFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final Path file;
    private final long format;

    public NewerFormatException(Path file, long format) {
        super("[" + file + "] is results format " + format + "; this agentbench reads format " + RunLayout.FORMAT
                + " (use a newer agentbench)");
        this.file = file;
        this.format = format;
    }

    /** The file that was refused. */
    public Path file() {
        return file;
    }

    /** The format the file says it is in. */
    public long format() {
        return format;
    }
}
