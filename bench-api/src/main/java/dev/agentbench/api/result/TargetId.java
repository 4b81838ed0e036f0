package dev.agentbench.api.result;

import java.util.Objects;
import java.util.Optional;

/**
 * The column id of a cell: {@code NAME[@VARIANT][~JVM]}, what a cell's {@code target} field, the
 * results layout's target folder and the reports' columns hold.
 *
 * <ul>
 *   <li>{@code NAME}: the target's own name ({@code BenchTarget.name()}), never holding {@code @}
 *       or {@code ~};
 *   <li>{@code @VARIANT}: present for a variant of the target: the framework version asked
 *       ({@code langchain4j@1.16.1}), or for a plugin folder the folder's name ({@code
 *       langchain4j@folder});
 *   <li>{@code ~JVM}: present only when the run uses more than one JVM: {@code java} and the JVM's
 *       feature version ({@code ~java25}).
 * </ul>
 *
 * @param name the target's own name
 * @param variant the variant, or {@code null} for the target as built
 * @param jvm the JVM label ({@code java25}), or {@code null} when the run uses one JVM
 */
public record TargetId(String name, String variant, String jvm) {

    /** Separates a target's name from its variant. */
    public static final char VARIANT = '@';

    /** Separates the JVM label from the rest. */
    public static final char JVM = '~';

    public TargetId {
        checkName(name);
        if (variant != null && (variant.isBlank() || variant.indexOf(JVM) >= 0 || variant.indexOf(VARIANT) >= 0)) {
            throw new IllegalArgumentException("Variant [" + variant + "] of target [" + name
                    + "] must be non-blank without '" + VARIANT + "' or '" + JVM + "'");
        }
        if (jvm != null && (jvm.isBlank() || jvm.indexOf(JVM) >= 0 || jvm.indexOf(VARIANT) >= 0)) {
            throw new IllegalArgumentException("JVM label [" + jvm + "] of target [" + name
                    + "] must be non-blank without '" + VARIANT + "' or '" + JVM + "'");
        }
    }

    /** The target as built, on the run's one JVM. */
    public static TargetId of(String name) {
        return new TargetId(name, null, null);
    }

    /**
     * Reads a column id.
     *
     * @throws IllegalArgumentException naming the id when it is not {@code NAME[@VARIANT][~JVM]}
     */
    public static TargetId parse(String id) {
        Objects.requireNonNull(id, "id");
        String rest = id;
        String jvm = null;
        int tilde = rest.indexOf(JVM);
        if (tilde >= 0) {
            jvm = rest.substring(tilde + 1);
            rest = rest.substring(0, tilde);
        }
        String variant = null;
        int at = rest.indexOf(VARIANT);
        if (at >= 0) {
            variant = rest.substring(at + 1);
            rest = rest.substring(0, at);
        }
        try {
            return new TargetId(rest, variant, jvm);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Bad target id [" + id + "]: " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a target's own name holding {@code @} or {@code ~}, or blank.
     *
     * @throws IllegalArgumentException naming the name
     */
    public static String checkName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.indexOf(VARIANT) >= 0 || name.indexOf(JVM) >= 0) {
            throw new IllegalArgumentException(
                    "Target name [" + name + "] must be non-blank without '" + VARIANT + "' or '" + JVM + "'");
        }
        return name;
    }

    /** The label of a JVM of this feature version in a column id: {@code java25}. */
    public static String jvmLabel(int feature) {
        if (feature < 1) {
            throw new IllegalArgumentException("JVM feature version [" + feature + "] must be at least 1");
        }
        return "java" + feature;
    }

    /** The variant, if this is one. */
    public Optional<String> variantIfAny() {
        return Optional.ofNullable(variant);
    }

    /** This id without its JVM label: {@code NAME[@VARIANT]}. */
    public TargetId withoutJvm() {
        return jvm == null ? this : new TargetId(name, variant, null);
    }

    /** This id on the JVM labelled so ({@code null} for none). */
    public TargetId withJvm(String label) {
        return new TargetId(name, variant, label);
    }

    /** This id without variant nor JVM: the target as built. */
    public TargetId base() {
        return variant == null && jvm == null ? this : of(name);
    }

    /** The column id: {@code NAME[@VARIANT][~JVM]}. */
    @Override
    public String toString() {
        StringBuilder id = new StringBuilder(name);
        if (variant != null) {
            id.append(VARIANT).append(variant);
        }
        if (jvm != null) {
            id.append(JVM).append(jvm);
        }
        return id.toString();
    }
}
