package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.core.testing.PluginJars;
import java.io.File;
import java.nio.file.Files;
import dev.agentbench.api.BenchmarkKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegistryTest {

    @Test
    void listsTargetsByNameAndBenchmarksInTheOrderFoundWithWhereTheyCameFrom() {
        Registry registry = Registry.load(List.of());

        assertThat(registry.targets()).extracting(TargetDescriptor::name)
                .containsExactly("allocating", "camerashy", "exit3", "exitingclose", "hang", "hangingclose", "heavy",
                        "leaky", "openfiles", "probe", "scripted", "shifting", "sleepy", "throwing", "throwingclose");
        TargetDescriptor scripted = registry.target("scripted");
        assertThat(scripted.description()).isEqualTo("Test: answers from the script");
        assertThat(scripted.builtIn()).isTrue();
        assertThat(Path.of(scripted.location())).endsWith(Path.of("target", "test-classes"));

        assertThat(registry.benchmarks()).extracting(BenchmarkDescriptor::name)
                .containsExactly("echo", "solo", "build", "footprint", "growth", "cold", "speedup");
        assertThat(registry.benchmark("echo").supportsConcurrency()).isTrue();
        assertThat(registry.benchmark("echo").kind()).isEqualTo(BenchmarkKind.SESSIONS);
        assertThat(registry.benchmark("solo").supportsConcurrency()).isFalse();
        assertThat(registry.benchmark("cold").kind()).isEqualTo(BenchmarkKind.COLD_START);
        assertThat(registry.benchmark("build").kind()).isEqualTo(BenchmarkKind.CONSTRUCTION);
        assertThat(registry.benchmark("build").expandsByConcurrency()).as("only SESSIONS expand").isFalse();
    }

    @Test
    void unknownNamesListTheKnownOnes() {
        Registry registry = Registry.load(List.of());

        assertThatThrownBy(() -> registry.target("foo")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown target [foo]; known targets: [allocating, camerashy, exit3, exitingclose, hang, hangingclose, "
                        + "heavy, leaky, openfiles, probe, scripted, shifting, sleepy, throwing, throwingclose]");
        assertThatThrownBy(() -> registry.benchmark("turn9")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown benchmark [turn9]; known benchmarks: [build, cold, echo, footprint, growth, solo, speedup]");
    }

    @Test
    void namesSelectInTheOrderGivenAndAllOrNoneSelectsEveryOne() {
        Registry registry = Registry.load(List.of());

        assertThat(registry.targets(List.of("scripted", "hang"))).extracting(TargetDescriptor::name)
                .containsExactly("scripted", "hang");
        assertThat(registry.targets(List.of(BenchOptions.ALL))).isEqualTo(registry.targets())
                .isEqualTo(registry.targets(List.of()));
        assertThat(registry.benchmarks(List.of("all"))).isEqualTo(registry.benchmarks())
                .isEqualTo(registry.benchmarks(List.of()));
        assertThatThrownBy(() -> registry.targets(List.of("all", "scripted")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Targets [all, scripted]: all means every target found and stands alone");
        assertThatThrownBy(() -> registry.benchmarks(List.of("echo", "nope")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown benchmark [nope]; known benchmarks: [");
    }

    @Test
    void aTargetOrBenchmarkNamedAllIsRefusedSoThatAllIsNeverAmbiguous(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("greedy");
        PluginJars.build(folder, "pluga", "all");

        assertThatThrownBy(() -> Registry.load(List.of(folder)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target name [all] from [" + folder + "] is reserved: all selects every target found");
        assertThatThrownBy(() -> Registry.refuseAll("Benchmark", "all", "somewhere.jar"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Benchmark name [all] from [somewhere.jar] is reserved: all selects every benchmark found");
        Registry.refuseAll("Benchmark", "all_tools", "somewhere.jar");
    }

    @Test
    void aPluginFolderIsLoadedInItsOwnClassLoaderAndPutOnTheChildClassPathAsAWildcard(@TempDir Path dir)
            throws Exception {
        Path folder = dir.resolve("plugged");
        PluginJars.build(folder, "pluga", "plugged");

        TargetDescriptor plugged = Registry.load(List.of(folder)).target("plugged");

        assertThat(plugged.description()).isEqualTo("Test plugin target");
        assertThat(plugged.location()).isEqualTo(folder.toString());
        assertThat(plugged.builtIn()).isFalse();
        assertThat(plugged.classpath()).containsExactly(folder + File.separator + "*");
    }

    @Test
    void aSingleJarAndAFolderOfPluginFoldersWorkToo(@TempDir Path dir) throws Exception {
        Path jar = PluginJars.build(dir.resolve("one"), "pluga", "first");
        PluginJars.build(dir.resolve("many").resolve("second"), "plugb", "second");
        PluginJars.build(dir.resolve("many").resolve("third"), "plugc", "third");

        Registry registry = Registry.load(List.of(jar, dir.resolve("many")));

        assertThat(registry.target("first").classpath()).containsExactly(jar.toString());
        assertThat(registry.target("second").location()).isEqualTo(dir.resolve("many").resolve("second").toString());
        assertThat(registry.target("third").classpath())
                .containsExactly(dir.resolve("many").resolve("third") + File.separator + "*");
    }

    @Test
    void twoTargetsOfOneNameAreAnErrorNamingBothLocations(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("first");
        Path second = dir.resolve("second");
        PluginJars.build(first, "pluga", "twin");
        PluginJars.build(second, "plugb", "twin");

        assertThatThrownBy(() -> Registry.load(List.of(first, second)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target [twin] is provided twice: by [" + first + "] and by [" + second + "]");
    }

    @Test
    void aPluginCannotShadowABuiltIn(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("shadow");
        PluginJars.build(folder, "pluga", "scripted");

        assertThatThrownBy(() -> Registry.load(List.of(folder)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Target [scripted] is provided twice: by [")
                .hasMessageEndingWith("] and by [" + folder + "]");
    }

    @Test
    void anEmptyPluginFolderAddsNothingAndAFileThatIsNoJarIsRejected(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("empty").resolve("sub"));
        Files.writeString(dir.resolve("notes.txt"), "not a plugin");

        assertThat(Registry.load(List.of(dir.resolve("empty"))).targets())
                .containsExactlyElementsOf(Registry.load(List.of()).targets());
        assertThatThrownBy(() -> Registry.load(List.of(dir.resolve("notes.txt"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Plugin path [" + dir.resolve("notes.txt") + "] is neither a jar nor a folder");
    }
}
