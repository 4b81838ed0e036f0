package dev.agentbench.core;

import dev.agentbench.api.result.TargetInfo;
import java.util.List;
import java.util.Objects;

/**
 * A target a run can see.
 *
 * @param name what users type after {@code --targets}
 * @param description the target's one line
 * @param version the version of the framework it drives, from {@code BenchTarget.version()}; {@code
 *     unknown} when it cannot tell
 * @param location where it was found: the plugin path, or the jar or folder of a built-in
 * @param classpath what a cell's child JVM adds to the harness class path for it: empty for a
 *     built-in, {@code <folder>/*} or the jar for a plugin
 */
public record TargetDescriptor(String name, String description, String version, String location,
        List<String> classpath) {

    public TargetDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(location, "location");
        classpath = List.copyOf(classpath);
    }

    /** What {@code run.json} records of it. */
    public TargetInfo info() {
        return new TargetInfo(name, description, version, location);
    }

    /** Whether it sits on the harness class path rather than in a plugin. */
    public boolean builtIn() {
        return classpath.isEmpty();
    }
}
