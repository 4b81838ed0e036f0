package dev.agentbench.core.variant;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * What a target says of the framework it drives, so that it can be run at another version: the
 * file {@value #FILE} in one of its plugin folder's jars, written when the target is built.
 *
 * <pre>
 * groups=dev.langchain4j
 * artifacts=dev.langchain4j:langchain4j,dev.langchain4j:langchain4j-open-ai
 * version=1.19.0
 * </pre>
 *
 * @param groups the framework's group ids: a jar of one of them (or of a group under one) is the
 *     framework's, replaced in a variant
 * @param artifacts the artifacts the target depends on, {@code groupId:artifactId}, resolved at the
 *     variant's version with their dependencies
 * @param version the version the target was built with
 */
public record Framework(List<String> groups, List<String> artifacts, String version) {

    /** The file in a target's jar that says what its framework is. */
    public static final String FILE = "META-INF/agentbench/framework.properties";

    public Framework {
        groups = List.copyOf(groups);
        artifacts = List.copyOf(artifacts);
        if (groups.isEmpty() || artifacts.isEmpty()) {
            throw new IllegalArgumentException(FILE + " must name the framework's groups and artifacts");
        }
        for (String artifact : artifacts) {
            if (artifact.split(":", -1).length != 2 || artifact.startsWith(":") || artifact.endsWith(":")) {
                throw new IllegalArgumentException(FILE + ": artifact [" + artifact + "] must be groupId:artifactId");
            }
        }
    }

    /** Whether an artifact of {@code groupId} is the framework's. */
    public boolean owns(String groupId) {
        return groups.stream().anyMatch(group -> groupId.equals(group) || groupId.startsWith(group + "."));
    }

    /** The artifacts at {@code version}: {@code groupId:artifactId:version} each. */
    public List<String> at(String version) {
        return artifacts.stream().map(artifact -> artifact + ":" + version).toList();
    }

    /**
     * The framework file of the first of these jars that holds one.
     *
     * @throws IllegalArgumentException when the file is there but unreadable or incomplete
     */
    public static Optional<Framework> in(List<Path> jars) {
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                JarEntry entry = file.getJarEntry(FILE);
                if (entry == null) {
                    continue;
                }
                Properties properties = new Properties();
                try (InputStream in = file.getInputStream(entry)) {
                    properties.load(in);
                }
                return Optional.of(new Framework(list(properties, "groups"), list(properties, "artifacts"),
                        properties.getProperty("version", "unknown").strip()));
            } catch (IOException e) {
                throw new IllegalArgumentException("Cannot read " + FILE + " in [" + jar + "]: " + e.getMessage(), e);
            }
        }
        return Optional.empty();
    }

    private static List<String> list(Properties properties, String key) {
        String value = properties.getProperty(key, "");
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
