package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.measure.IterationFailedException;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.RecordingListener;
import dev.agentbench.core.testing.TestRuns;
import dev.agentbench.core.testing.TestTargets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Targets whose {@code close()} hangs, throws or exits the JVM, in real child JVMs: a cell measured
 * in full keeps its result, OK with a warning, in about the close bound (10 s), far from its
 * timeout; a close in the middle of the passes fails its cell just as fast.
 */
class CloseTest extends ChildJvmRunTest {

    /** The cell timeout of these runs: a hung close must end long before it. */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** The longest a cell whose close hangs may take: the 10 s bound and a JVM or two, far from the timeout. */
    private static final double AT_MOST_SECONDS = 30;

    private RunSummary run(String target, List<String> benchmarks, Map<String, String> options,
            RecordingListener listener) {
        return new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of(target))
                .benchmarks(benchmarks)
                .timeout(TIMEOUT)
                .coldStarts(1)
                .footprintAgents(5)
                .targetOptions(options)
                .listener(listener)
                .build()).run();
    }

    private static CellResult cell(RunSummary summary, String name) {
        return summary.results().stream().filter(result -> result.name().equals(name)).findFirst().orElseThrow();
    }

    /** The cell is OK with its figures and exactly {@code warning}, in its fork too and in its file. */
    private static void okWithWarning(RunSummary summary, CellResult cell, String warning) throws Exception {
        assertThat(cell.status()).as(cell.name() + ": " + cell.error() + " " + cell.logTail()).isEqualTo(CellStatus.OK);
        assertThat(cell.time().median()).as(cell.name() + " median").isPositive();
        assertThat(cell.warnings()).as(cell.name()).containsExactly(warning);
        assertThat(cell.forks()).extracting(Fork::warnings).containsExactly(List.of(warning));
        RunLayout layout = new RunLayout(summary.runDir());
        PlannedCell planned = new PlannedCell(cell.target(), cell.benchmark(), cell.concurrency());
        assertThat(ResultsJson.read(layout.cellResult(planned), CellResult.class)).isEqualTo(cell);
    }

    @Test
    void aCloseThatNeverReturnsAfterTheMeasurementLeavesTheCellOkWithAWarningInAboutTenSeconds() throws Exception {
        RecordingListener listener = new RecordingListener();
        RunSummary summary = run(TestTargets.HangingClose.NAME, List.of("echo", "cold"), Map.of(), listener);

        // SESSIONS: its one agent is closed after the result is written
        CellResult echo = cell(summary, "echo");
        okWithWarning(summary, echo, "close() did not return in 10 s");
        assertThat(echo.time().n()).isEqualTo(6);
        assertThat(listener.seconds("hangingclose/echo")).isLessThan(AT_MOST_SECONDS);
        assertThat(new RunLayout(summary.runDir()).cellLog(new PlannedCell("hangingclose", "echo", 1))).content()
                .contains(TestTargets.HangingClose.MARKER,
                        "[agentbench] close() did not return in 10 s; it is stuck at:",
                        "[agentbench] warning: close() did not return in 10 s");

        // COLD_START: its agent is closed the same way, after the first reply
        CellResult cold = cell(summary, "cold");
        okWithWarning(summary, cold, "close() did not return in 10 s");
        assertThat(cold.figureValues()).containsKey("firstReplyMs");
        assertThat(listener.seconds("hangingclose/cold")).isLessThan(AT_MOST_SECONDS);
    }

    @Test
    void closesThatNeverReturnAtTheEndOfAFootprintAreBoundTogetherAndInTheMiddleOfTheirPassesFailTheCellFast()
            throws Exception {
        RecordingListener listener = new RecordingListener();
        // the 3 closes of each cell's warm-up return; every later close hangs
        RunSummary summary = run(TestTargets.HangingClose.NAME, List.of("build", "footprint"),
                Map.of("goodCloses", "3"), listener);

        // FOOTPRINT: 5 agents held, closed after the result, all of them within the one bound
        CellResult footprint = cell(summary, "footprint");
        okWithWarning(summary, footprint, "close() did not return in 10 s");
        assertThat(footprint.memory().retainedUnit()).isEqualTo("agent");
        assertThat(footprint.time().n()).isEqualTo(5);
        assertThat(listener.seconds("hangingclose/footprint")).isLessThan(AT_MOST_SECONDS);

        // CONSTRUCTION closes the agent of each iteration: a close that hangs there leaves nothing
        // measured to keep, and fails the cell in about the bound rather than at the timeout
        CellResult build = cell(summary, "build");
        assertThat(build.status()).isEqualTo(CellStatus.FAILED);
        assertThat(build.error()).isEqualTo("Closing the handle of target [hangingclose] did not return in 10 s; "
                + "the cell was ended in the middle of its passes");
        assertThat(build.time()).isNull();
        assertThat(new RunLayout(summary.runDir()).cellLog(new PlannedCell("hangingclose", "build", 1))).content()
                .as("where the close is stuck").contains("did not return in 10 s; the cell was ended in the middle "
                        + "of its passes; it is stuck at:", TestTargets.HangingClose.class.getName() + ".misbehave");
        assertThat(listener.seconds("hangingclose/build")).isLessThan(AT_MOST_SECONDS);
    }

    @Test
    void aCloseThatThrowsAfterTheMeasurementLeavesTheCellOkWithAWarningThatSaysWhat() throws Exception {
        // as a cell's error names an exception (java.lang.IllegalStateException: cannot close the agent)
        String thrown = IterationFailedException.describe(new IllegalStateException(TestTargets.ThrowingClose.MESSAGE));
        RunSummary sessions = run(TestTargets.ThrowingClose.NAME, List.of("echo", "build"), Map.of(),
                new RecordingListener());

        okWithWarning(sessions, cell(sessions, "echo"), "close() failed: " + thrown);
        // CONSTRUCTION: a close of an iteration that throws fails the iteration, as it always did
        CellResult build = cell(sessions, "build");
        assertThat(build.status()).isEqualTo(CellStatus.FAILED);
        assertThat(build.error()).isEqualTo("warmup iteration [1] failed: Closing the handle of target "
                + "[throwingclose] failed: " + thrown);
        assertThat(build.warnings()).isEmpty();

        RunSummary footprint = run(TestTargets.ThrowingClose.NAME, List.of("footprint"), Map.of("goodCloses", "3"),
                new RecordingListener());
        okWithWarning(footprint, cell(footprint, "footprint"), "close() failed: " + thrown + " (and 4 more agents)");
    }

    @Test
    void aCloseThatExitsTheJvmCannotTakeTheWrittenResultWithIt() throws Exception {
        RunSummary summary = run(TestTargets.ExitingClose.NAME, List.of("echo"), Map.of(), new RecordingListener());

        CellResult echo = cell(summary, "echo");
        okWithWarning(summary, echo, "the JVM exited while close() ran");
        assertThat(echo.time().n()).isEqualTo(6);
        assertThat(Files.readString(new RunLayout(summary.runDir()).cellLog(new PlannedCell("exitingclose", "echo", 1))))
                .contains("[agentbench] warning: the JVM exited while close() ran");
    }
}
