package dev.agentbench.core.variant;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The plugin folder of a target at another version of its framework ({@code langchain4j@1.16.1}):
 * the target's folder as built, with the framework's jars (those of the groups its {@link Framework}
 * file names) replaced by the jars of the framework's artifacts at that version and their runtime
 * dependencies. A dependency the built folder already has (same group and artifact) is kept as
 * built; one it lacks is added at the version resolved.
 *
 * <p>Folders are kept in the cache, {@code <cache>/<target>/<version>-<key>}, where the key changes
 * with the built folder's jars, so a run after the first needs no resolution (and no network), and a
 * rebuilt target gets a new folder. A folder is complete once its {@value #MARKER} file exists.
 */
public final class VariantFolders {

    /** The file written last in a complete variant folder: what it was made from. */
    public static final String MARKER = "variant.properties";

    private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    /** Resolves artifacts ({@code groupId:artifactId:version}) with their runtime dependencies. */
    @FunctionalInterface
    public interface Resolver {

        /** @throws IllegalArgumentException in one line naming what cannot be resolved */
        List<MavenResolution.ResolvedJar> resolve(List<String> coordinates);
    }

    private final Path cache;
    private final Supplier<? extends Resolver> maven;

    /**
     * @param cache where variant folders are kept between runs
     * @param maven how to resolve, asked only when a folder is not in the cache yet
     */
    public VariantFolders(Path cache, Supplier<? extends Resolver> maven) {
        this.cache = cache.toAbsolutePath().normalize();
        this.maven = maven;
    }

    /**
     * The folder of {@code target} at framework {@code version}, made now when the cache has none.
     *
     * @param builtJars the jars of the target's plugin folder as built
     * @throws IllegalArgumentException in one line: a bad version, a target that names no framework,
     *     or an artifact that cannot be resolved
     */
    public Path folder(String target, Path builtFolder, List<Path> builtJars, String version) {
        if (!VERSION.matcher(version).matches()) {
            throw new IllegalArgumentException("Version [" + version + "] of target [" + target
                    + "] is not a version (letters, digits, '.', '-', '_', '+')");
        }
        Framework framework = Framework.in(builtJars).orElseThrow(() -> new IllegalArgumentException("Target ["
                + target + "] cannot run at another version of its framework: its plugin folder [" + builtFolder
                + "] has no " + Framework.FILE + " naming the framework's artifacts"));
        Path folder = cache.resolve(target).resolve(version + "-" + key(builtJars, version));
        if (Files.isRegularFile(folder.resolve(MARKER))) {
            return folder;
        }
        List<MavenResolution.ResolvedJar> resolved;
        try {
            resolved = maven.get().resolve(framework.at(version));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Target [" + target + "@" + version + "]: " + e.getMessage(), e);
        }
        try {
            return make(folder, framework, builtJars, resolved, target, version);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the variant folder [" + folder + "]: " + e.getMessage(), e);
        }
    }

    private static Path make(Path folder, Framework framework, List<Path> builtJars,
            List<MavenResolution.ResolvedJar> resolved, String target, String version) throws IOException {
        Files.createDirectories(folder.getParent());
        Path temp = Files.createTempDirectory(folder.getParent(), "." + version + "-");
        try {
            Set<String> kept = new HashSet<>();
            List<String> replaced = new ArrayList<>();
            for (Path jar : builtJars) {
                Optional<String[]> id = mavenId(jar);
                String group = id.map(ga -> ga[0]).orElse(null);
                boolean frameworks = group != null ? framework.owns(group)
                        : framework.groups().stream().anyMatch(g -> jar.getFileName().toString().startsWith(g + "."));
                if (frameworks) {
                    replaced.add(jar.getFileName().toString());
                    continue;
                }
                id.ifPresent(ga -> kept.add(ga[0] + ":" + ga[1]));
                Files.copy(jar, temp.resolve(jar.getFileName()));
            }
            List<String> added = new ArrayList<>();
            for (MavenResolution.ResolvedJar jar : resolved) {
                if (framework.owns(jar.groupId()) || !kept.contains(jar.groupId() + ":" + jar.artifactId())) {
                    Files.copy(jar.path(), temp.resolve(jar.fileName()), StandardCopyOption.REPLACE_EXISTING);
                    added.add(jar.fileName());
                }
            }
            Properties marker = new Properties();
            marker.setProperty("target", target);
            marker.setProperty("version", version);
            marker.setProperty("replaced", String.join(",", replaced));
            marker.setProperty("added", String.join(",", added));
            try (var out = Files.newBufferedWriter(temp.resolve(MARKER), StandardCharsets.UTF_8)) {
                marker.store(out, "agentbench: target " + target + " at framework version " + version);
            }
            try {
                Files.move(temp, folder, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                if (!Files.isRegularFile(folder.resolve(MARKER))) {
                    throw e;
                } // another run made it meanwhile
            } catch (IOException e) {
                if (!Files.isRegularFile(folder.resolve(MARKER))) {
                    throw e;
                }
            }
            return folder;
        } finally {
            delete(temp);
        }
    }

    /** A jar's {@code groupId} and {@code artifactId}, when it holds exactly one Maven {@code pom.properties}. */
    static Optional<String[]> mavenId(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            List<JarEntry> poms = file.stream()
                    .filter(entry -> entry.getName().startsWith("META-INF/maven/")
                            && entry.getName().endsWith("/pom.properties"))
                    .toList();
            if (poms.size() != 1) {
                return Optional.empty();
            }
            Properties properties = new Properties();
            try (InputStream in = file.getInputStream(poms.get(0))) {
                properties.load(in);
            }
            String group = properties.getProperty("groupId");
            String artifact = properties.getProperty("artifactId");
            return group == null || artifact == null ? Optional.empty() : Optional.of(new String[] {group, artifact});
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** What a variant folder depends on: the version, and each built jar's name and size. */
    private static String key(List<Path> builtJars, String version) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(version.getBytes(StandardCharsets.UTF_8));
            for (Path jar : builtJars.stream().sorted().toList()) {
                digest.update(("\n" + jar.getFileName() + " " + Files.size(jar) + " "
                        + Files.getLastModifiedTime(jar).toMillis()).getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException | IOException e) {
            throw new IllegalArgumentException("Cannot read the plugin folder's jars: " + e.getMessage(), e);
        }
    }

    private static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
