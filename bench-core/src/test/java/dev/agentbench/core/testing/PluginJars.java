package dev.agentbench.core.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds a real plugin jar at test time: a target class compiled here, so that it is on no class
 * path but the plugin's own, with its {@code META-INF/services} entry.
 */
public final class PluginJars {

    /** The {@code Implementation-Version} of every plugin jar built here: what its target's {@code version()} says. */
    public static final String VERSION = "4.5.6";

    private PluginJars() {}

    /**
     * Compiles a target named {@code targetName} (class {@code pkg.PluggedTarget}) into
     * {@code folder/plugin.jar}.
     */
    public static Path build(Path folder, String pkg, String targetName) throws IOException {
        Path src = Files.createTempDirectory("plugin-src");
        Path classes = Files.createTempDirectory("plugin-classes");
        Path source = src.resolve(pkg).resolve("PluggedTarget.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package %s;

                import dev.agentbench.api.*;
                import java.util.concurrent.ConcurrentHashMap;

                public final class PluggedTarget implements BenchTarget {
                    public String name() { return "%s"; }
                    public String description() { return "Test plugin target"; }
                    public TargetHandle open(TargetContext context) {
                        ConcurrentHashMap<String, Integer> turns = new ConcurrentHashMap<>();
                        return new TargetHandle() {
                            public TurnResult runTurn(String user, String session, String message) {
                                int turn = turns.merge(session, 1, Integer::sum) - 1;
                                return TurnResult.text(context.script().turns().get(turn).finalText());
                            }
                            public void deleteSession(String user, String session) { turns.remove(session); }
                            public void close() {}
                        };
                    }
                }
                """.formatted(pkg, targetName));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), source.toString());
        if (status != 0) {
            throw new IllegalStateException("Cannot compile the test plugin");
        }
        Files.createDirectories(folder);
        Path jar = folder.resolve("plugin.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, VERSION);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/dev.agentbench.api.BenchTarget"));
            OutputStream entry = out;
            entry.write((pkg + ".PluggedTarget\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    /** Every class path entry of this JVM that exists, for tests that check argv. */
    public static List<String> classpath() {
        return List.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator));
    }
}
