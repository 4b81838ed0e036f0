package dev.agentbench.core.mock;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExitStatusTest {

    @Test
    void aStatusOf128PlusASignalNamesTheSignalOnUnix() {
        assertThat(ExitStatus.describe(137, true)).isEqualTo("killed by SIGKILL (exit status [137])");
        assertThat(ExitStatus.describe(143, true)).isEqualTo("killed by SIGTERM (exit status [143])");
        assertThat(ExitStatus.describe(139, true)).isEqualTo("killed by SIGSEGV (exit status [139])");
    }

    @Test
    void anyOtherStatusIsAnExitCode() {
        assertThat(ExitStatus.describe(0, true)).isEqualTo("exited with code [0]");
        assertThat(ExitStatus.describe(1, true)).isEqualTo("exited with code [1]");
        assertThat(ExitStatus.describe(128, true)).as("no signal 0").isEqualTo("exited with code [128]");
        assertThat(ExitStatus.describe(200, true)).as("no signal 72").isEqualTo("exited with code [200]");
        assertThat(ExitStatus.describe(137, false)).as("Windows has no signals").isEqualTo("exited with code [137]");
    }
}
