package dev.agentbench.core;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The machine and JVM a run ran on, as {@code run.json} records them. */
final class Environment {

    private Environment() {}

    /**
     * Keys: {@code java.vendor}, {@code java.version}, {@code java.vm.name}, {@code java.vm.version},
     * {@code os.name}, {@code os.version}, {@code os.arch}, {@code cpus}, {@code memory} (total
     * physical bytes, when the JVM tells), {@code cpu.model} and {@code host.name} (when the system
     * tells), {@code git.commit} (when {@code workDir} is in a git work
     * tree and {@code git} answers within two seconds), {@code agentbench.version} and
     * {@code agentbench.commit} (when the build knew it: {@link Build}).
     */
    public static Map<String, String> capture(Path workDir) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String key : new String[] {"java.vendor", "java.version", "java.vm.name", "java.vm.version",
                "os.name", "os.version", "os.arch"}) {
            env.put(key, System.getProperty(key, "unknown"));
        }
        env.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            env.put("memory", Long.toString(sun.getTotalMemorySize()));
        }
        String cpu = cpuModel(Path.of("/proc/cpuinfo"));
        if (cpu != null) {
            env.put("cpu.model", cpu);
        }
        String host = hostName();
        if (host != null) {
            env.put("host.name", host);
        }
        String commit = gitCommit(workDir);
        if (commit != null) {
            env.put("git.commit", commit);
        }
        env.put("agentbench.version", Build.version());
        Build.commit().ifPresent(built -> env.put("agentbench.commit", built));
        return env;
    }

    /** The first {@code model name} in a Linux {@code /proc/cpuinfo}; null where there is none. */
    static String cpuModel(Path cpuinfo) {
        try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(cpuinfo)) {
            return lines.filter(line -> line.startsWith("model name") && line.indexOf(':') > 0)
                    .map(line -> line.substring(line.indexOf(':') + 1).trim().replaceAll("\\s+", " "))
                    .filter(model -> !model.isEmpty())
                    .findFirst().orElse(null);
        } catch (IOException | java.io.UncheckedIOException | SecurityException e) {
            return null;
        }
    }

    /**
     * The machine's name, without asking a name server: {@code HOSTNAME} or {@code COMPUTERNAME}, else
     * {@code /etc/hostname}; null when none says. In a Kubernetes pod it is the pod's name.
     */
    static String hostName() {
        return hostName(System::getenv, Path.of("/etc/hostname"));
    }

    /** {@link #hostName()} with the environment and the host name file given. */
    static String hostName(java.util.function.UnaryOperator<String> environment, Path hostnameFile) {
        for (String variable : new String[] {"HOSTNAME", "COMPUTERNAME"}) {
            String name = environment.apply(variable);
            if (name != null && !name.isBlank()) {
                return name.trim();
            }
        }
        try {
            String name = java.nio.file.Files.readString(hostnameFile).trim();
            return name.isEmpty() ? null : name;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    static String gitCommit(Path workDir) {
        Process git = null;
        try {
            git = new ProcessBuilder("git", "rev-parse", "HEAD")
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile()))
                    .start();
            if (!git.waitFor(2, TimeUnit.SECONDS) || git.exitValue() != 0) {
                return null;
            }
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return Build.COMMIT.matcher(out).matches() ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (git != null) {
                git.destroyForcibly();
            }
        }
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
