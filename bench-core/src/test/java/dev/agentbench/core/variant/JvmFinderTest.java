package dev.agentbench.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmFinderTest {

    @TempDir
    Path dir;

    /** A JDK home as far as the finder looks: an executable bin/java and a release file. */
    private Path jdk(String name, String version) throws IOException {
        Path home = dir.resolve(name);
        Path java = home.resolve("bin").resolve("java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void aFeatureVersionIsTheFirstJdkOfThatVersion() throws IOException {
        Path seventeen = jdk("jdk-17", "17.0.15");
        Path twentyFive = jdk("jdk-25", "25.0.3");
        Path other25 = jdk("other-25", "25.0.1");
        JvmFinder finder = new JvmFinder(List.of(dir.resolve("missing"), seventeen, twentyFive, other25));

        List<Jvm> found = finder.find(List.of("25", "17"));

        assertThat(found).extracting(Jvm::label).containsExactly("java25", "java17");
        assertThat(found.get(0).java()).isEqualTo(twentyFive.resolve("bin/java").toAbsolutePath().normalize());
        assertThat(found.get(0).runtime().vmVersion()).isEqualTo("25.0.3");
        assertThat(found.get(1).runtime().javaHome()).isEqualTo(seventeen.toRealPath().toString());
    }

    @Test
    void aPathIsAJdkHomeOrItsJava() throws IOException {
        Path home = jdk("some-jdk", "21.0.2");
        JvmFinder finder = new JvmFinder(List.of());

        assertThat(finder.find(home.toString()).runtime().feature()).isEqualTo(21);
        assertThat(finder.find(home.resolve("bin/java").toString()).runtime().feature()).isEqualTo(21);
        assertThat(finder.find(jdk("old", "1.8.0_392").toString()).runtime().feature()).isEqualTo(8);
    }

    @Test
    void aJvmNotFoundIsRefusedNamingIt() throws IOException {
        JvmFinder finder = new JvmFinder(List.of(jdk("jdk-17", "17.0.15")));

        assertThatThrownBy(() -> finder.find("21")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("JVM [21] is not found: no Java 21 JDK")
                .hasMessageContaining("17 at ");
        assertThatThrownBy(() -> finder.find(dir.resolve("nowhere").toString()))
                .hasMessageContaining("JVM [" + dir.resolve("nowhere") + "] is not found");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> finder.find(empty.toString())).hasMessageContaining("no JDK home");
    }

    @Test
    void twoJvmsOfOneFeatureVersionAreRefused() throws IOException {
        Path a = jdk("a", "25.0.1");
        Path b = jdk("b", "25.0.3");
        JvmFinder finder = new JvmFinder(List.of(a));

        assertThatThrownBy(() -> finder.find(List.of(a.toString(), b.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("JVMs [" + a + "] and [" + b + "] are both Java 25; a run takes one JVM of each feature"
                        + " version");
        assertThatThrownBy(() -> finder.find(List.of("25", b.toString()))).hasMessageContaining("both Java 25");
    }
}
