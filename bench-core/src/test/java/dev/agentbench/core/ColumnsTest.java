package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.core.variant.JvmFinder;
import dev.agentbench.core.variant.VariantFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColumnsTest {

    @TempDir
    Path dir;

    private final Registry registry = Registry.load(List.of());

    private VariantFolders noResolver() {
        return new VariantFolders(dir.resolve("cache"), () -> {
            throw new AssertionError("nothing to resolve");
        });
    }

    private Path jdk(String name, String version) throws IOException {
        Path java = dir.resolve(name).resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve(name).resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        return dir.resolve(name);
    }

    @Test
    void twoJvmsMakeAColumnOfEachTargetOnEach() throws IOException {
        JvmFinder finder = new JvmFinder(List.of(jdk("a", "17.0.1"), jdk("b", "25.0.1")));

        List<Column> columns = Columns.of(registry, List.of("probe", "sleepy"), List.of("17", "25"), finder, noResolver());

        assertThat(columns).extracting(column -> column.id().toString())
                .containsExactly("probe~java17", "probe~java25", "sleepy~java17", "sleepy~java25");
        assertThat(columns.get(1).jvm().java()).isEqualTo(dir.resolve("b/bin/java"));
        assertThat(columns.get(1).info().target()).isEqualTo("probe");
        assertThat(columns.get(1).info().jvm().feature()).isEqualTo(25);
    }

    @Test
    void oneJvmAddsNoLabel() throws IOException {
        JvmFinder finder = new JvmFinder(List.of(jdk("b", "25.0.1")));

        List<Column> columns = Columns.of(registry, List.of("probe"), List.of("25"), finder, noResolver());

        assertThat(columns).extracting(column -> column.id().toString()).containsExactly("probe");
        assertThat(columns.get(0).jvm().label()).isEqualTo("java25");
    }

    @Test
    void badVariantsAreRefusedNamingThem() throws IOException {
        JvmFinder none = new JvmFinder(List.of());
        assertThatThrownBy(() -> Columns.of(registry, List.of("probe@1.0"), List.of(), none, noResolver()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target [probe@1.0]: [probe] is built into the harness and runs at its own version only");
        assertThatThrownBy(() -> Columns.of(registry, List.of("probe@"), List.of(), none, noResolver()))
                .hasMessageStartingWith("Target [probe@] names no variant after '@'");
        assertThatThrownBy(() -> Columns.of(registry, List.of("nope@1.0"), List.of(), none, noResolver()))
                .hasMessageStartingWith("Unknown target [nope]");
        Path empty = Files.createDirectories(dir.resolve("branch"));
        assertThatThrownBy(() -> Columns.of(registry, List.of("probe@" + empty), List.of(), none, noResolver()))
                .hasMessage("Plugin folder [" + empty + "] of target [probe@" + empty + "] holds no target [probe]; it"
                        + " holds []");
        assertThatThrownBy(() -> Columns.of(registry, List.of("probe@" + dir.resolve("gone")), List.of(), none,
                noResolver())).hasMessageContaining("is not a folder");
        assertThatThrownBy(() -> Columns.of(registry, List.of("probe", "probe"), List.of(), none, noResolver()))
                .hasMessage("Target [probe] is listed twice");
        assertThatThrownBy(() -> Columns.of(registry, List.of("probe"), List.of("99"), none, noResolver()))
                .hasMessageStartingWith("JVM [99] is not found");
    }

    @Test
    void aTargetsOwnNameHoldsNoVariantMarks() {
        assertThatThrownBy(() -> Registry.refuseVariantMarks("my@target", "/plugins/x"))
                .hasMessageStartingWith("Target name [my@target] from [/plugins/x] must hold no '@' or '~'");
        assertThatThrownBy(() -> Registry.refuseVariantMarks("a~b", "/plugins/x")).hasMessageContaining("[a~b]");
    }
}
