package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** A test of whole runs in real child JVMs: a results directory of its own, and nothing left running after. */
abstract class ChildJvmRunTest {

    @TempDir
    Path dir;

    @AfterEach
    void nothingIsLeftRunning() throws Exception {
        assertThat(ProcessChecks.awaitNoDescendants(Duration.ofSeconds(5))).isEmpty();
    }
}
