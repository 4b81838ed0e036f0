package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
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
 * message, warning and log, a target's name, the run's id, arguments, settings and notes, and the
 * frames, types, groups and names of a profile. Rendered safely,
 * none of it becomes an element; each payload would set {@code window.__pwned} if it ran.
 */
final class HostileRun {

    static final String ERROR = "model said <img src=x onerror=\"window.__pwned=1\"> & then "
            + "</pre><script>window.__pwned=2</script><a href='javascript:window.__pwned=3'>x</a>";
    static final String TARGET = "evil<svg onload=window.__pwned=4>";
    static final String NOTE = "<iframe src=\"javascript:parent.__pwned=5\"></iframe>";
    /** A frame of a profile is a class's and a method's name, which a JVM language may make of nearly anything. */
    static final String FRAME = "evil.Pwn$<img src=x onerror=\"window.__pwned=10\">.run&<init>";
    /** An allocated type's name, as the profile says it. */
    static final String TYPE = "<svg onload=window.__pwned=11>[]";
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
                new Throughput(5000, 5000), time, null, List.of(), List.of(), null, List.of(WARNING)));
        write(layout, okC8, new CellResult(RunLayout.FORMAT, "raw", "turn1", 8, "turn1_c8", CellStatus.OK, null, time, 10,
                true, 1.0, List.of(190_000L, 200_000L, 300_000L), List.of(), null, new Throughput(30000, 30000), time, null,
                List.of(), List.of(), null, List.of()));
        write(layout, failed, CellResult.failed(failed, CellStatus.FAILED, ERROR,
                List.of("<script>window.__pwned=8</script>")));
        Profile.FlameNode leaf = new Profile.FlameNode(FRAME, "framework", 60, List.of());
        Profile.FlameNode caller = new Profile.FlameNode("java.lang.Thread.run", "JDK", 100, List.of(leaf));
        Profile profile = new Profile(RunLayout.FORMAT, "raw", "turn1", 1, "turn1", "<script>window.__pwned=12</script>",
                "x`<img src=x onerror=window.__pwned=13>.jfr", 1_000_000_000L, 10, 100,
                List.of(new Profile.GroupShare("framework", 60, 0.6), new Profile.GroupShare("JDK", 40, 0.4)),
                List.of(new Profile.MethodSamples(FRAME, "<b>group</b>", 60, 60),
                        new Profile.MethodSamples("java.lang.Thread.run", "JDK", 40, 100)),
                List.of(new Profile.Allocation(TYPE, "framework", 4096, 2)),
                new Profile.FlameNode("all", null, 100, List.of(caller)));
        RunData.MAPPER.writeValue(layout.cellProfile(ok).toFile(), profile);
        return runDir;
    }

    private static void write(RunLayout layout, PlannedCell cell, CellResult result) throws IOException {
        Path file = layout.cellResult(cell);
        Files.createDirectories(file.getParent());
        RunData.MAPPER.writeValue(file.toFile(), result);
    }
}
