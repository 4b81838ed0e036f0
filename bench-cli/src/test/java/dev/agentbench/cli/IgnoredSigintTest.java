package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.core.RunListener;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The warning that Ctrl-C cannot stop a run, from a {@code /proc/<pid>/status} text: no real signal is sent. */
class IgnoredSigintTest {

    /**
     * What a JVM started as {@code java ... &} by {@code bash -c} shows: SIGINT (bit 1) ignored. Bash
     * ignores SIGQUIT for such a job too, but the JVM installs its thread-dump handler for it anyway.
     */
    private static final String BACKGROUND = status("0000000000000002");
    private static final String WARNING = "agentbench: SIGINT is ignored in this process (started in the background by "
            + "a non-interactive shell?), so Ctrl-C cannot stop the run; stop it with SIGTERM (kill -TERM 4242)";

    private static String status(String sigIgn) {
        return "Name:\tjava\nState:\tS (sleeping)\nPid:\t4242\nSigQ:\t0/95504\nSigPnd:\t0000000000000000\n"
                + "ShdPnd:\t0000000000000000\nSigBlk:\t0000000000000000\nSigIgn:\t" + sigIgn + "\n"
                + "SigCgt:\t2000000101005ccd\nCapInh:\t0000000000000000\n";
    }

    @Test
    void anIgnoredSigintGivesOneLineNamingSigtermAndThePid() {
        assertThat(IgnoredSigint.warning(BACKGROUND, 4242)).contains(WARNING);
        assertThat(IgnoredSigint.warning(status("0000000000000006"), 4242)).as("SIGQUIT too").contains(WARNING);
        assertThat(IgnoredSigint.warning(status("ffffffffffffffff"), 4242)).contains(WARNING);
    }

    @Test
    void aHandledSigintOrAnUnreadableStatusGivesNothing() {
        assertThat(IgnoredSigint.warning(status("0000000000000000"), 1)).isEmpty();
        assertThat(IgnoredSigint.warning(status("0000000000001004"), 1)).as("SIGQUIT and SIGPIPE ignored only").isEmpty();
        assertThat(IgnoredSigint.warning(status("not hex"), 1)).isEmpty();
        assertThat(IgnoredSigint.warning("", 1)).as("no SigIgn line").isEmpty();
        assertThat(IgnoredSigint.warning("Name:\tjava\n", 1)).isEmpty();
    }

    @Test
    void theWarningIsPrintedOnceAsTheRunStartsAndNothingWithoutOne() {
        StringWriter err = new StringWriter();
        RunListener listener = IgnoredSigint.warnOnStart(Optional.of("the warning"), new PrintWriter(err));

        assertThat(err.toString()).as("nothing before the run starts").isEmpty();
        listener.runStarted(null, null, List.of());
        listener.runFinished(null, null, List.of());

        assertThat(err.toString()).isEqualTo("the warning" + System.lineSeparator());
        assertThat(IgnoredSigint.warnOnStart(Optional.empty(), new PrintWriter(err))).isSameAs(RunListener.NONE);
    }
}
