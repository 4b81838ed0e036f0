package dev.agentbench.core.child;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fork's result file, as the child keeps it: written as soon as the result is known (before the
 * agents are closed), then written again with each warning added to an OK result. Every write
 * replaces the file atomically, so whatever ends the JVM, the file holds a whole result. Its methods
 * are synchronized: a shutdown hook and the close watch may call them from threads of their own.
 */
final class ForkResultFile {

    private final Path file;
    private final List<String> warnings = new ArrayList<>();
    /** The OK measurement the result is made from; {@code null} for a result that is not OK. */
    private Measured measured;
    private CellResult result;
    /** Whether the file was ended by {@link #fail}: nothing written after counts. */
    private boolean ended;

    ForkResultFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    /** Writes the OK result of {@code measured}. */
    synchronized void write(Measured measured) throws IOException {
        this.measured = measured;
        write(measured.result(List.of()));
    }

    /** Writes {@code result}, which is not made from a measurement (a failure). */
    synchronized void write(CellResult result) throws IOException {
        if (ended) {
            return;
        }
        ResultsJson.write(file, result);
        this.result = result;
        CellLog.say("result " + result.status() + " written to " + file);
    }

    /**
     * Adds {@code warning} to the OK result and writes it again; a result that is not OK, or not
     * written, only has the warning said in the log.
     */
    synchronized void warn(String warning) {
        CellLog.say("warning: " + warning);
        if (ended || measured == null || result == null || warnings.contains(warning)) {
            return;
        }
        warnings.add(warning);
        try {
            write(measured.result(warnings));
        } catch (IOException e) {
            CellLog.say("could not write the result again with its warning: " + e.getMessage());
        }
    }

    /** Writes a FAILED result of {@code cell} saying {@code error}, and ends the file: the JVM is about to end. */
    synchronized void fail(PlannedCell cell, String error) {
        try {
            write(CellResult.failed(cell, CellStatus.FAILED, error, List.of()));
        } catch (IOException e) {
            CellLog.say("could not write the result: " + e.getMessage());
        }
        ended = true;
    }

    /** The status of the result written last; FAILED when none was. */
    synchronized CellStatus status() {
        return result == null ? CellStatus.FAILED : result.status();
    }
}
