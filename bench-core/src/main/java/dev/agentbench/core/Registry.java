package dev.agentbench.core;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.Spelling;
import dev.agentbench.api.result.TargetId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * The targets and benchmarks a run can see, found with {@link ServiceLoader}: the built-ins on the
 * harness class path, then each plugin in a class loader of its own (so that two frameworks never
 * meet in one class loader, as they never meet in one child JVM).
 *
 * <p>A plugin path is a target's folder of jars, a single jar, or a folder whose sub-folders are
 * such folders (like {@code bench-cli/target/plugins}). Two targets, or two benchmarks, of one name
 * are an error that names both locations, and so is a target or benchmark named
 * {@link BenchOptions#ALL}: that name selects every one.
 */
public final class Registry {

    private static final Pattern CONCURRENCY_SUFFIX = Pattern.compile(".*_c[0-9]+");

    private final Map<String, TargetDescriptor> targets;
    private final Map<String, BenchmarkDescriptor> benchmarks;

    private Registry(Map<String, TargetDescriptor> targets, Map<String, BenchmarkDescriptor> benchmarks) {
        this.targets = targets;
        this.benchmarks = benchmarks;
    }

    /**
     * Scans the harness class path and the given plugin paths.
     *
     * @throws IllegalArgumentException for an unusable plugin path, a provider that cannot be
     *     loaded, or two providers of one name
     */
    public static Registry load(List<Path> pluginPaths) {
        return load(pluginPaths, Map.of());
    }

    /**
     * Scans the harness class path and the given plugin paths, and plans each benchmark's variants with
     * {@code params}: for a benchmark that declares one of them, the user's values replace its defaults
     * ({@link BenchmarkDescriptor#variants()}). A benchmark that refuses a value is kept, with the
     * refusal ({@link BenchmarkDescriptor#refused()}), for the run to refuse if it selects it.
     *
     * @param params each parameter's values as the user gave them ({@code --param}), checked already
     */
    public static Registry load(List<Path> pluginPaths, Map<String, List<String>> params) {
        return load(Registry.class.getClassLoader(), pluginPaths, params);
    }

    static Registry load(ClassLoader harness, List<Path> pluginPaths) {
        return load(harness, pluginPaths, Map.of());
    }

    static Registry load(ClassLoader harness, List<Path> pluginPaths, Map<String, List<String>> params) {
        Map<String, TargetDescriptor> targets = new LinkedHashMap<>();
        Map<String, BenchmarkDescriptor> benchmarks = new LinkedHashMap<>();
        scan(harness, null, targets, benchmarks, params);
        for (Path path : pluginPaths) {
            for (PluginPath plugin : plugins(path)) {
                for (Path jar : plugin.jars()) {
                    checkJar(jar);
                }
                try (URLClassLoader loader = new URLClassLoader(
                        "agentbench-plugin-" + plugin.path().getFileName(), plugin.urls(), harness)) {
                    scan(loader, plugin, targets, benchmarks, params);
                } catch (IOException e) {
                    throw new UncheckedIOException("Cannot close the class loader of plugin [" + plugin.path() + "]", e);
                }
            }
        }
        // Targets by name; benchmarks in the order they were found: the built-ins' services file lists
        // them in report order, so a run with no --benchmarks plans them in that order.
        return new Registry(sorted(targets), benchmarks);
    }

    /** The plugins a user-given path holds, or one line saying why it cannot be read. */
    private static List<PluginPath> plugins(Path path) {
        if (!Files.exists(path)) {
            throw new IllegalArgumentException("Plugin path [" + path + "] does not exist");
        }
        if (!Files.isReadable(path)) {
            throw new IllegalArgumentException("Plugin path [" + path + "] is not readable");
        }
        try {
            return PluginPath.resolve(path);
        } catch (IllegalArgumentException e) {
            if (e.getCause() instanceof AccessDeniedException denied) {
                throw new IllegalArgumentException("Plugin folder [" + denied.getFile() + "] is not readable", e);
            }
            if (e.getCause() instanceof IOException io) {
                throw new IllegalArgumentException("Plugin path [" + path + "] cannot be read: " + io.getMessage(), e);
            }
            throw e;
        }
    }

    /**
     * What the target says its framework's version is; {@code unknown (version() failed: ...)} when
     * asking throws, so that a target with a broken version() still runs.
     */
    private static String versionOf(BenchTarget target) {
        try {
            String version = target.version();
            return version == null || version.isBlank() ? FrameworkVersion.UNKNOWN : version.strip();
        } catch (RuntimeException | LinkageError e) {
            return FrameworkVersion.UNKNOWN + " (version() failed: " + e + ")";
        }
    }

    /** A plugin's jar is a jar: a file that is not (a broken download, say) is refused by name, never skipped. */
    private static void checkJar(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            file.getManifest(); // reads the central directory
        } catch (java.nio.file.AccessDeniedException | java.io.FileNotFoundException e) {
            throw new IllegalArgumentException("Plugin jar [" + jar + "] is not readable", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Plugin jar [" + jar + "] is not a readable jar: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    private static void scan(ClassLoader loader, PluginPath plugin,
            Map<String, TargetDescriptor> targets, Map<String, BenchmarkDescriptor> benchmarks,
            Map<String, List<String>> params) {
        List<String> classpath = plugin == null ? List.of() : List.of(plugin.classpathEntry());
        for (BenchTarget target : providers(BenchTarget.class, loader, plugin)) {
            String location = location(target.getClass(), plugin);
            refuseAll("Target", target.name(), location);
            refuseVariantMarks(target.name(), location);
            TargetDescriptor found = new TargetDescriptor(target.name(), target.description(), versionOf(target),
                    location, classpath);
            TargetDescriptor before = targets.putIfAbsent(found.name(), found);
            if (before != null) {
                throw new IllegalArgumentException("Target [" + found.name() + "] is provided twice: by ["
                        + before.location() + "] and by [" + location + "]");
            }
        }
        for (Benchmark benchmark : providers(Benchmark.class, loader, plugin)) {
            String location = location(benchmark.getClass(), plugin);
            refuseAll("Benchmark", benchmark.name(), location);
            if (CONCURRENCY_SUFFIX.matcher(benchmark.name()).matches()) {
                throw new IllegalArgumentException("Benchmark name [" + benchmark.name() + "] from [" + location
                        + "] must not end in _c<N>: that suffix names concurrency variants");
            }
            BenchmarkDescriptor found = describe(benchmark, location, classpath, params);
            BenchmarkDescriptor before = benchmarks.putIfAbsent(found.name(), found);
            if (before != null) {
                throw new IllegalArgumentException("Benchmark [" + found.name() + "] is provided twice: by ["
                        + before.location() + "] and by [" + location + "]");
            }
        }
    }

    /**
     * What the run sees of {@code benchmark}: one variant per combination of its parameters' values,
     * each with the script {@link Benchmark#with} gives for them, made while the plugin's class loader
     * is open. The first value a benchmark refuses ends its variants and is kept as its refusal.
     */
    static BenchmarkDescriptor describe(Benchmark benchmark, String location, List<String> classpath,
            Map<String, List<String>> params) {
        List<dev.agentbench.api.Parameter> parameters = benchmark.parameters();
        List<BenchmarkDescriptor.Variant> variants = new ArrayList<>();
        String refused = null;
        for (Map<String, String> values : Parameters.combinations(parameters, params)) {
            Map<String, String> named = Parameters.named(parameters, values, params.keySet());
            if (values.isEmpty()) {
                variants.add(new BenchmarkDescriptor.Variant(values, named, benchmark.script(),
                        benchmark.preparedTurns()));
                continue;
            }
            try {
                Benchmark set = benchmark.with(values);
                variants.add(new BenchmarkDescriptor.Variant(values, named, new dev.agentbench.api.script.Script(
                        BenchmarkDescriptor.Variant.scriptName(benchmark.name(), values), set.script().turns()),
                        set.preparedTurns()));
            } catch (RuntimeException e) {
                refused = "Benchmark [" + benchmark.name() + "] cannot run with " + Parameters.format(values) + ": "
                        + (e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(""));
                break;
            }
        }
        dev.agentbench.api.script.Script first = variants.isEmpty() ? benchmark.script() : variants.get(0).script();
        return new BenchmarkDescriptor(benchmark.name(), benchmark.description(), benchmark.supportsConcurrency(),
                location, classpath, benchmark.kind(), first, parameters, variants, refused);
    }

    /** No provider may take the name that selects every target or benchmark: {@code --targets all} stays unambiguous. */
    static void refuseAll(String kind, String name, String location) {
        if (BenchOptions.ALL.equals(name)) {
            throw new IllegalArgumentException(kind + " name [" + name + "] from [" + location + "] is reserved: "
                    + BenchOptions.ALL + " selects every " + kind.toLowerCase(Locale.ROOT) + " found");
        }
    }

    /** A target's own name holds neither {@code @} nor {@code ~}: they mark a column's variant and JVM. */
    static void refuseVariantMarks(String name, String location) {
        if (name != null && (name.indexOf(TargetId.VARIANT) >= 0 || name.indexOf(TargetId.JVM) >= 0)) {
            throw new IllegalArgumentException("Target name [" + name + "] from [" + location + "] must hold no '"
                    + TargetId.VARIANT + "' or '" + TargetId.JVM + "': they mark a variant (langchain4j@1.16.1) and"
                    + " a JVM (raw~java25)");
        }
    }

    /** The providers {@code loader} itself defines: a plugin loader's parent's are built-ins. */
    private static <T> List<T> providers(Class<T> type, ClassLoader loader, PluginPath plugin) {
        String where = plugin == null ? "the harness class path" : "plugin [" + plugin.path() + "]";
        List<T> found = new ArrayList<>();
        try {
            for (ServiceLoader.Provider<T> provider : ServiceLoader.load(type, loader).stream().toList()) {
                if (plugin == null || provider.type().getClassLoader() == loader) {
                    found.add(provider.get());
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("Cannot load a " + type.getSimpleName() + " from " + where + ": "
                    + e.getMessage(), e);
        } catch (LinkageError e) {
            // a plugin built against classes this harness does not have (another bench-api, say)
            throw new IllegalArgumentException("Cannot load a " + type.getSimpleName() + " from " + where + ": "
                    + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
        return found;
    }

    private static String location(Class<?> type, PluginPath plugin) {
        if (plugin != null) {
            return plugin.path().toString();
        }
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "built-in (" + type.getName() + ")";
        }
        try {
            return Path.of(source.getLocation().toURI()).toString();
        } catch (Exception e) {
            return source.getLocation().toString();
        }
    }

    private static <V> Map<String, V> sorted(Map<String, V> byName) {
        Map<String, V> sorted = new LinkedHashMap<>();
        byName.keySet().stream().sorted(Comparator.naturalOrder()).forEach(name -> sorted.put(name, byName.get(name)));
        return sorted;
    }

    /** Every target, by name. */
    public List<TargetDescriptor> targets() {
        return List.copyOf(targets.values());
    }

    /** Every benchmark, in the order found (the built-ins in report order). */
    public List<BenchmarkDescriptor> benchmarks() {
        return List.copyOf(benchmarks.values());
    }

    /**
     * The targets of these names, in this order; every target when {@code names} is empty or
     * {@link BenchOptions#ALL} alone.
     *
     * @throws IllegalArgumentException for an unknown name ({@code Unknown target [foo]; known
     *     targets: [noop, raw]}), a name listed twice, or {@code all} among other names
     */
    public List<TargetDescriptor> targets(List<String> names) {
        OptionChecks.names("Target", names);
        return BenchOptions.everyOne(names) ? targets() : names.stream().map(this::target).toList();
    }

    /**
     * The benchmarks of these names, in this order; every benchmark, in the order found, when
     * {@code names} is empty or {@link BenchOptions#ALL} alone.
     *
     * @throws IllegalArgumentException for an unknown name, a name listed twice, or {@code all}
     *     among other names
     */
    public List<BenchmarkDescriptor> benchmarks(List<String> names) {
        OptionChecks.names("Benchmark", names);
        return BenchOptions.everyOne(names) ? benchmarks() : names.stream().map(this::benchmark).toList();
    }

    /**
     * The target of that name.
     *
     * @throws IllegalArgumentException {@code Unknown target [rav]; did you mean [raw]? known targets: [noop, raw]}
     */
    public TargetDescriptor target(String name) {
        TargetDescriptor target = targets.get(name);
        if (target == null) {
            throw new IllegalArgumentException(Spelling.unknown("target", name, targets.keySet()));
        }
        return target;
    }

    /**
     * The benchmark of that name.
     *
     * @throws IllegalArgumentException {@code Unknown benchmark [foo]; known benchmarks: [turn1]}
     */
    public BenchmarkDescriptor benchmark(String name) {
        BenchmarkDescriptor benchmark = benchmarks.get(name);
        if (benchmark == null) {
            throw new IllegalArgumentException(
                    Spelling.unknown("benchmark", name, new java.util.TreeSet<>(benchmarks.keySet())));
        }
        return benchmark;
    }
}
