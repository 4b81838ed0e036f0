package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.RecordingListener;
import dev.agentbench.core.testing.TestRuns;
import dev.agentbench.core.testing.TestTargets;
import java.nio.file.Files;
import java.util.List;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/**
 * Profiled runs in real child JVMs: each cell but a cold start gets one more fork after its measured
 * ones, whose timed pass JFR records beside the cell's result, summed up in its profile; the profile
 * fork never changes the cell's figures, and one that fails leaves the cell OK with a warning.
 */
class ProfileRunTest extends ChildJvmRunTest {

    @Test
    void everyCellButAColdStartHasARecordingAndAProfileAndKeepsItsMeasuredForks() throws Exception {
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("scripted", "sleepy"))
                .benchmarks(List.of("echo", "build", "cold"))
                .forks(2)
                .coldStarts(1)
                .profile("jfr")
                .listener(listener)
                .build()).run();

        assertThat(summary.results()).allSatisfy(result -> assertThat(result.status())
                .as(result.target() + "/" + result.name() + ": " + result.error() + " " + result.logTail())
                .isEqualTo(CellStatus.OK));
        assertThat(summary.info().settings()).containsEntry("profile", "jfr");
        assertThat(listener.events).filteredOn(event -> event.startsWith("forkStarted") || event.startsWith("profile")
                || event.startsWith("cellFinished")).containsExactly(
                "forkStarted scripted/echo #1/2 1/14", "forkStarted sleepy/echo #1/2 2/14",
                "forkStarted scripted/echo #2/2 3/14", "cellFinished scripted/echo OK",
                "forkStarted sleepy/echo #2/2 4/14", "cellFinished sleepy/echo OK",
                "profileStarted scripted/echo 5/14", "profileFinished scripted/echo profile",
                "profileStarted sleepy/echo 6/14", "profileFinished sleepy/echo profile",
                "forkStarted scripted/build #1/2 7/14", "forkStarted sleepy/build #1/2 8/14",
                "forkStarted scripted/build #2/2 9/14", "cellFinished scripted/build OK",
                "forkStarted sleepy/build #2/2 10/14", "cellFinished sleepy/build OK",
                "profileStarted scripted/build 11/14", "profileFinished scripted/build profile",
                "profileStarted sleepy/build 12/14", "profileFinished sleepy/build profile",
                "forkStarted scripted/cold #1/1 13/14", "cellFinished scripted/cold OK",
                "forkStarted sleepy/cold #1/1 14/14", "cellFinished sleepy/cold OK");

        RunLayout layout = new RunLayout(summary.runDir());
        for (int i = 0; i < summary.results().size(); i++) {
            CellResult result = summary.results().get(i);
            PlannedCell cell = summary.info().cells().get(i);
            if (cell.benchmark().equals("cold")) {
                assertThat(layout.cellRecording(cell)).as("a cold start is not profiled").doesNotExist();
                assertThat(layout.cellProfile(cell)).doesNotExist();
                continue;
            }
            assertThat(result.forks()).as("the profile fork is never merged").hasSize(2)
                    .extracting(dev.agentbench.api.result.Fork::fork).containsExactly(1, 2);
            assertThat(result.time().n()).isEqualTo(12);
            assertThat(result.warnings()).isEmpty();
            assertThat(ResultsJson.read(layout.cellResult(cell), CellResult.class)).isEqualTo(result);
            assertThat(layout.profileForkResult(cell)).as("read, then removed").doesNotExist();
            assertThat(layout.cellLog(cell)).content().contains("[agentbench] fork 2 of 2",
                    "[agentbench] profile fork, after 2 measured forks", "(profile fork, jfr)", "profile: ");

            assertThat(layout.cellRecording(cell)).isRegularFile();
            try (RecordingFile recording = new RecordingFile(layout.cellRecording(cell))) {
                assertThat(recording.hasMoreEvents()).as("a JFR recording").isTrue();
            }
            Profile profile = ResultsJson.read(layout.cellProfile(cell), Profile.class);
            assertThat(profile.target()).isEqualTo(cell.target());
            assertThat(profile.name()).isEqualTo(cell.name());
            assertThat(profile.profiler()).isEqualTo("jfr");
            assertThat(profile.recording()).isEqualTo(cell.name() + ".jfr");
            assertThat(profile.iterations()).as("the profile fork's timed pass").isEqualTo(6);
            assertThat(profile.durationNanos()).isPositive();
            assertThat(profile.groups()).extracting(Profile.GroupShare::group).containsExactlyElementsOf(Profile.GROUPS);
            assertThat(profile.groups().stream().mapToLong(Profile.GroupShare::selfSamples).sum())
                    .isEqualTo(profile.cpuSamples());
            assertThat(profile.flame().frame()).isEqualTo("all");
            assertThat(profile.flame().samples()).isEqualTo(profile.cpuSamples());
        }
        assertThat(Files.list(layout.targetDir("scripted")).map(path -> path.getFileName().toString()).sorted())
                .containsExactly("build.jfr", "build.json", "build.log", "build.profile.json", "build.spec.properties",
                        "cold.json", "cold.log", "cold.spec.properties",
                        "echo.jfr", "echo.json", "echo.log", "echo.profile.json", "echo.spec.properties");
    }

    @Test
    void aRetainedHeapCellsProfileForkRecordsItsBuildsOrSessionsAndItsFiguresStayTheMeasuredForks()
            throws Exception {
        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("heavy"))
                .benchmarks(List.of("footprint", "growth"))
                .footprintAgents(20)
                .growthSessions(30)
                .profile("jfr")
                .build()).run();

        RunLayout layout = new RunLayout(summary.runDir());
        for (int i = 0; i < summary.results().size(); i++) {
            CellResult result = summary.results().get(i);
            PlannedCell cell = summary.info().cells().get(i);
            assertThat(result.status()).as(result.name() + ": " + result.error() + " " + result.logTail())
                    .isEqualTo(CellStatus.OK);
            assertThat(result.forks()).hasSize(1);
            assertThat(result.memory().retainedBytesPerUnit()).as("read by the measured fork").isNotNull();
            assertThat(result.warnings()).isEmpty();
            Profile profile = ResultsJson.read(layout.cellProfile(cell), Profile.class);
            assertThat(profile.iterations()).as("the agents built, or the sessions run")
                    .isEqualTo(cell.benchmark().equals("footprint") ? 20 : 30);
            assertThat(layout.cellRecording(cell)).isRegularFile();
        }
    }

    @Test
    void withoutTheOptionThereIsNoProfileFork() throws Exception {
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("scripted"))
                .benchmarks(List.of("echo"))
                .listener(listener)
                .build()).run();

        assertThat(summary.allOk()).isTrue();
        assertThat(summary.info().settings()).containsEntry("profile", "none");
        assertThat(listener.events).noneMatch(event -> event.startsWith("profile"));
        RunLayout layout = new RunLayout(summary.runDir());
        PlannedCell cell = summary.info().cells().get(0);
        assertThat(layout.cellRecording(cell)).doesNotExist();
        assertThat(layout.cellProfile(cell)).doesNotExist();
        assertThat(layout.cellLog(cell)).content().doesNotContain("profile fork");
    }

    @Test
    void aProfileForkThatFailsLeavesTheCellAsItsMeasuredForksMadeItWithAWarning() throws Exception {
        RecordingListener listener = new RecordingListener();

        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("camerashy"))
                .benchmarks(List.of("echo"))
                .profile("jfr")
                .listener(listener)
                .build()).run();

        CellResult result = summary.results().get(0);
        assertThat(result.status()).isEqualTo(CellStatus.OK);
        assertThat(summary.allOk()).isTrue();
        assertThat(result.forks()).hasSize(1);
        assertThat(result.warnings()).singleElement().asString()
                .startsWith("profile fork failed: ")
                .contains(TestTargets.CameraShy.ERROR);
        RunLayout layout = new RunLayout(summary.runDir());
        PlannedCell cell = summary.info().cells().get(0);
        assertThat(ResultsJson.read(layout.cellResult(cell), CellResult.class)).as("the warning is in the file too")
                .isEqualTo(result);
        assertThat(layout.cellProfile(cell)).doesNotExist();
        assertThat(layout.cellLog(cell)).content().contains("[agentbench] profile fork, after 1 measured fork",
                TestTargets.CameraShy.ERROR);
        assertThat(listener.events).contains("profileFinished camerashy/echo warning: " + result.warnings().get(0));
        assertThat(listener.finalResults).containsExactly(result);
    }
}
