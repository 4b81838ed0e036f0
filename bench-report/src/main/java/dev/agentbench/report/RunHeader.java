package dev.agentbench.report;

import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The facts a report's header states about a run, worded once for every human-readable format. */
final class RunHeader {

    private RunHeader() {}

    /** {@code Eclipse Adoptium, 17.0.15, OpenJDK 64-Bit Server VM}. */
    static String jvm(Map<String, String> env) {
        return join(env.get("java.vendor"), env.get("java.version"), env.get("java.vm.name"));
    }

    /** {@code Linux, 6.1.0, amd64}. */
    static String os(Map<String, String> env) {
        return join(env.get("os.name"), env.get("os.version"), env.get("os.arch"));
    }

    /** {@code 2, 24.0 GiB}. */
    static String cpusAndMemory(Map<String, String> env) {
        String memory = env.get("memory");
        String readable = null;
        if (memory != null) {
            try {
                readable = Units.bytes(Long.parseLong(memory));
            } catch (NumberFormatException e) {
                readable = memory;
            }
        }
        return join(env.get("cpus"), readable);
    }

    /** Whether every planned cell ran, in words; empty when it did. */
    static String completion(RunInfo info) {
        return info.status() == RunStatus.COMPLETED ? "" : " (not every planned cell ran)";
    }

    /** The arguments as one line, or {@code (none)}. */
    static String arguments(RunInfo info) {
        return info.arguments().isEmpty() ? "(none)" : String.join(" ", info.arguments());
    }

    /** The settings sorted by name, {@code key=value, ...}; empty when there are none. */
    static String settings(RunInfo info) {
        List<String> settings = new ArrayList<>();
        new TreeMap<>(info.settings()).forEach((key, value) -> settings.add(key + "=" + value));
        return String.join(", ", settings);
    }

    static String join(String... parts) {
        List<String> present = new ArrayList<>();
        for (String part : parts) {
            if (part != null && !part.isBlank()) {
                present.add(part);
            }
        }
        return present.isEmpty() ? "unknown" : String.join(", ", present);
    }
}
