package dev.agentbench.core.link;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.Parameters;
import dev.agentbench.core.measure.PassSettings;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * What a child JVM is told to measure: the one message from parent to child, written as a
 * {@link Properties} file, which the child reads with the JDK alone.
 *
 * @param runDir the run directory, absolute; the child writes its result where
 *     {@link dev.agentbench.api.result.RunLayout#forkResult} says, or for a profile fork
 *     {@link dev.agentbench.api.result.RunLayout#profileForkResult}
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name the cell's name
 * @param params the value of each of the benchmark's parameters, in declaration order, which the child
 *     gives {@link dev.agentbench.api.Benchmark#with} before anything else; empty when it has none
 * @param fork which fork of the cell this JVM is, from 1; a profile fork comes after the measured ones
 * @param profile whether this JVM is the cell's profile fork: it records its timed pass with the
 *     profiler that {@code passes} names into {@link dev.agentbench.api.result.RunLayout#cellRecording},
 *     runs nothing after it, and its result is never merged into the cell's
 * @param scriptUrl the OpenAI-compatible base URL that serves the benchmark's script, which the parent
 *     registered with the mock before it started the child, for example
 *     {@code http://127.0.0.1:41234/s/turn1/v1}
 * @param targetOptions the user's target options
 * @param passes how to measure: the run's pass settings, as they are, one {@code passes.<name>} key
 *     each
 */
public record CellSpec(
        String runDir,
        String target,
        String benchmark,
        int concurrency,
        String name,
        Map<String, String> params,
        int fork,
        boolean profile,
        String scriptUrl,
        Map<String, String> targetOptions,
        PassSettings passes) {

    /** The prefix of a target option's key; the pass settings' is {@link #PASSES}. */
    private static final String OPTION = "option.";
    private static final String PASSES = "passes.";

    public CellSpec {
        Objects.requireNonNull(runDir, "runDir");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scriptUrl, "scriptUrl");
        Objects.requireNonNull(passes, "passes");
        if (fork < 1) {
            throw new IllegalArgumentException("Fork [" + fork + "] must be at least 1");
        }
        if (profile && !passes.profiled()) {
            throw new IllegalArgumentException("A profile fork needs a profiler; the pass settings name none");
        }
        targetOptions = targetOptions == null ? Map.of() : Map.copyOf(targetOptions);
        params = params == null || params.isEmpty() ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }

    /** The spec of a cell of a benchmark without parameters. */
    public CellSpec(String runDir, String target, String benchmark, int concurrency, String name, int fork,
            boolean profile, String scriptUrl, Map<String, String> targetOptions, PassSettings passes) {
        this(runDir, target, benchmark, concurrency, name, Map.of(), fork, profile, scriptUrl, targetOptions, passes);
    }

    /** The cell this spec measures. */
    public PlannedCell plannedCell() {
        return new PlannedCell(target, benchmark, concurrency, name, params);
    }

    /** Writes this spec atomically, as {@link Properties}, which {@link #read} reads. */
    public void write(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("runDir", runDir);
        properties.setProperty("target", target);
        properties.setProperty("benchmark", benchmark);
        properties.setProperty("concurrency", Integer.toString(concurrency));
        properties.setProperty("name", name);
        if (!params.isEmpty()) {
            properties.setProperty("params", Parameters.format(params)); // one key: it keeps their order
        }
        properties.setProperty("fork", Integer.toString(fork));
        properties.setProperty("profile", Boolean.toString(profile));
        properties.setProperty("scriptUrl", scriptUrl);
        SpecProperties.putMap(properties, OPTION, targetOptions);
        SpecProperties.putMap(properties, PASSES, passes.toText());
        StringWriter text = new StringWriter();
        properties.store(text, "agentbench cell spec: what the parent asked this child JVM to measure");
        // sorted by key for a reader (each entry is one line: store escapes line breaks), comments first
        List<String> lines = text.toString().lines()
                .sorted(Comparator.comparing((String line) -> !line.startsWith("#")).thenComparing(
                        (a, b) -> a.startsWith("#") ? 0 : a.compareTo(b)))
                .toList();
        AtomicFiles.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a spec the parent wrote, with the JDK alone, so that a cold start does not pay for loading
     * a JSON library before it builds the agent.
     *
     * @throws IOException when the file cannot be read or is no spec
     */
    public static CellSpec read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        try {
            return new CellSpec(required(properties, "runDir"), required(properties, "target"),
                    required(properties, "benchmark"), Integer.parseInt(required(properties, "concurrency")),
                    required(properties, "name"), Parameters.parse(properties.getProperty("params")),
                    Integer.parseInt(required(properties, "fork")),
                    Boolean.parseBoolean(required(properties, "profile")), required(properties, "scriptUrl"),
                    SpecProperties.getMap(properties, OPTION), PassSettings.fromText(PASSES, properties::getProperty));
        } catch (RuntimeException e) {
            throw new IOException("Cell spec [" + file + "] is unreadable: " + e.getMessage(), e);
        }
    }

    private static String required(Properties properties, String key) {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("[" + key + "] is missing");
        }
        return value;
    }
}
