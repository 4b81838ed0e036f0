package dev.agentbench.core;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Where the harness is: the class path every cell's JVM and the mock's JVM start from, and the
 * {@code plugins} folder beside it.
 *
 * <p>The harness is the shaded {@code bench-cli.jar}, whose manifest says {@value #MANIFEST_ATTRIBUTE}.
 * A run finds it from the jar this class was loaded from, never from {@code java.class.path}: in an
 * application, a Gradle test worker or {@code exec:java}, that class path is the application's, and
 * handing it to every cell would put the application's libraries (and every framework on it) in
 * each cell's JVM. When this class is not loaded from the harness jar (from an IDE's class folders,
 * say), the harness must be named: with {@link BenchOptions.Builder#harnessClasspath(String)}, or
 * with the system property {@value #PROPERTY}.
 */
public final class Harness {

    /** The manifest attribute that marks the harness jar; its value is {@code true}. */
    public static final String MANIFEST_ATTRIBUTE = "Agentbench-Harness";

    /** The system property that names the harness class path when this class is not in the harness jar. */
    public static final String PROPERTY = "agentbench.harness.classpath";

    /** The class every cell's JVM runs, which the harness class path must hold. */
    static final String CHILD_MAIN = "dev.agentbench.core.child.ChildMain";

    /** The folder beside the harness jar that holds the shipped target plugins. */
    static final String PLUGINS = "plugins";

    private Harness() {}

    /**
     * The harness jar this class was loaded from, when it was loaded from one: a jar whose manifest
     * says {@value #MANIFEST_ATTRIBUTE}{@code : true}.
     */
    public static Optional<Path> jar() {
        return codeSource().filter(Harness::isHarnessJar);
    }

    /**
     * The harness class path a run uses when none is given: the system property {@value #PROPERTY}
     * when it is set, else the harness jar this class was loaded from.
     *
     * @throws IllegalArgumentException when there is neither, naming where this class was loaded from
     */
    public static String classpath() {
        return found().orElseThrow(() -> new IllegalArgumentException(
                "No harness jar: agentbench's core is loaded from [" + codeSource().map(Path::toString).orElse("unknown")
                        + "], not from bench-cli.jar, the harness every cell's JVM and the mock start from; put "
                        + "bench-cli.jar on the class path, or name the harness with harnessClasspath(...) or -D"
                        + PROPERTY + "=..."));
    }

    /** The system property {@value #PROPERTY} when it is set, else the harness jar this class was loaded from. */
    private static Optional<String> found() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Optional.of(property);
        }
        return jar().map(Path::toString);
    }

    /**
     * The plugin paths a run with the default harness looks in, as {@link #pluginPaths(String, List)}
     * gives them; only {@code userPaths} when there is no harness to look beside.
     */
    public static List<Path> pluginPaths(List<Path> userPaths) {
        return pluginPaths(found().orElse(""), userPaths);
    }

    /**
     * The plugin paths a run looks in: the {@value #PLUGINS} folder beside the harness jar, when the
     * class path is that one jar and the folder exists, then {@code userPaths} (one the default
     * already names is not repeated).
     */
    public static List<Path> pluginPaths(String harnessClasspath, List<Path> userPaths) {
        List<Path> paths = new ArrayList<>();
        defaultPlugins(harnessClasspath).ifPresent(paths::add);
        for (Path path : userPaths) {
            if (!paths.contains(path.toAbsolutePath().normalize())) {
                paths.add(path);
            }
        }
        return paths;
    }

    /** The {@value #PLUGINS} folder beside a harness class path that is one jar, when there is one. */
    static Optional<Path> defaultPlugins(String harnessClasspath) {
        if (harnessClasspath.isEmpty() || harnessClasspath.contains(File.pathSeparator)) {
            return Optional.empty();
        }
        Path jar = Path.of(harnessClasspath).toAbsolutePath().normalize();
        Path plugins = jar.getParent() == null ? null : jar.getParent().resolve(PLUGINS);
        return Files.isRegularFile(jar) && plugins != null && Files.isDirectory(plugins)
                ? Optional.of(plugins) : Optional.empty();
    }

    /**
     * Checks that a harness class path can start the mock and the cells: each entry exists, and
     * together they hold {@code ChildMain} and {@code mockMainClass}.
     *
     * @throws IllegalArgumentException naming the class path and what it lacks
     */
    static void check(String harnessClasspath, String mockMainClass) {
        if (harnessClasspath.isBlank()) {
            throw new IllegalArgumentException("Harness class path is empty; it must hold " + CHILD_MAIN
                    + " and the mock, as bench-cli.jar does");
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : harnessClasspath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("Harness class path entry [" + entry + "] does not exist");
            }
            try {
                urls.add(path.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("Harness class path entry [" + entry + "] is not a path: "
                        + e.getMessage(), e);
            }
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), null)) {
            for (String main : List.of(CHILD_MAIN, mockMainClass)) {
                if (loader.findResource(main.replace('.', '/') + ".class") == null) {
                    throw new IllegalArgumentException("Harness class path [" + shorten(harnessClasspath)
                            + "] has no " + main + "; it must hold the cells' and the mock's main classes, as "
                            + "bench-cli.jar does");
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("Harness class path [" + shorten(harnessClasspath)
                    + "] cannot be read: " + e.getMessage(), e);
        }
    }

    private static String shorten(String classpath) {
        return classpath.length() <= 200 ? classpath : classpath.substring(0, 200) + "...";
    }

    /** Where this class was loaded from: a jar or a class folder. */
    private static Optional<Path> codeSource() {
        try {
            return Optional.of(Path.of(Harness.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException | SecurityException | NullPointerException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static boolean isHarnessJar(Path location) {
        if (!Files.isRegularFile(location)) {
            return false;
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            Manifest manifest = jar.getManifest();
            return manifest != null && "true".equals(manifest.getMainAttributes().getValue(MANIFEST_ATTRIBUTE));
        } catch (IOException e) {
            return false;
        }
    }
}
