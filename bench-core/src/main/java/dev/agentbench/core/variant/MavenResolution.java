package dev.agentbench.core.variant;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.xml.parsers.DocumentBuilderFactory;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.repository.AuthenticationBuilder;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Resolves artifacts and their runtime dependencies as Maven would, with Apache Maven Resolver: from
 * the user's local repository, and the remote repositories of their Maven settings
 * ({@code ~/.m2/settings.xml}: its {@code localRepository}, {@code offline}, mirrors, servers'
 * user names and passwords, and the repositories of its active profiles), else Maven Central. The
 * system property {@code maven.repo.local} names another local repository, as for {@code mvn}.
 *
 * @param localRepository the local repository
 * @param remotes the remote repositories, mirrors applied
 * @param offline whether only the local repository is read
 */
public record MavenResolution(Path localRepository, List<RemoteRepository> remotes, boolean offline)
        implements VariantFolders.Resolver {

    static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    public MavenResolution {
        Objects.requireNonNull(localRepository, "localRepository");
        remotes = List.copyOf(remotes);
    }

    /**
     * The user's Maven setup: {@code settings} (when it exists) read as the class says.
     *
     * @param offline resolve from the local repository only, whatever the settings say
     */
    public static MavenResolution fromSettings(Path settings, boolean offline) {
        Path home = Path.of(System.getProperty("user.home"));
        Path local = home.resolve(".m2").resolve("repository");
        boolean settingsOffline = false;
        Map<String, String> repositories = new LinkedHashMap<>();
        repositories.put("central", CENTRAL);
        List<String[]> mirrors = new ArrayList<>();
        Map<String, String[]> servers = new LinkedHashMap<>();
        if (settings != null && Files.isRegularFile(settings)) {
            Element root = parse(settings).getDocumentElement();
            String localRepository = text(root, "localRepository");
            if (localRepository != null) {
                local = Path.of(localRepository.replace("${user.home}", home.toString()));
            }
            settingsOffline = "true".equals(text(root, "offline"));
            for (Element server : children(child(root, "servers"), "server")) {
                servers.put(text(server, "id"), new String[] {text(server, "username"), text(server, "password")});
            }
            for (Element mirror : children(child(root, "mirrors"), "mirror")) {
                mirrors.add(new String[] {text(mirror, "id"), text(mirror, "url"), text(mirror, "mirrorOf")});
            }
            List<String> active = new ArrayList<>();
            for (Element id : children(child(root, "activeProfiles"), "activeProfile")) {
                active.add(id.getTextContent().strip());
            }
            for (Element profile : children(child(root, "profiles"), "profile")) {
                Element activation = child(profile, "activation");
                boolean byDefault = activation != null && "true".equals(text(activation, "activeByDefault"));
                if (byDefault || active.contains(text(profile, "id"))) {
                    for (Element repository : children(child(profile, "repositories"), "repository")) {
                        repositories.put(text(repository, "id"), text(repository, "url"));
                    }
                }
            }
        }
        String property = System.getProperty("maven.repo.local");
        if (property != null && !property.isBlank()) {
            local = Path.of(property);
        }
        List<RemoteRepository> remotes = new ArrayList<>();
        for (Map.Entry<String, String> repository : repositories.entrySet()) {
            String id = repository.getKey();
            String url = repository.getValue();
            for (String[] mirror : mirrors) {
                if (mirrors(mirror[2], id)) {
                    id = mirror[0];
                    url = mirror[1];
                    break;
                }
            }
            String finalId = id;
            if (remotes.stream().anyMatch(known -> known.getId().equals(finalId))) {
                continue; // two repositories behind one mirror
            }
            RemoteRepository.Builder builder = new RemoteRepository.Builder(id, "default", url);
            String[] login = servers.get(id);
            if (login != null && login[0] != null) {
                builder.setAuthentication(new AuthenticationBuilder().addUsername(login[0])
                        .addPassword(login[1] == null ? "" : login[1]).build());
            }
            remotes.add(builder.build());
        }
        return new MavenResolution(local.toAbsolutePath().normalize(), remotes, offline || settingsOffline);
    }

    /** The user's settings file: {@code ~/.m2/settings.xml}. */
    public static Path userSettings() {
        return Path.of(System.getProperty("user.home"), ".m2", "settings.xml");
    }

    /**
     * The jars of these artifacts ({@code groupId:artifactId:version}) and of their runtime
     * dependencies, as Maven mediates them.
     *
     * @throws IllegalArgumentException in one line naming the artifact that cannot be resolved and why
     */
    @Override
    public List<ResolvedJar> resolve(List<String> coordinates) {
        RepositorySystem system = new RepositorySystemSupplier().get();
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(localRepository)
                .setOffline(offline)
                .setSystemProperties(System.getProperties())
                .build()) {
            CollectRequest collect = new CollectRequest();
            for (String coordinate : coordinates) {
                collect.addDependency(new Dependency(new DefaultArtifact(coordinate), JavaScopes.RUNTIME));
            }
            collect.setRepositories(remotes);
            DependencyRequest request = new DependencyRequest(collect,
                    DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
            List<ResolvedJar> jars = new ArrayList<>();
            for (ArtifactResult result : system.resolveDependencies(session, request).getArtifactResults()) {
                Artifact artifact = result.getArtifact();
                if ("jar".equals(artifact.getExtension()) && artifact.getPath() != null) {
                    jars.add(new ResolvedJar(artifact.getGroupId(), artifact.getArtifactId(), artifact.getVersion(),
                            artifact.getClassifier(), artifact.getPath()));
                }
            }
            return List.copyOf(jars);
        } catch (Exception e) {
            throw new IllegalArgumentException("Cannot resolve " + coordinates + (offline ? " offline" : "") + ": "
                    + reason(e), e);
        } finally {
            system.shutdown();
        }
    }

    /** A resolved jar. */
    public record ResolvedJar(String groupId, String artifactId, String version, String classifier, Path path) {

        /** Its file name in a plugin folder: {@code groupId.artifactId-version[-classifier].jar}. */
        public String fileName() {
            return groupId + "." + artifactId + "-" + version + (classifier == null || classifier.isEmpty() ? ""
                    : "-" + classifier) + ".jar";
        }
    }

    /** The innermost message of {@code e}, on one line. */
    static String reason(Throwable e) {
        Throwable deepest = e;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String message = deepest.getMessage() == null ? deepest.getClass().getSimpleName() : deepest.getMessage();
        return String.join(" ", message.lines().map(String::strip).filter(line -> !line.isEmpty()).toList());
    }

    /** Whether a mirror's {@code mirrorOf} covers repository {@code id}. */
    static boolean mirrors(String mirrorOf, String id) {
        if (mirrorOf == null) {
            return false;
        }
        boolean covered = false;
        for (String pattern : mirrorOf.split(",")) {
            String p = pattern.strip();
            if (p.equals("!" + id)) {
                return false;
            }
            if (p.equals("*") || p.equals(id) || (p.equals("external:*") && !id.equals("local"))) {
                covered = true;
            }
        }
        return covered;
    }

    private static Document parse(Path settings) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(settings.toFile());
        } catch (Exception e) {
            throw new IllegalArgumentException("Maven settings [" + settings + "] cannot be read: " + reason(e), e);
        }
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (node instanceof Element element && name.equals(element.getTagName())) {
                return element;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element element && name.equals(element.getTagName())) {
                found.add(element);
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        Element element = child(parent, name);
        return element == null ? null : element.getTextContent().strip();
    }
}
