package dev.agentbench.api.result;

import java.util.Objects;

/**
 * Which JVM a cell ran on: read by the child from its own system properties, or by the parent from a
 * JDK it found for {@code --jvm}.
 *
 * @param feature the feature version ({@code 17}, {@code 25}): {@code Runtime.version().feature()}
 * @param javaHome {@code java.home}
 * @param vmName {@code java.vm.name}, for example {@code OpenJDK 64-Bit Server VM}; {@code null} when
 *     the parent found the JDK and did not run it
 * @param vmVersion {@code java.vm.version}, for example {@code 25.0.1+8-LTS}; the JDK's {@code
 *     JAVA_VERSION} when the parent found the JDK and did not run it
 */
public record JvmRuntime(int feature, String javaHome, String vmName, String vmVersion) {

    public JvmRuntime {
        if (feature < 1) {
            throw new IllegalArgumentException("JVM feature version [" + feature + "] must be at least 1");
        }
        Objects.requireNonNull(javaHome, "javaHome");
    }

    /** The JVM this code runs on. */
    public static JvmRuntime current() {
        return new JvmRuntime(Runtime.version().feature(), System.getProperty("java.home"),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.version"));
    }

    /** Its label in a column id: {@code java25} (see {@link TargetId#jvmLabel}). */
    public String label() {
        return TargetId.jvmLabel(feature);
    }
}
