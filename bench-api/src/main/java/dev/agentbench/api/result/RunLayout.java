package dev.agentbench.api.result;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where things live in a run directory. The one place that knows the results layout's file names:
 *
 * <pre>
 * &lt;results-dir&gt;/&lt;run-id&gt;/
 *   run.json                       {@link RunInfo}
 *   &lt;target&gt;/&lt;cell&gt;.json            {@link CellResult}, written by the cell's child JVM
 *   &lt;target&gt;/&lt;cell&gt;.fork-N.json     what fork N's child JVM wrote, merged into the above
 *   &lt;target&gt;/&lt;cell&gt;.log             the children's output, fork after fork
 *   &lt;target&gt;/&lt;cell&gt;.spec.properties what the parent asked the child to measure
 *   &lt;target&gt;/&lt;cell&gt;.jfr             a profiled run's recording of the cell's profile fork
 *   &lt;target&gt;/&lt;cell&gt;.profile.json    that recording summed up, {@link Profile}
 *   &lt;target&gt;/&lt;cell&gt;.stream.json     one streamed reply of a cell that observes the stream
 *   mock.log                       the mock's output
 *   mock.restart-N.log             the output of the N-th mock started after the first died
 *   mock.shard-K.log               in a run merged from shards, shard K's mock.log
 *   summary.json  report.md  ...   written from the above
 * </pre>
 *
 * <p>{@code run.json}, every cell result and {@code summary.json} say which results format they are
 * in ({@link #FORMAT}).
 *
 * <pre>
 * &lt;results-dir&gt;/latest               the newest run's id
 * </pre>
 *
 * @param runDir the run directory, {@code <results-dir>/<run-id>}
 */
public record RunLayout(Path runDir) {

    /**
     * The entry in a results directory that names its newest run: a relative symbolic link to the run
     * directory where the file system allows one, else a file holding the run id.
     */
    public static final String LATEST = "latest";

    /**
     * The results format this version writes: {@code "format"} in {@code run.json}, in every cell
     * result and in {@code summary.json}. A file without the field is format 1. A reader refuses a
     * file of a newer format than its own (it cannot know what the newer fields mean) and reads any
     * older one. Format 2 keeps each cell's samples per fork ({@link CellResult#forks()}) and adds
     * CPU time and the mock's warm-up. Format 3 keeps what a benchmark kind measures of its own as
     * {@link Figure figures}, each carrying its unit, direction and how forks combine, in place of
     * format 2's {@code metrics} map and {@code load} record (a reader of format 3 reads format 2's
     * into figures).
     */
    public static final int FORMAT = 3;

    /** The name of the format field in every results file. */
    public static final String FORMAT_FIELD = "format";

    public RunLayout {
        Objects.requireNonNull(runDir, "runDir");
    }

    public Path runJson() {
        return runDir.resolve("run.json");
    }

    public Path summaryJson() {
        return runDir.resolve("summary.json");
    }

    public Path reportMarkdown() {
        return runDir.resolve("report.md");
    }

    public Path targetDir(String target) {
        return runDir.resolve(target);
    }

    public Path cellResult(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".json");
    }

    public Path cellSpec(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".spec.properties");
    }

    public Path mockLog() {
        return runDir.resolve("mock.log");
    }

    /**
     * The log of the {@code n}-th mock the run started after its first mock died, {@code
     * mock.restart-N.log} (from 1; {@link MockRestart#log()} names it).
     */
    public Path mockRestartLog(int n) {
        return runDir.resolve("mock.restart-" + n + ".log");
    }

    /** In a run merged from shards, shard {@code shard}'s {@link #mockLog()}, {@code mock.shard-K.log}. */
    public Path mockLog(int shard) {
        return runDir.resolve("mock.shard-" + shard + ".log");
    }

    /**
     * The result one fork's child JVM writes, {@code <target>/<cell>.fork-<N>.json}; the parent
     * merges the forks into {@link #cellResult}.
     */
    public Path forkResult(PlannedCell cell, int fork) {
        return targetDir(cell.target()).resolve(cell.name() + ".fork-" + fork + ".json");
    }

    public Path cellLog(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".log");
    }

    /** A profiled cell's JFR recording of its profile fork's timed pass, {@code <target>/<cell>.jfr}. */
    public Path cellRecording(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".jfr");
    }

    /** What {@link #cellRecording} holds, summed up ({@link Profile}), {@code <target>/<cell>.profile.json}. */
    public Path cellProfile(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".profile.json");
    }

    /** The result the profile fork's child JVM writes, {@code <target>/<cell>.profile-fork.json}; never merged. */
    public Path profileForkResult(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".profile-fork.json");
    }

    /**
     * One streamed reply of a cell that observes the stream, as the mock sent it and the target delivered
     * it ({@link StreamTimeline}), {@code <target>/<cell>.stream.json}; the last fork's.
     */
    public Path cellStream(PlannedCell cell) {
        return targetDir(cell.target()).resolve(cell.name() + ".stream.json");
    }
}
