package dev.agentbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.measure.PassSettings;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CellLauncherTest {

    private static ChildSettings settings(Path runDir) {
        return new ChildSettings(Path.of("/jdk/bin/java"), List.of("-Xms1g", "-Xmx1g", "-Xmx2g"), "harness.jar",
                new RunLayout(runDir), URI.create("http://127.0.0.1:1234"), PassSettings.defaults(), Map.of(),
                Duration.ofSeconds(30), Defaults.LOG_LIMIT);
    }

    @Test
    void aBuiltInTargetsChildGetsTheHarnessClassPathOnly(@TempDir Path runDir) {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);
        Path spec = new RunLayout(runDir).cellSpec(cell);

        List<String> command = CellLauncher.childCommand(settings(runDir), List.of(), spec);

        assertThat(command).containsExactly("/jdk/bin/java", "-Xms1g", "-Xmx1g", "-Xmx2g", "-cp", "harness.jar",
                "dev.agentbench.core.child.ChildMain", runDir.resolve("raw").resolve("turn1.spec.properties").toString());
    }

    @Test
    void aProfileForkKeepsDeeperStacksAndTheUsersArgumentsStillWin(@TempDir Path runDir) {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);

        List<String> command = CellLauncher.childCommand(settings(runDir), List.of(),
                new RunLayout(runDir).cellSpec(cell), true);

        assertThat(command).startsWith("/jdk/bin/java", "-XX:FlightRecorderOptions=stackdepth=128", "-Xms1g", "-Xmx1g",
                "-Xmx2g", "-cp", "harness.jar");
    }

    @Test
    void aPluginTargetsChildGetsItsFolderAsAWildcardAfterTheHarness(@TempDir Path runDir) {
        PlannedCell cell = new PlannedCell("llmagent", "turn5", 8);
        String folder = "/plugins/llmagent" + File.separator + "*";

        List<String> command = CellLauncher.childCommand(settings(runDir), List.of(folder),
                new RunLayout(runDir).cellSpec(cell));

        assertThat(command).containsSequence("-cp", "harness.jar" + File.pathSeparator + folder,
                "dev.agentbench.core.child.ChildMain");
        assertThat(command.get(command.size() - 1)).endsWith("turn5_c8.spec.properties");
    }

    @Test
    void logTailKeepsTheLastLinesAndSkipsACutFirstLine(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cell.log");
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            text.append("line ").append(i).append('\n');
        }
        Files.writeString(log, text);

        assertThat(LogTail.of(log, 3)).containsExactly("line 28", "line 29", "line 30");
        assertThat(LogTail.of(log, 100)).hasSize(30).startsWith("line 1");
        assertThat(LogTail.of(dir.resolve("missing.log"), 3)).isEmpty();

        Files.writeString(log, "x".repeat(70_000) + "\nlast\n");
        assertThat(LogTail.of(log, 5)).containsExactly("last");
    }
}
