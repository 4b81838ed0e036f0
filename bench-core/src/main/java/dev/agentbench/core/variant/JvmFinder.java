package dev.agentbench.core.variant;

import dev.agentbench.api.result.JvmRuntime;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the JVMs of {@code --jvm}: a feature version ({@code 17}) among the installed JDKs, or a
 * path, a {@code java} executable or a JDK home. The installed JDKs are looked for, in this order,
 * at {@code JAVA_HOME}, the running JVM's {@code java.home}, each folder of {@code /usr/lib/jvm}
 * (Linux) and each {@code /Library/Java/JavaVirtualMachines/<jdk>/Contents/Home} (macOS); the first
 * of the version asked wins. A JDK's version is read from its {@code release} file.
 */
public final class JvmFinder {

    private static final Pattern FEATURE = Pattern.compile("[0-9]+");
    private static final Pattern JAVA_VERSION = Pattern.compile("\"?(1\\.)?([0-9]+).*");

    private final List<Path> homes;

    /** A finder that looks at these JDK homes, in this order, for a feature version. */
    public JvmFinder(List<Path> homes) {
        this.homes = List.copyOf(homes);
    }

    /** A finder that looks where JDKs are installed, as the class says. */
    public static JvmFinder standard() {
        List<Path> homes = new ArrayList<>();
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            homes.add(Path.of(javaHome));
        }
        homes.add(Path.of(System.getProperty("java.home")));
        homes.addAll(children(Path.of("/usr/lib/jvm"), Path.of("")));
        homes.addAll(children(Path.of("/Library/Java/JavaVirtualMachines"), Path.of("Contents", "Home")));
        return new JvmFinder(homes);
    }

    /**
     * The JVMs of these specs, in this order.
     *
     * @throws IllegalArgumentException for a JVM that is not found, or two of one feature version
     */
    public List<Jvm> find(List<String> specs) {
        Map<Integer, String> byFeature = new LinkedHashMap<>();
        List<Jvm> found = new ArrayList<>();
        for (String spec : specs) {
            Jvm jvm = find(spec);
            String before = byFeature.putIfAbsent(jvm.runtime().feature(), spec);
            if (before != null) {
                throw new IllegalArgumentException("JVMs [" + before + "] and [" + spec + "] are both Java "
                        + jvm.runtime().feature() + "; a run takes one JVM of each feature version");
            }
            found.add(jvm);
        }
        return List.copyOf(found);
    }

    /**
     * The JVM of one spec: a feature version, or a {@code java} executable or JDK home.
     *
     * @throws IllegalArgumentException naming the spec when it is not found
     */
    public Jvm find(String spec) {
        String given = spec.strip();
        if (FEATURE.matcher(given).matches()) {
            int feature = Integer.parseInt(given);
            List<String> seen = new ArrayList<>();
            for (Path home : homes) {
                Optional<Jvm> jvm = atHome(home);
                if (jvm.isPresent() && jvm.get().runtime().feature() == feature) {
                    return jvm.get();
                }
                jvm.ifPresent(j -> seen.add(j.runtime().feature() + " at " + j.runtime().javaHome()));
            }
            throw new IllegalArgumentException("JVM [" + given + "] is not found: no Java " + feature
                    + " JDK at JAVA_HOME, the running JVM, /usr/lib/jvm or /Library/Java/JavaVirtualMachines; found: "
                    + seen.stream().distinct().toList() + "; give its path instead");
        }
        Path path = Path.of(given);
        if (Files.isRegularFile(path)) {
            if (!Files.isExecutable(path)) {
                throw new IllegalArgumentException("JVM [" + given + "] is not an executable file");
            }
            Path home = path.toAbsolutePath().getParent() == null ? null : path.toAbsolutePath().getParent().getParent();
            Optional<JvmRuntime> runtime = home == null ? Optional.empty() : release(home);
            return new Jvm(path.toAbsolutePath(), runtime.orElseGet(() -> ask(path, given)));
        }
        if (Files.isDirectory(path)) {
            return atHome(path).orElseThrow(() -> new IllegalArgumentException("JVM [" + given
                    + "] is a folder without bin/java and a release file: no JDK home"));
        }
        throw new IllegalArgumentException("JVM [" + given + "] is not found: neither a feature version (17) nor an"
                + " existing java executable or JDK home");
    }

    /** The JDK at {@code home}, when it has an executable {@code bin/java} and a readable {@code release} file. */
    static Optional<Jvm> atHome(Path home) {
        Path java = home.resolve("bin").resolve(File.separatorChar == '\\' ? "java.exe" : "java");
        if (!Files.isExecutable(java)) {
            return Optional.empty();
        }
        return release(home).map(runtime -> new Jvm(java.toAbsolutePath().normalize(), runtime));
    }

    /** What a JDK home's {@code release} file says: {@code JAVA_VERSION="25.0.1"}. */
    static Optional<JvmRuntime> release(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(release, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
        String version = properties.getProperty("JAVA_VERSION");
        if (version == null) {
            return Optional.empty();
        }
        Matcher matcher = JAVA_VERSION.matcher(version.strip());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new JvmRuntime(Integer.parseInt(matcher.group(2)), real(home).toString(), null,
                unquote(version)));
    }

    /** A java executable outside a JDK home: it is asked its version. */
    private static JvmRuntime ask(Path java, String given) {
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
                .redirectErrorStream(true);
        Process process = null;
        try {
            process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalArgumentException("JVM [" + given + "] did not tell its version");
            }
            String spec = property(output, "java.specification.version");
            String home = property(output, "java.home");
            Matcher matcher = spec == null ? null : JAVA_VERSION.matcher(spec);
            if (matcher == null || !matcher.matches() || home == null) {
                throw new IllegalArgumentException("JVM [" + given + "] did not tell its version");
            }
            return new JvmRuntime(Integer.parseInt(matcher.group(2)), home, property(output, "java.vm.name"),
                    property(output, "java.vm.version"));
        } catch (IOException e) {
            throw new IllegalArgumentException("JVM [" + given + "] cannot be started: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("JVM [" + given + "]: interrupted while asking its version", e);
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    private static String property(String output, String key) {
        return output.lines().map(String::strip).filter(line -> line.startsWith(key + " = "))
                .map(line -> line.substring(key.length() + 3)).findFirst().orElse(null);
    }

    private static String unquote(String value) {
        String v = value.strip();
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    private static List<Path> children(Path folder, Path inside) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.sorted().map(child -> child.resolve(inside)).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
