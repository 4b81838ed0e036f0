package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run directory whose every text a target or a user controls carries markup: a cell's error
 * message, warning and log, a target's name, the run's id, arguments, settings and notes. Rendered safely,
 * none of it becomes an element; each payload would set {@code window.__pwned} if it ran.
 */
final class HostileRun {

    static final String ERROR = "model said <img src=x onerror=\"window.__pwned=1\"> & then "
            + "</pre><script>window.__pwned=2</script><a href='javascript:window.__pwned=3'>x</a>";
    static final String TARGET = "evil<svg onload=window.__pwned=4>";
    static final String NOTE = "<iframe src=\"javascript:parent.__pwned=5\"></iframe>";
    /** A warning carries an exception's message too. */
    static final String WARNING = "close() failed: <img src=x onerror=\"window.__pwned=9\">";

    private HostileRun() {}

    static Path write(Path dir) throws IOException {
        Path runDir = dir.resolve("run");
        Files.createDirectories(runDir);
        RunLayout layout = new RunLayout(runDir);
        PlannedCell ok = new PlannedCell("raw", "turn1", 1);
        PlannedCell okC8 = new PlannedCell("raw", "turn1", 8);
        PlannedCell failed = new PlannedCell(TARGET, "turn1", 1);
        PlannedCell failedC8 = new PlannedCell(TARGET, "turn1", 8);
        RunInfo info = new RunInfo("\"><script>window.__pwned=6</script>", RunStatus.COMPLETED, "2026-11-29T10:15:00Z",
                "2026-11-29T10:16:00Z", List.of("run", "--targets", "<b>raw</b>"), Map.of("jvmArgs", "-Dx=<i>y</i>"),
                List.of(ok, failed, okC8, failedC8), Map.of("java.version", "17<script>window.__pwned=7</script>"),
                List.of(NOTE));
        RunData.MAPPER.writeValue(layout.runJson().toFile(), info);
        TimeStats time = new TimeStats("ns", 3, 2e5, 3e5, 3e5, 2.1e5, 1e4, 1.9e5, 3e5);
        write(layout, ok, new CellResult(RunLayout.FORMAT, "raw", "turn1", 1, "turn1", CellStatus.OK, null, time, 10,
                true, 1.0, List.of(190_000L, 200_000L, 300_000L), List.of(), new Memory(4096.0, true, null, null),
                new Throughput(5000, 5000), time, null, Map.of(), List.of(), null, List.of(WARNING)));
        write(layout, okC8, new CellResult("raw", "turn1", 8, "turn1_c8", CellStatus.OK, null, time, 10, true, 1.0,
                List.of(190_000L, 200_000L, 300_000L), List.of(), null, new Throughput(30000, 30000), time, null, Map.of()));
        write(layout, failed, CellResult.failed(failed, CellStatus.FAILED, ERROR,
                List.of("<script>window.__pwned=8</script>")));
        return runDir;
    }

    private static void write(RunLayout layout, PlannedCell cell, CellResult result) throws IOException {
        Path file = layout.cellResult(cell);
        Files.createDirectories(file.getParent());
        RunData.MAPPER.writeValue(file.toFile(), result);
    }
}
