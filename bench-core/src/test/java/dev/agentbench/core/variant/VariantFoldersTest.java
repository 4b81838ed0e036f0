package dev.agentbench.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantFoldersTest {

    @TempDir
    Path dir;

    private static final String FRAMEWORK = "groups=dev.fw\nartifacts=dev.fw:fw-core,dev.fw:fw-model\nversion=1.0\n";

    /** A jar with a pom.properties for group:artifact, and the given extra entries. */
    private static Path jar(Path folder, String group, String artifact, String version, Map<String, String> entries)
            throws IOException {
        Files.createDirectories(folder);
        Path jar = folder.resolve(group + "." + artifact + "-" + version + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry("META-INF/maven/" + group + "/" + artifact + "/pom.properties"));
            zip.write(("groupId=" + group + "\nartifactId=" + artifact + "\nversion=" + version + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                zip.putNextEntry(new JarEntry(entry.getKey()));
                zip.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        return jar;
    }

    private Path built() throws IOException {
        Path folder = dir.resolve("plugins/fw");
        jar(folder, "dev.agentbench", "bench-target-fw", "0.1", Map.of(Framework.FILE, FRAMEWORK));
        jar(folder, "dev.fw", "fw-core", "1.0", Map.of());
        jar(folder, "dev.fw.sub", "fw-extra", "1.0", Map.of());
        jar(folder, "org.lib", "lib", "2.0", Map.of());
        return folder;
    }

    private static List<Path> jars(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    private static List<String> names(Path folder) throws IOException {
        return jars(folder).stream().map(p -> p.getFileName().toString()).toList();
    }

    @Test
    void theFrameworksJarsAreReplacedAndTheOthersKeptAsBuilt() throws IOException {
        Path built = built();
        Path repo = dir.resolve("repo");
        List<MavenResolution.ResolvedJar> closure = List.of(
                resolved(repo, "dev.fw", "fw-core", "0.9"), resolved(repo, "dev.fw", "fw-model", "0.9"),
                resolved(repo, "org.lib", "lib", "1.5"), resolved(repo, "org.other", "other", "3.0"));
        List<List<String>> asked = new ArrayList<>();
        VariantFolders folders = new VariantFolders(dir.resolve("cache"), () -> coordinates -> {
            asked.add(coordinates);
            return closure;
        });

        Path variant = folders.folder("fw", built, jars(built), "0.9");

        assertThat(asked).containsExactly(List.of("dev.fw:fw-core:0.9", "dev.fw:fw-model:0.9"));
        assertThat(names(variant)).containsExactly(
                "dev.agentbench.bench-target-fw-0.1.jar", "dev.fw.fw-core-0.9.jar", "dev.fw.fw-model-0.9.jar",
                "org.lib.lib-2.0.jar", "org.other.other-3.0.jar");
        assertThat(variant).isEqualTo(dir.resolve("cache/fw").resolve(variant.getFileName()));
        assertThat(variant.getFileName().toString()).startsWith("0.9-");
        assertThat(variant.resolve(VariantFolders.MARKER)).content().contains("version=0.9");
    }

    @Test
    void aFolderMadeOnceIsReusedWithoutResolving() throws IOException {
        Path built = built();
        Path repo = dir.resolve("repo");
        AtomicInteger resolutions = new AtomicInteger();
        Path core = jarIn(repo, "dev.fw", "fw-core", "0.9");
        VariantFolders folders = new VariantFolders(dir.resolve("cache"), () -> coordinates -> {
            resolutions.incrementAndGet();
            return List.of(new MavenResolution.ResolvedJar("dev.fw", "fw-core", "0.9", "", core));
        });

        Path first = folders.folder("fw", built, jars(built), "0.9");
        Path again = new VariantFolders(dir.resolve("cache"), () -> {
            throw new AssertionError("a cached folder needs no resolver");
        }).folder("fw", built, jars(built), "0.9");

        assertThat(again).isEqualTo(first);
        assertThat(resolutions).hasValue(1);
    }

    @Test
    void whatCannotBeMadeIsRefusedInOneLine() throws IOException {
        Path built = built();
        VariantFolders failing = new VariantFolders(dir.resolve("cache"), () -> coordinates -> {
            throw new IllegalArgumentException("Cannot resolve " + coordinates + " offline: not in the local repository");
        });

        assertThatThrownBy(() -> failing.folder("fw", built, jars(built), "0.8"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target [fw@0.8]: Cannot resolve [dev.fw:fw-core:0.8, dev.fw:fw-model:0.8] offline: not in"
                        + " the local repository");
        assertThatThrownBy(() -> failing.folder("fw", built, jars(built), "1.0/../x"))
                .hasMessageStartingWith("Version [1.0/../x] of target [fw] is not a version");
        Path plain = dir.resolve("plain");
        jar(plain, "org.lib", "lib", "2.0", Map.of());
        assertThatThrownBy(() -> failing.folder("plain", plain, jars(plain), "1.0"))
                .hasMessageContaining("Target [plain] cannot run at another version of its framework")
                .hasMessageContaining(Framework.FILE);
        assertThat(dir.resolve("cache/fw")).doesNotExist();
    }

    private static MavenResolution.ResolvedJar resolved(Path repo, String group, String artifact, String version)
            throws IOException {
        return new MavenResolution.ResolvedJar(group, artifact, version, "", jarIn(repo, group, artifact, version));
    }

    private static Path jarIn(Path repo, String group, String artifact, String version) throws IOException {
        return jar(repo.resolve(group + "-" + artifact), group, artifact, version, Map.of());
    }
}
