package dev.agentbench.api;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Reads a version from the jar a class was loaded from, so that a target says which version of its
 * framework it ran (the jar on the class path, not a constant that can go stale):
 * {@code FrameworkVersion.of(LlmAgent.class)} gives {@code 1.8.0}. Reading loads no class and runs no
 * framework code.
 */
public final class FrameworkVersion {

    /** What a version that cannot be read is reported as. */
    public static final String UNKNOWN = "unknown";

    private FrameworkVersion() {}

    /**
     * The version of the jar {@code type} was loaded from: the Maven {@code pom.properties} inside it
     * (when the jar holds exactly one), else its manifest's {@code Implementation-Version}, else
     * {@code Bundle-Version}; {@link #UNKNOWN} when it holds none, or the class does not come from a
     * jar.
     */
    public static String of(Class<?> type) {
        Path jar = jarOf(type);
        if (jar == null) {
            return UNKNOWN;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            String fromPom = pomVersion(file);
            if (fromPom != null) {
                return fromPom;
            }
            String fromManifest = manifestVersion(file.getManifest());
            return fromManifest != null ? fromManifest : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /**
     * The {@code Implementation-Version} of the manifest of the jar {@code type} was loaded from;
     * {@link #UNKNOWN} when there is none. What {@link BenchTarget#version()} gives by default.
     */
    public static String implementationVersion(Class<?> type) {
        Path jar = jarOf(type);
        if (jar == null) {
            return UNKNOWN;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String version = manifest == null ? null
                    : manifest.getMainAttributes().getValue(Attributes.Name.IMPLEMENTATION_VERSION);
            return version == null || version.isBlank() ? UNKNOWN : version.strip();
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static Path jarOf(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null || !"file".equals(location.getProtocol())) {
            return null;
        }
        try {
            Path path = Path.of(location.toURI());
            return path.toString().endsWith(".jar") ? path : null;
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The version of the only {@code META-INF/maven/<group>/<artifact>/pom.properties} in the jar. */
    private static String pomVersion(JarFile file) throws IOException {
        String found = null;
        var entries = file.entries();
        while (entries.hasMoreElements()) {
            var entry = entries.nextElement();
            String name = entry.getName();
            if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                if (found != null) {
                    return null; // a shaded jar of several artifacts: none of them is the jar's version
                }
                Properties properties = new Properties();
                try (InputStream in = file.getInputStream(entry)) {
                    properties.load(in);
                }
                found = properties.getProperty("version");
                if (found == null || found.isBlank()) {
                    return null;
                }
                found = found.strip();
            }
        }
        return found;
    }

    private static String manifestVersion(Manifest manifest) {
        if (manifest == null) {
            return null;
        }
        for (Attributes.Name name : new Attributes.Name[] {Attributes.Name.IMPLEMENTATION_VERSION,
                new Attributes.Name("Bundle-Version")}) {
            String version = manifest.getMainAttributes().getValue(name);
            if (version != null && !version.isBlank()) {
                return version.strip();
            }
        }
        return null;
    }
}
