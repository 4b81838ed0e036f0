package dev.agentbench.api.result;

import java.util.Objects;

/**
 * A target of a run, as {@code run.json} and {@code summary.json} record it.
 *
 * @param name what users type after {@code --targets}
 * @param description its one line
 * @param version the version of the framework it drives ({@code BenchTarget.version()}), or {@code
 *     unknown}
 * @param location where it was found: a plugin folder or jar, or the harness jar for a built-in; for
 *     a variant, the folder its cells ran from
 * @param target the target's own name ({@link TargetId#name()} of {@code name}); {@code null} in
 *     results written before variants, where it is {@code name}
 * @param variant what was asked after {@code @}: the framework version ({@code 1.16.1}) or the plugin
 *     folder ({@code /path/to/folder}); {@code null} for the target as built
 * @param jvm the JVM its cells ran on, as the parent found it; {@code null} when the run named no
 *     {@code --jvm}, and in results written before
 */
public record TargetInfo(String name, String description, String version, String location, String target,
        String variant, JvmRuntime jvm) {

    public TargetInfo {
        Objects.requireNonNull(name, "name");
    }

    /** The target as built, on the run's one JVM. */
    public TargetInfo(String name, String description, String version, String location) {
        this(name, description, version, location, null, null, null);
    }
}
