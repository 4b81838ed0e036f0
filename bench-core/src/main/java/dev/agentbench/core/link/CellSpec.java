package dev.agentbench.core.link;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.internal.JsonText;
import dev.agentbench.core.measure.PassSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a child JVM is told to measure: the one message from parent to child, written as JSON.
 *
 * @param runDir the run directory, absolute; the child writes its result where
 *     {@link dev.agentbench.api.result.RunLayout#cellResult} says
 * @param target the target's name
 * @param benchmark the benchmark's name
 * @param concurrency sessions per iteration
 * @param name the cell's name
 * @param iterations timed iterations
 * @param warmup the least number of warm-up iterations
 * @param warmupTimeMillis the least warm-up time
 * @param driftThreshold the steady-state threshold
 * @param footprintAgents agents a FOOTPRINT cell holds at once
 * @param growthSessions sessions a SESSION_GROWTH cell runs
 * @param dryRun one checked iteration, nothing else
 * @param mockUrl where the mock listens, for example {@code http://127.0.0.1:41234}
 * @param targetOptions the user's target options
 */
public record CellSpec(
        String runDir,
        String target,
        String benchmark,
        int concurrency,
        String name,
        int iterations,
        int warmup,
        long warmupTimeMillis,
        double driftThreshold,
        int footprintAgents,
        int growthSessions,
        boolean dryRun,
        String mockUrl,
        Map<String, String> targetOptions) {

    public CellSpec {
        Objects.requireNonNull(runDir, "runDir");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mockUrl, "mockUrl");
        if (iterations < 1) {
            throw new IllegalArgumentException("Iterations [" + iterations + "] must be at least 1");
        }
        if (warmup < 0 || warmupTimeMillis < 0) {
            throw new IllegalArgumentException("Warmup [" + warmup + ", " + warmupTimeMillis + " ms] must not be negative");
        }
        targetOptions = targetOptions == null ? Map.of() : Map.copyOf(targetOptions);
    }

    /** The cell this spec measures. */
    public PlannedCell plannedCell() {
        return new PlannedCell(target, benchmark, concurrency, name);
    }

    /** How to measure it. */
    public PassSettings passSettings() {
        return new PassSettings(concurrency, iterations, warmup, Duration.ofMillis(warmupTimeMillis), driftThreshold,
                footprintAgents, growthSessions, dryRun);
    }

    /**
     * Reads a spec the parent wrote (as JSON, with the run's Jackson mapper) with the JDK alone, so
     * that a cold start does not pay for loading Jackson's databind before it builds the agent.
     *
     * @throws IOException when the file cannot be read or is no spec
     */
    static CellSpec read(Path file) throws IOException {
        try {
            if (!(JsonText.parse(Files.readString(file)) instanceof Map<?, ?> json)) {
                throw new IllegalArgumentException("not a JSON object");
            }
            Map<String, String> options = new LinkedHashMap<>();
            if (json.get("targetOptions") instanceof Map<?, ?> given) {
                for (Map.Entry<?, ?> option : given.entrySet()) {
                    options.put(String.valueOf(option.getKey()), String.valueOf(option.getValue()));
                }
            }
            return new CellSpec(text(json, "runDir"), text(json, "target"), text(json, "benchmark"),
                    (int) number(json, "concurrency"), text(json, "name"), (int) number(json, "iterations"),
                    (int) number(json, "warmup"), (long) number(json, "warmupTimeMillis"),
                    number(json, "driftThreshold"), (int) number(json, "footprintAgents"),
                    (int) number(json, "growthSessions"), Boolean.TRUE.equals(json.get("dryRun")),
                    text(json, "mockUrl"), options);
        } catch (RuntimeException e) {
            throw new IOException("Cell spec [" + file + "] is unreadable: " + e.getMessage(), e);
        }
    }

    private static String text(Map<?, ?> json, String name) {
        if (!(json.get(name) instanceof String value)) {
            throw new IllegalArgumentException("[" + name + "] is missing or not a string");
        }
        return value;
    }

    private static double number(Map<?, ?> json, String name) {
        if (!(json.get(name) instanceof Number value)) {
            throw new IllegalArgumentException("[" + name + "] is missing or not a number");
        }
        return value.doubleValue();
    }
}
