package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run finds the harness its JVMs start from, and the plugins folder beside it. */
class HarnessTest {

    @TempDir
    Path dir;

    @Test
    void withoutTheHarnessJarOrThePropertyTheErrorSaysWhereCoreWasLoadedFromAndHowToNameTheHarness() {
        String property = System.clearProperty(Harness.PROPERTY);
        try {
            assertThat(Harness.jar()).as("in tests, core is loaded from class folders").isEmpty();
            assertThatThrownBy(Harness::classpath)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("No harness jar: agentbench's core is loaded from [")
                    .hasMessageContaining("not from bench-cli.jar")
                    .hasMessageContaining("-D" + Harness.PROPERTY + "=")
                    .hasMessageNotContaining("\n");
            assertThatThrownBy(() -> BenchOptions.builder().build()).hasMessageStartingWith("No harness jar");
        } finally {
            if (property != null) {
                System.setProperty(Harness.PROPERTY, property);
            }
        }
    }

    @Test
    void aHarnessClassPathWithoutTheCellsMainClassIsRefusedAtBuild() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("classes"));

        assertThatThrownBy(() -> BenchOptions.builder().harnessClasspath(empty.toString()).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Harness class path [" + empty + "] has no dev.agentbench.core.child.ChildMain; it must hold "
                        + "the cells' and the mock's main classes, as bench-cli.jar does");
    }

    @Test
    void aHarnessClassPathWithoutTheMockIsRefusedAtBuild() {
        String harness = System.getProperty(Harness.PROPERTY);

        assertThatThrownBy(() -> BenchOptions.builder().harnessClasspath(harness).mockMainClass("com.example.NoMock")
                .build())
                .hasMessageContaining("has no com.example.NoMock");
    }

    @Test
    void aMissingHarnessClassPathEntryIsNamed() {
        Path missing = dir.resolve("no-such.jar");

        assertThatThrownBy(() -> BenchOptions.builder().harnessClasspath(missing + File.pathSeparator
                + System.getProperty(Harness.PROPERTY)).build())
                .hasMessage("Harness class path entry [" + missing + "] does not exist");
    }

    @Test
    void thePluginsFolderBesideAHarnessJarComesFirstThenTheUsersPathsOnce() throws Exception {
        Path jar = Files.writeString(dir.resolve("bench-cli.jar"), "");
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Path mine = Files.createDirectories(dir.resolve("mine"));

        assertThat(Harness.pluginPaths(jar.toString(), List.of(mine, plugins)))
                .containsExactly(plugins.toAbsolutePath().normalize(), mine);
        assertThat(Harness.pluginPaths(jar + File.pathSeparator + mine, List.of(mine)))
                .as("a class path of several entries has no folder beside it").containsExactly(mine);
        Files.delete(plugins);
        assertThat(Harness.pluginPaths(jar.toString(), List.of(mine))).as("no plugins folder").containsExactly(mine);
    }

    @Test
    void aRunLooksInThePluginsFolderBesideItsHarnessJarUnlessTurnedOff() throws Exception {
        Path jar = dir.resolve("bench-cli.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String main : List.of(Harness.CHILD_MAIN, Defaults.MOCK_MAIN_CLASS)) {
                out.putNextEntry(new JarEntry(main.replace('.', '/') + ".class"));
                out.closeEntry();
            }
        }
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Path mine = Files.createDirectories(dir.resolve("mine"));

        assertThat(BenchOptions.builder().harnessClasspath(jar.toString()).pluginDirs(List.of(mine)).build().pluginDirs())
                .containsExactly(plugins.toAbsolutePath().normalize(), mine);
        assertThat(BenchOptions.builder().harnessClasspath(jar.toString()).pluginDirs(List.of(mine)).defaultPlugins(false)
                .build().pluginDirs()).containsExactly(mine);
    }
}
