package dev.agentbench.cli;

import dev.agentbench.api.result.RunInfo;
import dev.agentbench.core.BenchmarkDescriptor;
import dev.agentbench.core.RunListener;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Whether this process ignores SIGINT, so that Ctrl-C (or {@code kill -INT}) cannot stop a run.
 *
 * <p>A process inherits ignored signals. A non-interactive shell starts a background job
 * ({@code cmd &}, as some CI runners start a step) with SIGINT and SIGQUIT ignored, and HotSpot
 * installs no handler for a shutdown signal that was ignored when it started, so its shutdown
 * hooks never run on SIGINT; SIGTERM still works. Linux says which signals a process ignores in
 * the {@code SigIgn} mask of {@code /proc/self/status}; elsewhere nothing is said.
 */
final class IgnoredSigint {

    private static final Path STATUS = Path.of("/proc/self/status");

    /** SIGINT is signal 2: bit 1 of the {@code SigIgn} mask. */
    static final long SIGINT_MASK = 1L << (2 - 1);

    private IgnoredSigint() {}

    /**
     * The line to print when the {@code /proc/<pid>/status} text {@code status} says SIGINT is
     * ignored; empty when it is handled, or the text has no readable {@code SigIgn} line.
     */
    static Optional<String> warning(String status, long pid) {
        for (String line : status.lines().toList()) {
            if (line.startsWith("SigIgn:")) {
                try {
                    long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                    if ((ignored & SIGINT_MASK) == 0) {
                        return Optional.empty();
                    }
                    return Optional.of("agentbench: SIGINT is ignored in this process (started in the background by a "
                            + "non-interactive shell?), so Ctrl-C cannot stop the run; stop it with SIGTERM (kill -TERM "
                            + pid + ")");
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** {@link #warning(String, long)} of this process; empty where there is no {@code /proc/self/status}. */
    static Optional<String> warning() {
        if (!Files.isReadable(STATUS)) {
            return Optional.empty();
        }
        try {
            return warning(Files.readString(STATUS), ProcessHandle.current().pid());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * A listener that prints {@code warning} on {@code err} as the run starts (when it has passed
     * every check, so that a refused run still says only why it was refused); one that does nothing
     * when there is no warning.
     */
    static RunListener warnOnStart(Optional<String> warning, PrintWriter err) {
        if (warning.isEmpty()) {
            return RunListener.NONE;
        }
        return new RunListener() {
            @Override
            public void runStarted(Path runDir, RunInfo info, List<BenchmarkDescriptor> benchmarks) {
                err.println(warning.get());
                err.flush();
            }
        };
    }
}
