package dev.agentbench.core.mock;

import java.util.Map;

/**
 * A dead process's exit status in words. On Unix, the JDK reports a process that a signal ended as
 * exit status 128 + the signal's number ({@code 137} for SIGKILL), and so does a shell; those of the
 * common signals are named. A process that itself exits with such a status reads the same: the
 * status alone cannot tell them apart.
 */
public final class ExitStatus {

    /** The signals named, by number (the numbers Linux, the BSDs and macOS share). */
    private static final Map<Integer, String> SIGNALS = Map.ofEntries(Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"),
            Map.entry(3, "SIGQUIT"), Map.entry(4, "SIGILL"), Map.entry(5, "SIGTRAP"), Map.entry(6, "SIGABRT"),
            Map.entry(8, "SIGFPE"), Map.entry(9, "SIGKILL"), Map.entry(11, "SIGSEGV"), Map.entry(13, "SIGPIPE"),
            Map.entry(14, "SIGALRM"), Map.entry(15, "SIGTERM"));

    private ExitStatus() {}

    /**
     * {@code killed by SIGKILL (exit status [137])} for 128 + a named signal on Unix, else {@code
     * exited with code [1]}.
     */
    public static String describe(int status) {
        return describe(status, !System.getProperty("os.name", "").startsWith("Windows"));
    }

    static String describe(int status, boolean unix) {
        String signal = unix && status > 128 ? SIGNALS.get(status - 128) : null;
        return signal != null ? "killed by " + signal + " (exit status [" + status + "])"
                : "exited with code [" + status + "]";
    }
}
