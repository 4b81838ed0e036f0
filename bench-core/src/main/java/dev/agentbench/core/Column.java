package dev.agentbench.core;

import dev.agentbench.api.result.TargetId;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.core.variant.Jvm;
import java.util.Objects;

/**
 * One column of a run: a target as built or a variant of it, on one JVM. Its cells are those whose
 * {@code target} is {@link #id()}.
 *
 * @param id the column id, {@code NAME[@VARIANT][~JVM]}
 * @param target what a child JVM gets for it: {@link TargetDescriptor#name()} is the column id, its
 *     class path the variant's folder, its version the one that folder's target reports
 * @param asked what was asked after {@code @}: a version or a folder; {@code null} for the target as built
 * @param jvm the JVM its cells run on; {@code null} when the run names no {@code --jvm}
 */
public record Column(TargetId id, TargetDescriptor target, String asked, Jvm jvm) {

    public Column {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(target, "target");
        if (!target.name().equals(id.toString())) {
            throw new IllegalArgumentException("Column [" + id + "] holds target [" + target.name() + "]");
        }
    }

    /** What {@code run.json} records of it. */
    public TargetInfo info() {
        return new TargetInfo(target.name(), target.description(), target.version(), target.location(), id.name(),
                asked, jvm == null ? null : jvm.runtime());
    }
}
