package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.api.result.WarmupShape;
import dev.agentbench.core.results.LatestRun;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.BrokenMock;
import dev.agentbench.core.testing.FakeMock;
import dev.agentbench.core.testing.PluginJars;
import dev.agentbench.core.testing.RecordingListener;
import dev.agentbench.core.testing.TestRuns;
import dev.agentbench.core.testing.TestTargets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whole runs: the fake mock and real child JVMs started from this module's test class path. */
class BenchRunnerTest {

    @TempDir
    Path dir;

    @AfterEach
    void nothingIsLeftRunning() throws Exception {
        assertThat(ProcessChecks.awaitNoDescendants(Duration.ofSeconds(5)))
                .as("processes this test JVM started that are still alive").isEmpty();
    }

    private static List<Long> samples(CellResult result) {
        return result.forks().stream().flatMap(fork -> fork.samples().stream()).toList();
    }

    @Test
    void forksOfABenchmarkRotateThroughTheTargetsAndEachCellKeepsEveryFork() throws Exception {
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of("scripted", "sleepy"))
                .benchmarks(List.of("echo", "solo"))
                .forks(3)
                .listener(listener)
                .build()).run();

        assertThat(summary.results()).allSatisfy(result -> assertThat(result.status())
                .as(result.target() + "/" + result.name() + ": " + result.error() + " " + result.logTail())
                .isEqualTo(CellStatus.OK));
        assertThat(listener.events).filteredOn(event -> event.startsWith("forkStarted")).containsExactly(
                "forkStarted scripted/echo #1/3 1/12", "forkStarted sleepy/echo #1/3 2/12",
                "forkStarted scripted/echo #2/3 3/12", "forkStarted sleepy/echo #2/3 4/12",
                "forkStarted scripted/echo #3/3 5/12", "forkStarted sleepy/echo #3/3 6/12",
                "forkStarted scripted/solo #1/3 7/12", "forkStarted sleepy/solo #1/3 8/12",
                "forkStarted scripted/solo #2/3 9/12", "forkStarted sleepy/solo #2/3 10/12",
                "forkStarted scripted/solo #3/3 11/12", "forkStarted sleepy/solo #3/3 12/12");
        RunLayout layout = new RunLayout(summary.runDir());
        for (CellResult result : summary.results()) {
            assertThat(result.forks()).extracting(dev.agentbench.api.result.Fork::fork).containsExactly(1, 2, 3);
            double[] medians = result.forks().stream().mapToDouble(fork -> fork.time().median()).sorted().toArray();
            assertThat(result.time().median()).as("the median of the forks' medians").isEqualTo(medians[1]);
            assertThat(result.time().n()).isEqualTo(18);
            PlannedCell cell = new PlannedCell(result.target(), result.benchmark(), 1);
            assertThat(ResultsJson.read(layout.cellResult(cell), CellResult.class)).isEqualTo(result);
            assertThat(layout.forkResult(cell, 1)).as("merged into the cell's result").doesNotExist();
            assertThat(layout.cellLog(cell)).content().contains("[agentbench] fork 1 of 3", "[agentbench] fork 3 of 3");
        }
    }

    @Test
    void aRunMeasuresEveryPlannedCellAndWritesTheRunDirectory() throws Exception {
        Path plugin = dir.resolve("plugins").resolve("plugged");
        PluginJars.build(plugin, "plugged", "plugged");
        Path results = dir.resolve("results");
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(results)
                .targets(List.of("scripted", "plugged", "probe", "sleepy"))
                .benchmarks(List.of("echo", "solo"))
                .concurrency(List.of(1, 2))
                .pluginDirs(List.of(dir.resolve("plugins")))
                .arguments(List.of("run", "--targets", "scripted,plugged,probe,sleepy"))
                .listener(listener)
                .build()).run();

        assertThat(summary.results()).allSatisfy(result -> assertThat(result.status())
                .as(result.target() + "/" + result.name() + ": " + result.error() + " " + result.logTail())
                .isEqualTo(CellStatus.OK));
        assertThat(summary.allOk()).isTrue();
        assertThat(summary.results()).extracting(result -> result.target() + "/" + result.name()).containsExactly(
                "scripted/echo", "plugged/echo", "probe/echo", "sleepy/echo",
                "scripted/echo_c2", "plugged/echo_c2", "probe/echo_c2", "sleepy/echo_c2",
                "scripted/solo", "plugged/solo", "probe/solo", "sleepy/solo");
        for (CellResult result : summary.results()) {
            assertThat(result.time().n()).isEqualTo(6);
            assertThat(result.forks()).hasSize(1);
            assertThat(result.forks().get(0).samples()).hasSize(6).allMatch(sample -> sample > 0);
            assertThat(result.cpu()).as("6 quick iterations: less CPU than the process clock resolves").isNull();
            assertThat(result.time().median()).isBetween(result.time().min(), result.time().max());
            assertThat(result.warmupIterations()).isEqualTo(3);
            assertThat(result.drift()).isNotNull().isPositive();
            assertThat(result.steadyState()).isNotNull();
        }
        // a turn that sleeps 20 ms is never measured shorter: one turn in echo (also with 2 sessions
        // at once), two turns in solo
        long sleep = Duration.ofMillis(TestTargets.Sleepy.SLEEP_MILLIS).toNanos();
        assertThat(samples(summary.results().get(3))).allMatch(sample -> sample >= sleep);
        assertThat(samples(summary.results().get(7))).allMatch(sample -> sample >= sleep);
        assertThat(samples(summary.results().get(11))).allMatch(sample -> sample >= 2 * sleep);

        // every turn is timed: 6 iterations x 2 sessions x 1 turn, each of them at least the sleep
        CellResult sleepyC2 = summary.results().get(7);
        assertThat(sleepyC2.turnLatency().n()).isEqualTo(12);
        assertThat(sleepyC2.turnLatency().min()).isGreaterThanOrEqualTo(sleep);
        // 2 sessions per iteration of at least 20 ms: at most 100 sessions per second
        assertThat(sleepyC2.throughput().sessionsPerSecond()).isPositive().isLessThanOrEqualTo(100);
        assertThat(sleepyC2.throughput().turnsPerSecond()).isEqualTo(sleepyC2.throughput().sessionsPerSecond());
        CellResult scriptedSolo = summary.results().get(8);
        assertThat(scriptedSolo.turnLatency().n()).as("2 turns per session").isEqualTo(12);
        assertThat(scriptedSolo.throughput().turnsPerSecond())
                .isCloseTo(2 * scriptedSolo.throughput().sessionsPerSecond(), org.assertj.core.data.Percentage.withPercentage(1e-6));
        for (CellResult result : summary.results()) {
            assertThat(result.memory().allocatedBytesPerOp()).as(result.name()).isPositive();
            // getTotalThreadAllocatedBytes, which counts ended threads too, is there since JDK 14
            assertThat(result.memory().allocationExact()).isTrue();
            assertThat(result.memory().retainedBytesPerUnit()).isNull();
            assertThat(result.jvm().classesLoaded()).isGreaterThan(500);
            assertThat(result.jvm().peakThreads()).isPositive();
            assertThat(result.figure("speedup")).as("no sequential time, no speedup").isNull();
        }

        Path runDir = summary.runDir();
        assertThat(runDir.getParent()).isEqualTo(results.toAbsolutePath());
        assertThat(runDir.getFileName().toString()).matches("\\d{8}-\\d{6}-[0-9a-f]{4}");
        RunLayout layout = new RunLayout(runDir);
        RunInfo info = ResultsJson.read(layout.runJson(), RunInfo.class);
        assertThat(info).isEqualTo(summary.info());
        assertThat(info.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(info.endedAt()).isNotNull();
        assertThat(info.arguments()).containsExactly("run", "--targets", "scripted,plugged,probe,sleepy");
        assertThat(info.cells()).hasSize(12).first().isEqualTo(new PlannedCell("scripted", "echo", 1));
        assertThat(info.targets()).extracting(TargetInfo::name, TargetInfo::version).containsExactly(
                tuple("scripted", "unknown"), tuple("plugged", PluginJars.VERSION), tuple("probe", "unknown"),
                tuple("sleepy", "unknown"));
        assertThat(info.targets().get(1).location()).endsWith(Path.of("plugins", "plugged").toString());
        assertThat(info.settings()).containsEntry("iterations", "6").containsEntry("footprintAgents", "1000");
        assertThat(info.notes()).containsExactly(
                "Benchmark [solo] does not run concurrently; planned at concurrency 1 only");
        assertThat(info.environment()).containsKeys("java.version", "os.name", "cpus", "memory");

        CellResult stored = ResultsJson.read(layout.cellResult(info.cells().get(4)), CellResult.class);
        assertThat(stored).isEqualTo(summary.results().get(4));
        assertThat(stored.concurrency()).isEqualTo(2);
        assertThat(layout.cellLog(info.cells().get(4))).content().contains("[agentbench] timed: 6 iterations",
                "[agentbench] jvm: ", "[agentbench] memory: 6 iterations, allocated");
        assertThat(layout.mockLog()).content()
                .contains("registered echo", "unregistered echo", "registered solo", "unregistered solo");
        assertThat(LatestRun.resolve(results)).contains(runDir);

        assertThat(listener.events).first().isEqualTo("runStarted RUNNING 12");
        assertThat(listener.events).contains("forkStarted scripted/echo #1/1 1/12", "forkFinished scripted/echo #1 OK",
                "cellFinished sleepy/solo OK");
        assertThat(listener.events).last().isEqualTo("runFinished COMPLETED 12");
        assertThat(listener.events).hasSize(2 + 3 * 12);

        // a second run into the same folder has a directory of its own with only its own cells
        RunSummary second = new BenchRunner(TestRuns.options(results).targets(List.of("scripted"))
                .benchmarks(List.of("solo")).build()).run();
        assertThat(second.runDir()).isNotEqualTo(runDir).hasParent(results.toAbsolutePath());
        assertThat(ResultsJson.read(new RunLayout(second.runDir()).runJson(), RunInfo.class).cells())
                .containsExactly(new PlannedCell("scripted", "solo", 1));
        assertThat(LatestRun.resolve(results)).contains(second.runDir());
    }

    @Test
    void misbehavingTargetsFailTheirOwnCellsAndTheRunGoesOn() throws Exception {
        Path pidFile = dir.resolve("sleeper.pid");
        Duration timeout = Duration.ofSeconds(8);
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of("hang", "exit3", "throwing", "leaky", "scripted"))
                .benchmarks(List.of("echo"))
                .timeout(timeout)
                .targetOptions(Map.of("pidFile", pidFile.toString()))
                .listener(listener)
                .build()).run();

        Map<String, CellResult> byTarget = new java.util.HashMap<>();
        summary.results().forEach(result -> byTarget.put(result.target(), result));

        CellResult hang = byTarget.get("hang");
        assertThat(hang.status()).isEqualTo(CellStatus.TIMEOUT);
        assertThat(hang.error()).isEqualTo("Cell did not finish within the timeout [PT8S]; "
                + "its JVM and the processes it started were destroyed");
        assertThat(hang.logTail()).contains("hang: sleeping forever");
        assertThat(hang.time()).isNull();
        assertThat(listener.seconds("hang/echo")).isLessThan(timeout.toSeconds() + 10);
        long sleeper = Long.parseLong(Files.readString(pidFile).strip());
        assertThat(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive)).as("the hung child's own child")
                .isNotEqualTo(java.util.Optional.of(true));

        CellResult exit3 = byTarget.get("exit3");
        assertThat(exit3.status()).isEqualTo(CellStatus.FAILED);
        assertThat(exit3.error()).isEqualTo("Child JVM exited with code [3] and wrote no result; "
                + "last log line: [" + TestTargets.Exit3.MARKER + "]");
        assertThat(exit3.logTail()).contains(TestTargets.Exit3.MARKER).hasSizeLessThanOrEqualTo(20);

        CellResult throwing = byTarget.get("throwing");
        assertThat(throwing.status()).isEqualTo(CellStatus.FAILED);
        assertThat(throwing.error()).isEqualTo("Target [throwing] failed to open: java.lang.IllegalStateException: "
                + TestTargets.Throwing.MESSAGE);
        assertThat(throwing.logTail()).isNotEmpty();

        // the parent writes what it found into the cell's file: the report shows TIMEOUT with its reason
        RunLayout layout = new RunLayout(summary.runDir());
        assertThat(ResultsJson.read(layout.cellResult(new PlannedCell("hang", "echo", 1)), CellResult.class)).isEqualTo(hang);
        assertThat(ResultsJson.read(layout.cellResult(new PlannedCell("exit3", "echo", 1)), CellResult.class)).isEqualTo(exit3);

        assertThat(byTarget.get("leaky").status()).as("a stray non-daemon thread does not keep the child alive")
                .isEqualTo(CellStatus.OK);
        assertThat(byTarget.get("scripted").status()).isEqualTo(CellStatus.OK);
        assertThat(summary.allOk()).isFalse();
        assertThat(summary.info().status()).isEqualTo(RunStatus.COMPLETED);

        // the parent registers the script for each child JVM and unregisters it when the JVM is gone,
        // also after a child that hung, exited or threw in open()
        List<String> registrations = Files.readAllLines(new RunLayout(summary.runDir()).mockLog()).stream()
                .filter(line -> line.endsWith("registered echo")).toList();
        assertThat(registrations).hasSize(10).containsExactly(Collections.nCopies(5, List.of("registered echo",
                "unregistered echo")).stream().flatMap(List::stream).toArray(String[]::new));
    }

    @Test
    void aMockThatDoesNotStartFailsEveryCellWithItsOutput() {
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of("scripted")).benchmarks(List.of("echo", "solo"))
                .mockMainClass(BrokenMock.class.getName()).listener(listener).build()).run();

        assertThat(summary.results()).hasSize(2).allSatisfy(result -> {
            assertThat(result.status()).isEqualTo(CellStatus.FAILED);
            assertThat(result.error()).startsWith("The mock did not start: The mock "
                    + "[dev.agentbench.core.testing.BrokenMock] exited with code [1] before saying where it listens")
                    .contains("broken mock: cannot bind, port in use");
        });
        assertThat(listener.events).last().isEqualTo("runFinished COMPLETED 2");
    }

    /**
     * A fork whose timed pass changes level after its warm-up found it steady (the shifting target
     * goes from 1 ms to 4 ms a turn) is run once more: with the rerun steady, the first stays in the
     * data, out of the statistics, and a warning names it; with no rerun allowed, it is the cell's.
     */
    @Test
    void aForkThatLeavesItsSteadyStateInTheTimedPassIsRunOnceMoreAndKeptOutOfTheStatistics() throws Exception {
        RecordingListener listener = new RecordingListener();
        CellResult rerun = shifting(dir.resolve("once"), 1, listener);

        assertThat(rerun.status()).as(rerun.error() + " " + rerun.logTail()).isEqualTo(CellStatus.OK);
        assertThat(listener.events).filteredOn(event -> event.startsWith("forkStarted"))
                .containsExactly("forkStarted shifting/echo #1/1 1/1", "forkStarted shifting/echo #2/2 1/1");
        assertThat(rerun.forks()).extracting(Fork::excluded).containsExactly(true, false);
        assertThat(rerun.forks().get(0).steadyState()).isFalse();
        assertThat(rerun.forks().get(0).warmup().shape()).isEqualTo(WarmupShape.NO_STEADY_STATE);
        assertThat(rerun.forksOrSelf()).extracting(Fork::fork).containsExactly(2);
        assertThat(rerun.steadyState()).as("the cell is its steady rerun's").isTrue();
        assertThat(rerun.time().median()).as("1 ms a turn, not the 4 ms after the shift").isLessThan(3_000_000);
        assertThat(rerun.warnings()).contains("fork 1 reached no steady state (its series NO_STEADY_STATE): out of "
                + "the statistics, a rerun replaced it");

        CellResult kept = shifting(dir.resolve("never"), 0, new RecordingListener());
        assertThat(kept.forks()).extracting(Fork::excluded).containsExactly(false);
        assertThat(kept.steadyState()).isFalse();
    }

    /** The shifting target's echo cell, one fork planned, its first JVM shifting after 1,500 turns. */
    private CellResult shifting(Path marker, int reruns, RecordingListener listener) {
        RunSummary summary = new BenchRunner(BenchOptions.builder()
                .resultsDir(dir.resolve("results"))
                .targets(List.of("shifting")).benchmarks(List.of("echo"))
                .forks(1)
                .warmupTime(Duration.ofMillis(500)).warmupMax(Duration.ofSeconds(20))
                .warmupWindow(Duration.ofMillis(100)).measureTime(Duration.ofSeconds(3))
                .rerunUnsteady(reruns)
                // others' CPU (a busy build machine) must not make a disturbed rerun of its own here
                .noiseThreshold(100)
                .targetOptions(Map.of("shiftAfterTurns", "1500", "shiftOnce", marker.toString()))
                .mockWarmup(false).timeout(Duration.ofSeconds(60)).jvmArgs(TestRuns.FAST_CHILD)
                .mockMainClass(FakeMock.class.getName())
                .listener(listener)
                .build()).run();
        return summary.results().get(0);
    }

    /**
     * Agents that leave their files for the collector to close, built in a young generation large
     * enough that no collection comes by itself before the process runs out of descriptors: the guard
     * collects between builds, the cell ends OK, and its warning says so. A construction cell builds
     * them in every pass; a footprint cell in its warm-up, then holds a few.
     */
    @ParameterizedTest
    @ValueSource(strings = {"build", "footprint"})
    void aCellWhoseAgentsLeaveDescriptorsToTheCollectorCollectsBeforeTheLimitAndSaysSo(String benchmark)
            throws Exception {
        RunSummary summary = new BenchRunner(BenchOptions.builder()
                .resultsDir(dir.resolve("results"))
                .targets(List.of("openfiles")).benchmarks(List.of(benchmark))
                .forks(1)
                .warmupTime(Duration.ofMillis(500)).warmupMax(Duration.ofSeconds(5))
                .warmupWindow(Duration.ofMillis(100)).measureTime(Duration.ofSeconds(1))
                .footprintAgents(20)
                .mockWarmup(false).timeout(Duration.ofSeconds(90))
                .jvmArgs(List.of("-Xms1g", "-Xmx1g", "-Xmn768m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"))
                .mockMainClass(FakeMock.class.getName())
                .build()).run();

        CellResult cell = summary.results().get(0);
        assertThat(cell.status()).as(cell.error() + " " + cell.logTail()).isEqualTo(CellStatus.OK);
        assertThat(cell.warnings()).singleElement().asString()
                .startsWith("the agents built and closed held up to ")
                .contains(" file descriptors until a garbage collection: the harness collected garbage ")
                .endsWith(" s for the descriptors to be released");
    }

    @Test
    void aSpentBudgetStartsNoNewCellAndSaysHowManyDidNotRun() throws Exception {
        RunSummary summary = new BenchRunner(TestRuns.options(dir.resolve("results"))
                .targets(List.of("scripted")).benchmarks(List.of("echo", "solo"))
                .maxDuration(Duration.ofMillis(1)).build()).run();

        assertThat(summary.results()).extracting(CellResult::status).containsOnly(CellStatus.MISSING);
        assertThat(summary.results().get(0).error())
                .isEqualTo("Not run: the run's time budget [PT0.001S] was spent before this cell; "
                        + "2 of 2 cells did not run");
        assertThat(summary.allOk()).isFalse();
        RunInfo info = ResultsJson.read(new RunLayout(summary.runDir()).runJson(), RunInfo.class);
        assertThat(info).isEqualTo(summary.info());
        assertThat(info.status()).isEqualTo(RunStatus.STOPPED);
        assertThat(info.notes()).containsExactly(
                "The run's time budget [PT0.001S] was spent after 0 of 2 cells; the other 2 did not run (MISSING)");
        // the report reads the reason from the cells' files
        assertThat(ResultsJson.read(new RunLayout(summary.runDir()).cellResult(info.cells().get(1)), CellResult.class))
                .isEqualTo(summary.results().get(1));
    }

    @Test
    void anUnknownTargetIsRejectedBeforeAnythingStarts() {
        Path results = dir.resolve("results");
        BenchRunner runner = new BenchRunner(TestRuns.options(results).targets(List.of("scripted", "nope")).build());

        assertThatThrownBy(runner::run).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown target [nope]; known targets: "
                        + "[allocating, camerashy, exit3, exitingclose, hang, hangingclose, heavy, leaky, openfiles, probe, "
                        + "scripted, shifting, sleepy, throwing, throwingclose]");
        assertThat(results).doesNotExist();
    }
}
