package dev.agentbench.core;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One plugin: a folder of jars or a single jar, with what its class loader reads and what a child
 * JVM's class path gets.
 *
 * @param path the plugin's folder or jar, absolute
 * @param jars the jars its class loader reads
 */
record PluginPath(Path path, List<Path> jars) {

    public PluginPath {
        jars = List.copyOf(jars);
    }

    /**
     * The plugins a user-given path holds: a jar is one plugin; a folder with jars in it is one
     * plugin; a folder without jars holds one plugin per sub-folder that has jars, and none when
     * it is empty (like a fresh build's {@code plugins} folder).
     *
     * @throws IllegalArgumentException when the path is neither a jar nor a folder, or cannot be read
     */
    public static List<PluginPath> resolve(Path given) {
        Path path = given.toAbsolutePath().normalize();
        if (Files.isRegularFile(path) && isJar(path)) {
            return List.of(new PluginPath(path, List.of(path)));
        }
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException("Plugin path [" + given + "] is neither a jar nor a folder");
        }
        List<Path> jars = jarsIn(path);
        if (!jars.isEmpty()) {
            return List.of(new PluginPath(path, jars));
        }
        List<PluginPath> plugins = new ArrayList<>();
        for (Path child : list(path)) {
            if (Files.isDirectory(child)) {
                List<Path> childJars = jarsIn(child);
                if (!childJars.isEmpty()) {
                    plugins.add(new PluginPath(child, childJars));
                }
            }
        }
        return plugins;
    }

    /** The class path entry of a child JVM: the jar, or {@code <folder>/*}, which the launcher expands. */
    public String classpathEntry() {
        return Files.isDirectory(path) ? path + File.separator + "*" : path.toString();
    }

    /** The class loader's URLs. */
    public URL[] urls() {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("Plugin jar [" + jars.get(i) + "] has no URL", e);
            }
        }
        return urls;
    }

    private static List<Path> jarsIn(Path folder) {
        return list(folder).stream().filter(p -> Files.isRegularFile(p) && isJar(p)).toList();
    }

    private static List<Path> list(Path folder) {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("Plugin folder [" + folder + "] cannot be read: " + e, e);
        }
    }

    private static boolean isJar(Path path) {
        return path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar");
    }
}
