package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two frameworks never meet in one JVM: a dry run of one cell per target through the packaged jar,
 * then, from each cell's log, the class path its child JVM really had. Each plugin target's class
 * path is the harness jar and its own folder's jars only, and no jar on it holds a class of another
 * target or of another target's framework.
 */
class PluginIsolationIT {

    private static final Duration LIMIT = Duration.ofMinutes(6);

    /** The plugin targets bench-cli ships, each with the packages only it, and targets built on it, may bring. */
    private static final Map<String, List<String>> OWN_PACKAGES = new LinkedHashMap<>();

    /**
     * Targets built on another target's framework, with the frameworks they share: LangGraph4j runs
     * on LangChain4j's models, so its folder holds its own copy of LangChain4j.
     */
    private static final Map<String, List<String>> BUILT_ON = Map.of("langgraph4j", List.of("langchain4j"));

    static {
        OWN_PACKAGES.put("llmagent", List.of("dev/agentbench/llmagent/", "com/google/adk/"));
        OWN_PACKAGES.put("langchain4j", List.of("dev/agentbench/langchain4j/", "dev/langchain4j/"));
        OWN_PACKAGES.put("springai", List.of("dev/agentbench/springai/", "org/springframework/ai/"));
        OWN_PACKAGES.put("koog", List.of("dev/agentbench/koog/", "ai/koog/"));
        OWN_PACKAGES.put("agentscope", List.of("dev/agentbench/agentscope/", "io/agentscope/"));
        OWN_PACKAGES.put("langgraph4j", List.of("dev/agentbench/langgraph4j/", "org/bsc/langgraph4j/"));
    }

    @Test
    void eachCellSeesTheHarnessAndItsOwnPluginFolderOnly(@TempDir Path work) throws Exception {
        Path plugins = JarRunner.jar().toAbsolutePath().getParent().resolve("plugins");
        for (String target : OWN_PACKAGES.keySet()) {
            assertThat(plugins.resolve(target)).as("plugin folder of " + target).isDirectory();
        }
        List<String> targets = new ArrayList<>(OWN_PACKAGES.keySet());
        targets.add("raw");
        Path results = work.resolve("results");

        JarRunner.Result run = JarRunner.run(work, LIMIT, "run", "--dry-run", "--benchmarks", "turn1",
                "--targets", String.join(",", targets), "--results-dir", results.toString(), "--quiet");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.survivors()).isEmpty();
        Path runDir = JarRunner.onlyRunDir(results).orElseThrow();
        Path harness = JarRunner.jar().toRealPath();
        assertThat(foreignPackages(harness, "harness")).as("framework classes in the harness jar").isEmpty();
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
            if (!OWN_PACKAGES.containsKey(target)) {
                assertThat(own).as("a built-in target's class path beyond the harness").isEmpty();
                continue;
            }
            Path folder = plugins.resolve(target).toRealPath();
            assertThat(own).as(target + "'s class path").isNotEmpty()
                    .allSatisfy(entry -> assertThat(entry.toRealPath().getParent()).isEqualTo(folder));
            try (Stream<Path> jars = Files.list(folder)) {
                assertThat(own).as("every jar of " + target + "'s folder is on its class path")
                        .hasSize((int) jars.filter(jar -> jar.toString().endsWith(".jar")).count());
            }
            TreeSet<String> seen = new TreeSet<>();
            for (Path jar : own) {
                seen.addAll(foreignPackages(jar, target));
            }
            assertThat(seen).as("another target's packages on " + target + "'s class path").isEmpty();
            assertThat(ownPackagesPresent(own, target)).as(target + "'s own packages on its class path")
                    .containsExactlyInAnyOrderElementsOf(OWN_PACKAGES.get(target));
        }
    }

    /**
     * The packages of targets other than {@code owner} that {@code jar} holds a class of; the
     * frameworks {@code owner} is built on ({@link #BUILT_ON}) count as its own, the adapter of the
     * target built on them never.
     */
    private static TreeSet<String> foreignPackages(Path jar, String owner) throws IOException {
        List<String> shared = BUILT_ON.getOrDefault(owner, List.of());
        TreeSet<String> found = new TreeSet<>();
        forEachClass(jar, name -> OWN_PACKAGES.forEach((target, packages) -> {
            if (!target.equals(owner)) {
                packages.stream()
                        .filter(pkg -> !(shared.contains(target) && !pkg.startsWith("dev/agentbench/")))
                        .filter(name::startsWith)
                        .forEach(pkg -> found.add(pkg + " in " + jar.getFileName()));
            }
        }));
        return found;
    }

    private static TreeSet<String> ownPackagesPresent(List<Path> jars, String target) throws IOException {
        TreeSet<String> found = new TreeSet<>();
        for (Path jar : jars) {
            forEachClass(jar, name -> OWN_PACKAGES.get(target).stream().filter(name::startsWith).forEach(found::add));
        }
        return found;
    }

    private static void forEachClass(Path jar, java.util.function.Consumer<String> action) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<java.util.jar.JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class")) {
                    action.accept(name);
                }
            }
        }
    }
}
