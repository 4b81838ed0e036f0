package dev.agentbench.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The checks of {@link BenchOptions.Builder#build()}: each throws naming the value in brackets. */
final class OptionChecks {

    private OptionChecks() {}

    static void atLeast(String what, int value, int least) {
        if (value < least) {
            throw new IllegalArgumentException(what + " [" + value + "] must be at least " + least);
        }
    }

    static void positive(String what, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(what + " [" + value + "] must be positive");
        }
    }

    static void concurrency(List<Integer> concurrency) {
        if (concurrency.isEmpty()) {
            throw new IllegalArgumentException("Concurrency [] must list at least one level");
        }
        Set<Integer> seen = new HashSet<>();
        for (int level : concurrency) {
            atLeast("Concurrency", level, 1);
            if (!seen.add(level)) {
                throw new IllegalArgumentException("Concurrency [" + level + "] is listed twice");
            }
        }
    }

    /**
     * Names of targets or benchmarks: none blank, none twice, and {@link BenchOptions#ALL} only alone
     * ({@code Targets [all, raw]: all means every target found and stands alone}).
     */
    static void names(String kind, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (name.isBlank()) {
                throw new IllegalArgumentException(kind + " name [" + name + "] must not be blank");
            }
            if (!seen.add(name)) {
                throw new IllegalArgumentException(kind + " [" + name + "] is listed twice");
            }
        }
        if (names.size() > 1 && seen.contains(BenchOptions.ALL)) {
            throw new IllegalArgumentException(kind + "s " + names + ": " + BenchOptions.ALL + " means every "
                    + kind.toLowerCase(Locale.ROOT) + " found and stands alone");
        }
    }

    /**
     * The results directory is a directory this process can write, or can be made: its nearest
     * existing ancestor is a directory it can write. Whether it can write is asked of the operating
     * system ({@code access(2)}), which says yes to root except on a read-only file system; a
     * directory that still cannot be written is refused when the run makes its directory, before
     * any cell.
     */
    static void resultsDir(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        for (Path path = absolute; path != null; path = path.getParent()) {
            if (Files.exists(path)) {
                if (!Files.isDirectory(path)) {
                    throw new IllegalArgumentException(path.equals(absolute)
                            ? "Results directory [" + dir + "] is a file, not a directory"
                            : "Results directory [" + dir + "] cannot be made: [" + path + "] is a file");
                }
                if (!Files.isWritable(path)) {
                    throw new IllegalArgumentException(path.equals(absolute)
                            ? "Results directory [" + dir + "] is not writable"
                            : "Results directory [" + dir + "] cannot be made: [" + path + "] is not writable");
                }
                return;
            }
        }
    }

    static void pluginPaths(List<Path> paths) {
        for (Path plugin : paths) {
            if (!Files.exists(plugin)) {
                throw new IllegalArgumentException("Plugin path [" + plugin + "] does not exist");
            }
            if (!Files.isReadable(plugin)) {
                throw new IllegalArgumentException("Plugin path [" + plugin + "] is not readable");
            }
        }
    }
}
