package dev.agentbench.core.measure;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import java.util.List;
import java.util.Objects;

/**
 * Builds and closes agents of one target for one cell, turning what the target throws into an
 * {@link AgentFailedException} that names it: {@code Target [x] failed to open: ...}.
 */
public final class Agents {

    private final BenchTarget target;
    private final TargetContext context;

    public Agents(BenchTarget target, TargetContext context) {
        this.target = Objects.requireNonNull(target, "target");
        this.context = Objects.requireNonNull(context, "context");
    }

    /** One new agent. */
    public TargetHandle open() throws AgentFailedException {
        TargetHandle handle;
        try {
            handle = target.open(context);
        } catch (Exception e) {
            throw new AgentFailedException("Target [" + target.name() + "] failed to open: "
                    + IterationFailedException.describe(e), e);
        }
        if (handle == null) {
            throw new AgentFailedException("Target [" + target.name() + "] opened no handle (open returned null)", null);
        }
        return handle;
    }

    /** Closes one agent. */
    public void close(TargetHandle handle) throws AgentFailedException {
        try {
            handle.close();
        } catch (Exception e) {
            throw new AgentFailedException("Closing the handle of target [" + target.name() + "] failed: "
                    + IterationFailedException.describe(e), e);
        }
    }

    /** Closes every agent, also when some fail to close; throws the first failure with the others suppressed. */
    public void closeAll(List<TargetHandle> handles) throws AgentFailedException {
        AgentFailedException first = null;
        for (TargetHandle handle : handles) {
            try {
                close(handle);
            } catch (AgentFailedException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** Closes {@code handle} after {@code failure}, adding a close failure to it. */
    public static void closeAfter(TargetHandle handle, Throwable failure) {
        try {
            handle.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }
}
