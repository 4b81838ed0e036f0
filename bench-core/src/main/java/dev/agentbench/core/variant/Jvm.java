package dev.agentbench.core.variant;

import dev.agentbench.api.result.JvmRuntime;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A JVM cells can run on.
 *
 * @param java its {@code java} executable
 * @param runtime its feature version and home, as found
 */
public record Jvm(Path java, JvmRuntime runtime) {

    public Jvm {
        Objects.requireNonNull(java, "java");
        Objects.requireNonNull(runtime, "runtime");
    }

    /** Its label in a column id: {@code java25}. */
    public String label() {
        return runtime.label();
    }
}
