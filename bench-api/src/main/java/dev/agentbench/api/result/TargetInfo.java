package dev.agentbench.api.result;

import java.util.Objects;

/**
 * A target of a run, as {@code run.json} and {@code summary.json} record it.
 *
 * @param name what users type after {@code --targets}
 * @param description its one line
 * @param version the version of the framework it drives ({@code BenchTarget.version()}), or {@code
 *     unknown}
 * @param location where it was found: a plugin folder or jar, or the harness jar for a built-in
 */
public record TargetInfo(String name, String description, String version, String location) {

    public TargetInfo {
        Objects.requireNonNull(name, "name");
    }
}
