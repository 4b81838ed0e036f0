package dev.agentbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FrameworkVersionTest {

    /** A class to put in jars of each kind, and load from there. */
    public static final class Marker {}

    private static final String MARKER = Marker.class.getName().replace('.', '/') + ".class";

    /** A jar holding {@link Marker}, with the manifest and the pom.properties files given. */
    private static Path jar(Path dir, String implementationVersion, String... pomVersions) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (implementationVersion != null) {
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, implementationVersion);
        }
        Path jar = Files.createTempFile(dir, "framework", ".jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
                InputStream marker = FrameworkVersionTest.class.getClassLoader().getResourceAsStream(MARKER)) {
            out.putNextEntry(new JarEntry(MARKER));
            marker.transferTo(out);
            for (int i = 0; i < pomVersions.length; i++) {
                out.putNextEntry(new JarEntry("META-INF/maven/org.example/part" + i + "/pom.properties"));
                out.write(("groupId=org.example\nartifactId=part" + i + "\nversion=" + pomVersions[i] + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        return jar;
    }

    /** {@link Marker} as loaded from {@code jar} alone. */
    private static Class<?> markerFrom(Path jar) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
        return Class.forName(Marker.class.getName(), false, loader);
    }

    @Test
    void theVersionIsTheJarsMavenVersion(@TempDir Path dir) throws Exception {
        Class<?> marker = markerFrom(jar(dir, "9.9.9", "1.8.0"));

        assertThat(FrameworkVersion.of(marker)).isEqualTo("1.8.0");
        assertThat(FrameworkVersion.implementationVersion(marker)).isEqualTo("9.9.9");
    }

    @Test
    void withoutOneMavenVersionTheManifestSays(@TempDir Path dir) throws Exception {
        assertThat(FrameworkVersion.of(markerFrom(jar(dir, "2.0.1")))).isEqualTo("2.0.1");
        // a shaded jar of several artifacts has no single Maven version
        assertThat(FrameworkVersion.of(markerFrom(jar(dir, "3.1.0", "1.0.0", "2.0.0")))).isEqualTo("3.1.0");
    }

    @Test
    void aJarThatSaysNothingAndAClassFromAFolderAreUnknown(@TempDir Path dir) throws Exception {
        Class<?> silent = markerFrom(jar(dir, null));

        assertThat(FrameworkVersion.of(silent)).isEqualTo(FrameworkVersion.UNKNOWN);
        assertThat(FrameworkVersion.implementationVersion(silent)).isEqualTo(FrameworkVersion.UNKNOWN);
        assertThat(FrameworkVersion.of(Marker.class)).as("loaded from target/test-classes").isEqualTo("unknown");
        assertThat(FrameworkVersion.of(String.class)).as("a JDK class, from no jar").isEqualTo("unknown");
    }

    @Test
    void aTargetSaysItsOwnJarsImplementationVersionByDefault() {
        BenchTarget target = new BenchTarget() {
            @Override
            public String name() {
                return "plain";
            }

            @Override
            public String description() {
                return "Test";
            }

            @Override
            public TargetHandle open(TargetContext context) {
                throw new UnsupportedOperationException();
            }
        };

        assertThat(target.version()).isEqualTo(FrameworkVersion.UNKNOWN); // a class folder has no manifest
    }
}
