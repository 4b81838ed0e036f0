package dev.agentbench.cli.broken;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reliability suite: one real run (the real mock, a child JVM per cell, the CLI's exit code) of
 * targets that misbehave as a plugin author's bugs would, beside the honest floor target. Each cell
 * must end with the status and the message docs/running.md gives for it, the run must go on past
 * each, nothing may be left running, no log may outgrow its limit, and no cell may touch another's
 * files.
 */
class MisbehavingTargetsTest {

    private static final String BENCHMARK = "tools_parallel";
    private static final long LOG_LIMIT = 2L << 20;

    /** Target, then the status its cell must end with and a part of its message. */
    private static final Map<String, Expected> EXPECTED = expected();

    private record Expected(CellStatus status, String message) {}

    private static Map<String, Expected> expected() {
        Map<String, Expected> expected = new TreeMap<>();
        expected.put("raw", new Expected(CellStatus.OK, null));
        expected.put("drops-result", new Expected(CellStatus.FAILED,
                "turn 1, step 1: tool call [call_0_0_2] has 0 results, expected exactly 1"));
        expected.put("wrong-text", new Expected(CellStatus.FAILED,
                "turn 1, step 2: final text was [Oslo is cloudy, Rome is sunny, and 2 + 3 = 5. (edited)]"));
        expected.put("partial-reply", new Expected(CellStatus.FAILED,
                "turn 1: the turn did not complete with a final reply"));
        expected.put("reuses-id", new Expected(CellStatus.FAILED,
                "turn 1: tool call id [call_0_0_0] was reported twice"));
        expected.put("answers-other-id", new Expected(CellStatus.FAILED,
                "turn 1: a tool result answers [call_9_9_9], which is no call of this turn"));
        expected.put("hangs-in-open", new Expected(CellStatus.TIMEOUT,
                "Cell did not finish within the timeout [PT20S]; its JVM and the processes it started were destroyed"));
        expected.put("hangs-in-turn", new Expected(CellStatus.TIMEOUT,
                "Cell did not finish within the timeout [PT20S]"));
        expected.put("hangs-in-close", new Expected(CellStatus.OK, null));
        expected.put("exits-mid-pass", new Expected(CellStatus.FAILED,
                "Child JVM exited with code [3] and wrote no result; last log line: [exits-mid-pass: System.exit(3)]"));
        expected.put("halts-mid-pass", new Expected(CellStatus.FAILED,
                "Child JVM exited with code [4] and wrote no result"));
        expected.put("throws-in-open", new Expected(CellStatus.FAILED,
                "Target [throws-in-open] failed to open: java.lang.IllegalStateException: no model configured"));
        expected.put("non-daemon-thread", new Expected(CellStatus.OK, null));
        expected.put("floods-output", new Expected(CellStatus.OK, null));
        expected.put("leaves-helper", new Expected(CellStatus.OK, null));
        expected.put("runs-out-of-memory", new Expected(CellStatus.FAILED, "OutOfMemoryError"));
        return expected;
    }

    @Test
    void everyMisbehaviourEndsItsOwnCellAsDocumentedAndLeavesNothingBehind(@TempDir Path results) throws Exception {
        String helperSeconds = "86399." + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.execute(new String[] {"run", "--targets", String.join(",", EXPECTED.keySet()),
                "--benchmarks", BENCHMARK, "--forks", "1", "--iterations", "8", "--warmup", "2",
                "--warmup-time", "0s", "--warmup-max", "0s", "--no-mock-warmup", "--timeout", "20s",
                "--target-option", Misbehaving.HELPER_SECONDS + "=" + helperSeconds,
                "--results-dir", results.toString(), "--quiet"}, new PrintWriter(out), new PrintWriter(err));

        assertThat(exit).as("exit code; err: " + err).isEqualTo(1);
        Path runDir = runDir(results);
        RunLayout layout = new RunLayout(runDir);
        Map<String, CellResult> byTarget = new TreeMap<>();
        for (String target : EXPECTED.keySet()) {
            byTarget.put(target, dev.agentbench.core.results.ResultsJson.read(
                    layout.targetDir(target).resolve(BENCHMARK + ".json"), CellResult.class));
        }
        EXPECTED.forEach((target, expected) -> {
            CellResult cell = byTarget.get(target);
            assertThat(cell.status()).as(target + ": " + cell.error()).isEqualTo(expected.status());
            if (expected.message() != null) {
                assertThat(cell.error()).as(target).contains(expected.message());
            }
            if (expected.status() == CellStatus.OK) {
                assertThat(cell.time().median()).as(target + " median").isPositive();
            }
        });

        assertThat(byTarget.get("hangs-in-close").warnings()).containsExactly("close() did not return in 10 s");
        assertThat(byTarget.get("leaves-helper").warnings()).singleElement().asString()
                .startsWith("the agent left 1 process running after close(), ended by the harness: ")
                .endsWith("sleep " + helperSeconds);
        assertThat(byTarget.get("raw").warnings()).isEmpty();

        String flood = Files.readString(layout.targetDir("floods-output").resolve(BENCHMARK + ".log"));
        assertThat(flood).contains(Misbehaving.FloodsOutput.LINE).contains("bytes of output dropped here");
        // the log ends with its last fork's result line (fork 1, or a later one where the machine's
        // noise had a fork rerun)
        String lastLine = flood.strip().substring(flood.strip().lastIndexOf('\n') + 1);
        assertThat(lastLine).matches(".* written to " + java.util.regex.Pattern.quote(
                layout.targetDir("floods-output").resolve(BENCHMARK + ".fork-").toString()) + "\\d+\\.json");
        assertThat(log(layout, "leaves-helper")).contains("[agentbench] ended 1 process the cell left running: ")
                .contains("sleep " + helperSeconds);
        assertThat(log(layout, "halts-mid-pass")).contains("the cell's JVM left 1 process running, now ended: ")
                .contains("sleep " + helperSeconds);

        try (Stream<Path> files = Files.walk(runDir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.size(file)).as(file.toString()).isLessThanOrEqualTo(LOG_LIMIT);
            }
        }
        for (String target : EXPECTED.keySet()) {
            try (Stream<Path> files = Files.list(layout.targetDir(target))) {
                assertThat(files.map(file -> file.getFileName().toString()).collect(Collectors.toSet()))
                        .as("files of " + target).isEqualTo(Set.of(BENCHMARK + ".json", BENCHMARK + ".log",
                                BENCHMARK + ".spec.properties"));
            }
        }
        assertThat(awaitGone(helperSeconds)).as("helper processes left running").isEmpty();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("processes the run started").isEmpty();
    }

    private static String log(RunLayout layout, String target) throws IOException {
        return Files.readString(layout.targetDir(target).resolve(BENCHMARK + ".log"));
    }

    private static Path runDir(Path results) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> runs = dirs.filter(Files::isDirectory).filter(dir -> !Files.isSymbolicLink(dir)).toList();
            assertThat(runs).hasSize(1);
            return runs.get(0);
        }
    }

    /** The helper processes still alive after waiting a little for them to go. */
    private static List<String> awaitGone(String helperSeconds) throws InterruptedException {
        List<String> alive = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            alive = ProcessHandle.allProcesses()
                    .filter(process -> process.info().commandLine().orElse("").contains("sleep " + helperSeconds))
                    .map(process -> process.pid() + " " + process.info().commandLine().orElse(""))
                    .toList();
            if (alive.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        return alive;
    }
}
