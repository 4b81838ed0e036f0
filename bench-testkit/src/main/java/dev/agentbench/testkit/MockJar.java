package dev.agentbench.testkit;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Finds the mock's standalone jar ({@code dev.agentbench:bench-mock}, classifier {@code standalone},
 * which the kit depends on): the jar on the class path that holds {@code MockMain} and names it as
 * its main class. The plain bench-mock jar holds {@code MockMain} too, but it needs Vert.x beside it
 * and has no main class, so it is never taken.
 */
final class MockJar {

    private static final String MAIN_CLASS_FILE = MockProcess.MAIN_CLASS.replace('.', '/') + ".class";

    private static Path found;

    private MockJar() {}

    /** The standalone jar's path; looked up once per JVM. */
    static synchronized Path locate() throws IOException {
        if (found == null) {
            found = search(MockJar.class.getClassLoader());
        }
        return found;
    }

    static Path search(ClassLoader loader) throws IOException {
        List<String> seen = new ArrayList<>();
        Enumeration<URL> resources = loader.getResources(MAIN_CLASS_FILE);
        while (resources.hasMoreElements()) {
            URL url = resources.nextElement();
            seen.add(url.toString());
            URLConnection connection = url.openConnection();
            if (!(connection instanceof JarURLConnection jarConnection)) {
                continue;
            }
            Path jar;
            try {
                jar = Path.of(jarConnection.getJarFileURL().toURI());
            } catch (URISyntaxException | IllegalArgumentException e) {
                continue;
            }
            if (namesTheMockAsMain(jar)) {
                return jar;
            }
        }
        throw new IllegalStateException("The mock's standalone jar (dev.agentbench:bench-mock, classifier standalone)"
                + " is not on the class path; " + MockProcess.MAIN_CLASS + " was found in " + seen
                + ". bench-testkit depends on it; in a build that also builds bench-mock, run the tests at"
                + " phase verify (mvn verify), which makes the jar before the tests need it");
    }

    private static boolean namesTheMockAsMain(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            return manifest != null
                    && MockProcess.MAIN_CLASS.equals(manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS));
        }
    }
}
