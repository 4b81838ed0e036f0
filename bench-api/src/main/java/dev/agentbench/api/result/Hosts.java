package dev.agentbench.api.result;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The machine of a run, from its {@link RunInfo#environment()}, worded once. */
final class Hosts {

    /** The keys that make a machine the kind of machine it is, in the order they are digested. */
    private static final List<String> KIND = List.of("cpu.model", "cpus", "memory", "os.name", "os.version",
            "os.arch", "java.vendor", "java.version", "java.vm.name", "java.vm.version");

    private Hosts() {}

    /** {@code ci-runner-7: AMD EPYC 7763, 2 CPUs, 7.8 GiB; Eclipse Adoptium 17.0.15}. */
    static String describe(Map<String, String> env) {
        List<String> machine = new ArrayList<>();
        add(machine, env.get("cpu.model"));
        if (env.get("cpus") != null) {
            machine.add(env.get("cpus") + " CPUs");
        }
        add(machine, gib(env.get("memory")));
        String jvm = join(" ", env.get("java.vendor"), env.get("java.version"));
        String text = String.join(", ", machine) + (jvm.isEmpty() ? "" : (machine.isEmpty() ? "" : "; ") + jvm);
        String name = env.get("host.name");
        return (name == null ? "" : name + ": ") + (text.isEmpty() ? "unknown" : text);
    }

    /** The first 12 hex digits of the SHA-256 of the {@link #KIND} values. */
    static String fingerprint(Map<String, String> env) {
        StringBuilder kind = new StringBuilder();
        for (String key : KIND) {
            kind.append(key).append('=').append(env.getOrDefault(key, "")).append('\n');
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(kind.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static String gib(String bytes) {
        if (bytes == null) {
            return null;
        }
        try {
            return String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(bytes) / (1024.0 * 1024 * 1024));
        } catch (NumberFormatException e) {
            return bytes;
        }
    }

    private static void add(List<String> parts, String part) {
        if (part != null && !part.isBlank()) {
            parts.add(part);
        }
    }

    private static String join(String separator, String... parts) {
        List<String> present = new ArrayList<>();
        for (String part : parts) {
            add(present, part);
        }
        return String.join(separator, present);
    }
}
