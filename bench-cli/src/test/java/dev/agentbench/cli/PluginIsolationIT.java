package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two frameworks never meet in one JVM: a dry run of one cell per target through the packaged jar,
 * then, from each cell's log, the class path its child JVM really had. Each plugin target's class
 * path is the harness jar and its own folder's jars only; no jar on it holds a class of another
 * target, and the harness jar and a plugin folder hold no class in common (not even bench-api's,
 * which the harness alone brings).
 *
 * <p>Nothing here names a target: the targets are the folders beside the jar, one for each target
 * module of the repository, and a target's packages are those of the classes its services file
 * ({@code META-INF/services/dev.agentbench.api.BenchTarget}) names.
 */
class PluginIsolationIT {

    private static final Duration LIMIT = Duration.ofMinutes(6);
    private static final String SERVICES = "META-INF/services/dev.agentbench.api.BenchTarget";
    private static final String MODULE_PREFIX = "bench-target-";

    @Test
    void eachCellSeesTheHarnessAndItsOwnPluginFolderOnly(@TempDir Path work) throws Exception {
        Path plugins = JarRunner.jar().toAbsolutePath().getParent().resolve("plugins");
        Map<String, Path> folders = pluginFolders(plugins);
        assertThat(folders.keySet()).as("the plugin folders in " + plugins)
                .containsExactlyElementsOf(targetModules(DocFiles.repositoryRoot()));

        // A target's providers, as its services file names them, and the packages they are in.
        Map<String, Set<String>> providers = new TreeMap<>();
        Map<String, Set<String>> ownPackages = new TreeMap<>();
        for (Map.Entry<String, Path> folder : folders.entrySet()) {
            Set<String> named = providersIn(folder.getValue());
            assertThat(named).as("classes named by " + SERVICES + " in " + folder.getValue()).isNotEmpty();
            providers.put(folder.getKey(), named);
            TreeSet<String> packages = new TreeSet<>();
            named.forEach(provider -> packages.add(provider.substring(0, provider.lastIndexOf('/') + 1)));
            ownPackages.put(folder.getKey(), packages);
        }

        List<String> targets = new ArrayList<>(folders.keySet());
        targets.add("raw");
        Path results = work.resolve("results");

        JarRunner.Result run = JarRunner.run(work, LIMIT, "run", "--dry-run", "--benchmarks", "turn1",
                "--targets", String.join(",", targets), "--results-dir", results.toString(), "--quiet");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.survivors()).isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        Path harness = JarRunner.jar().toRealPath();
        assertThat(sharedWithPlugins(harness, folders.values()))
                .as("classes both in the harness jar and in a plugin folder").isEmpty();
        TreeSet<String> unrelocated = new TreeSet<>();
        forEachClass(harness, name -> {
            // META-INF/versions/<N>/<class>: loaded under its own name on Java N and later
            if (name.startsWith("META-INF/versions/")
                    && !name.split("/", 4)[3].startsWith("dev/agentbench/")) {
                unrelocated.add(name);
            }
        });
        assertThat(unrelocated).as("classes of a newer Java in the harness jar, outside our packages").isEmpty();

        for (String target : targets) {
            List<Path> classPath = JarRunner.classPathOf(runDir.resolve(target).resolve("turn1.log"));
            assertThat(classPath.get(0).toRealPath()).as(target + "'s first class path entry").isEqualTo(harness);
            List<Path> own = classPath.subList(1, classPath.size());
            if (!folders.containsKey(target)) {
                assertThat(own).as("a built-in target's class path beyond the harness").isEmpty();
                continue;
            }
            Path folder = folders.get(target).toRealPath();
            assertThat(own).as(target + "'s class path").isNotEmpty()
                    .allSatisfy(entry -> assertThat(entry.toRealPath().getParent()).isEqualTo(folder));
            assertThat(own).as("every jar of " + target + "'s folder is on its class path")
                    .hasSize(jarsIn(folder).size());
            TreeSet<String> foreign = new TreeSet<>();
            TreeSet<String> classes = new TreeSet<>();
            for (Path jar : own) {
                forEachClass(jar, name -> {
                    classes.add(name);
                    ownPackages.forEach((other, packages) -> packages.stream()
                            .filter(pkg -> !other.equals(target) && name.startsWith(pkg))
                            .forEach(pkg -> foreign.add(pkg + " (" + other + ") in " + jar.getFileName())));
                });
            }
            assertThat(foreign).as("another target's packages on " + target + "'s class path").isEmpty();
            assertThat(providers.get(target)).as(target + "'s providers, each a class on its class path")
                    .allSatisfy(provider -> assertThat(classes).contains(provider + ".class"));
        }
    }

    /** The folders in {@code plugins} by name, which is the target's: {@code plugins/llmagent}. */
    private static Map<String, Path> pluginFolders(Path plugins) throws IOException {
        TreeMap<String, Path> folders = new TreeMap<>();
        try (Stream<Path> entries = Files.list(plugins)) {
            entries.filter(Files::isDirectory).forEach(folder -> folders.put(folder.getFileName().toString(), folder));
        }
        return folders;
    }

    /** The names of the repository's target modules: {@code llmagent} for {@code bench-target-llmagent}, and so on. */
    private static List<String> targetModules(Path root) throws IOException {
        try (Stream<Path> modules = Files.list(root)) {
            return modules.filter(module -> module.getFileName().toString().startsWith(MODULE_PREFIX))
                    .filter(module -> Files.isRegularFile(module.resolve("src/main/resources").resolve(SERVICES)))
                    .map(module -> module.getFileName().toString().substring(MODULE_PREFIX.length()))
                    .sorted()
                    .toList();
        }
    }

    /**
     * The classes that the services files in {@code folder}'s jars name, as entry names without
     * {@code .class}: {@code dev/agentbench/koog/KoogTarget}.
     */
    private static Set<String> providersIn(Path folder) throws IOException {
        TreeSet<String> providers = new TreeSet<>();
        for (Path jar : jarsIn(folder)) {
            try (JarFile file = new JarFile(jar.toFile())) {
                JarEntry services = file.getJarEntry(SERVICES);
                if (services == null) {
                    continue;
                }
                try (BufferedReader lines = new BufferedReader(
                        new InputStreamReader(file.getInputStream(services), StandardCharsets.UTF_8))) {
                    // The ServiceLoader format: one class name a line, '#' starts a comment.
                    lines.lines().map(line -> line.replaceFirst("#.*", "").strip())
                            .filter(line -> !line.isEmpty())
                            .forEach(line -> providers.add(line.replace('.', '/')));
                }
            }
        }
        return providers;
    }

    /** The classes of {@code harness} that a jar of one of {@code folders} holds too. */
    private static TreeSet<String> sharedWithPlugins(Path harness, Iterable<Path> folders) throws IOException {
        Set<String> harnessClasses = new HashSet<>();
        forEachClass(harness, harnessClasses::add);
        TreeSet<String> shared = new TreeSet<>();
        for (Path folder : folders) {
            for (Path jar : jarsIn(folder)) {
                forEachClass(jar, name -> {
                    if (harnessClasses.contains(name)) {
                        shared.add(name + " in " + folder.getFileName() + "/" + jar.getFileName());
                    }
                });
            }
        }
        return shared;
    }

    private static List<Path> jarsIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(".jar")).sorted().toList();
        }
    }

    private static void forEachClass(Path jar, Consumer<String> action) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class")) {
                    action.accept(name);
                }
            }
        }
    }
}
