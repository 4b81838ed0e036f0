package dev.agentbench.core;

import dev.agentbench.api.result.TargetId;
import dev.agentbench.core.variant.Jvm;
import dev.agentbench.core.variant.JvmFinder;
import dev.agentbench.core.variant.MavenResolution;
import dev.agentbench.core.variant.VariantFolders;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of a run from {@code --targets} and {@code --jvm}: each target, as built
 * ({@code langchain4j}), at another version of its framework ({@code langchain4j@1.16.1}) or from
 * another plugin folder ({@code langchain4j@/path/to/folder}, column {@code langchain4j@folder}), on
 * each JVM when there are two or more ({@code ~java17}, {@code ~java25}). Columns come in the order
 * of {@code --targets}, each target's on every JVM in the order of {@code --jvm}.
 */
final class Columns {

    private Columns() {}

    /**
     * The columns of these options.
     *
     * @throws IllegalArgumentException in one line for an unknown target, a variant that cannot be
     *     made, a JVM that is not found, or two columns of one id
     */
    static List<Column> of(Registry registry, BenchOptions options) {
        return of(registry, options.targets(), options.jvms(), JvmFinder.standard(),
                new VariantFolders(options.variantCache(),
                        () -> MavenResolution.fromSettings(MavenResolution.userSettings(), options.offline())));
    }

    static List<Column> of(Registry registry, List<String> targets, List<String> jvmSpecs, JvmFinder finder,
            VariantFolders variants) {
        OptionChecks.names("Target", targets);
        List<Jvm> jvms = jvmSpecs.isEmpty() ? List.of() : finder.find(jvmSpecs);
        List<Column> asBuilt = new ArrayList<>();
        if (BenchOptions.everyOne(targets)) {
            registry.targets().forEach(target -> asBuilt.add(new Column(TargetId.of(target.name()), target, null, null)));
        } else {
            for (String spec : targets) {
                asBuilt.add(column(registry, spec, variants));
            }
        }
        Map<String, Column> columns = new LinkedHashMap<>();
        for (Column column : asBuilt) {
            List<Jvm> on = jvms.isEmpty() ? java.util.Collections.singletonList(null) : jvms;
            for (Jvm jvm : on) {
                TargetId id = jvms.size() > 1 ? column.id().withJvm(jvm.label()) : column.id();
                TargetDescriptor t = column.target();
                Column placed = new Column(id, new TargetDescriptor(id.toString(), t.description(), t.version(),
                        t.location(), t.classpath()), column.asked(), jvm);
                if (columns.putIfAbsent(id.toString(), placed) != null) {
                    throw new IllegalArgumentException("Target [" + id + "] is asked twice");
                }
            }
        }
        return List.copyOf(columns.values());
    }

    /** The column of one {@code --targets} entry, on the run's JVM. */
    private static Column column(Registry registry, String spec, VariantFolders variants) {
        int at = spec.indexOf(TargetId.VARIANT);
        if (at < 0) {
            TargetDescriptor target = registry.target(spec);
            return new Column(TargetId.of(target.name()), target, null, null);
        }
        String name = spec.substring(0, at);
        String asked = spec.substring(at + 1);
        if (asked.isBlank()) {
            throw new IllegalArgumentException("Target [" + spec + "] names no variant after '@': a version or a plugin"
                    + " folder");
        }
        TargetDescriptor base = registry.target(name);
        if (isFolder(asked)) {
            Path folder = Path.of(asked).toAbsolutePath().normalize();
            if (!Files.isDirectory(folder)) {
                throw new IllegalArgumentException("Plugin folder [" + asked + "] of target [" + spec
                        + "] is not a folder");
            }
            String label = folder.getFileName() == null ? "" : folder.getFileName().toString();
            TargetId id = variantId(spec, name, label);
            return new Column(id, loaded(folder, base, id, spec), asked, null);
        }
        TargetId id = variantId(spec, name, asked);
        if (base.builtIn()) {
            throw new IllegalArgumentException("Target [" + spec + "]: [" + name + "] is built into the harness and"
                    + " runs at its own version only");
        }
        Path builtFolder = Path.of(base.location());
        List<Path> builtJars = jarsOf(base);
        Path folder = variants.folder(name, builtFolder, builtJars, asked);
        return new Column(id, loaded(folder, base, id, spec), asked, null);
    }

    private static TargetId variantId(String spec, String name, String variant) {
        try {
            return new TargetId(name, variant, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Target [" + spec + "]: variant [" + variant + "] must hold no '"
                    + TargetId.VARIANT + "' or '" + TargetId.JVM + "'", e);
        }
    }

    /** The target {@code base.name()} as the folder's class loader finds it, named {@code id}. */
    private static TargetDescriptor loaded(Path folder, TargetDescriptor base, TargetId id, String spec) {
        Registry variant = Registry.load(List.of(folder));
        List<TargetDescriptor> plugins = variant.targets().stream().filter(t -> !t.builtIn()).toList();
        TargetDescriptor found = plugins.stream().filter(t -> t.name().equals(base.name())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Plugin folder [" + folder + "] of target [" + spec
                        + "] holds no target [" + base.name() + "]; it holds "
                        + plugins.stream().map(TargetDescriptor::name).toList()));
        return new TargetDescriptor(id.toString(), found.description(), found.version(), found.location(),
                found.classpath());
    }

    /** The jars of a plugin target's folder (or its one jar). */
    private static List<Path> jarsOf(TargetDescriptor target) {
        Path location = Path.of(target.location());
        return PluginPath.resolve(location).stream().flatMap(plugin -> plugin.jars().stream()).toList();
    }

    /** Whether what follows {@code @} is a folder rather than a version: a path, or an existing folder. */
    static boolean isFolder(String asked) {
        return asked.contains("/") || asked.contains(File.separator) || asked.startsWith(".")
                || Files.isDirectory(Path.of(asked));
    }
}
