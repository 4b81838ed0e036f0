package dev.agentbench.core;

import java.util.List;
import java.util.Objects;

/**
 * A target a run can see.
 *
 * @param name what users type after {@code --targets}
 * @param description the target's one line
 * @param location where it was found: the plugin path, or the jar or folder of a built-in
 * @param classpath what a cell's child JVM adds to the harness class path for it: empty for a
 *     built-in, {@code <folder>/*} or the jar for a plugin
 */
public record TargetDescriptor(String name, String description, String location, List<String> classpath) {

    public TargetDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(location, "location");
        classpath = List.copyOf(classpath);
    }

    /** Whether it sits on the harness class path rather than in a plugin. */
    public boolean builtIn() {
        return classpath.isEmpty();
    }
}
