package dev.agentbench.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Where plugins are looked for: the folder {@code plugins} beside the harness jar, then the user's. */
final class PluginDirs {

    private PluginDirs() {}

    /** The user's plugin paths, after the {@code plugins} folder beside the jar when there is one. */
    static List<Path> withDefault(List<Path> userPaths) {
        List<Path> paths = new ArrayList<>();
        besideJar().ifPresent(paths::add);
        for (Path path : userPaths) {
            if (!paths.contains(path.toAbsolutePath().normalize())) {
                paths.add(path);
            }
        }
        return paths;
    }

    private static java.util.Optional<Path> besideJar() {
        try {
            Path location = Path.of(PluginDirs.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(location)) {
                Path plugins = location.toAbsolutePath().getParent().resolve("plugins");
                if (Files.isDirectory(plugins)) {
                    return java.util.Optional.of(plugins.normalize());
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code source to look beside: only the user's paths
        }
        return java.util.Optional.empty();
    }
}
