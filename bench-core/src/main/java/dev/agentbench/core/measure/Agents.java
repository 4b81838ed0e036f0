package dev.agentbench.core.measure;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.core.Defaults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds and closes agents of one target for one cell, turning what the target throws into an
 * {@link AgentFailedException} that names it: {@code Target [x] failed to open: ...}.
 *
 * <p>Three kinds of close, none of which can hold a cell until its timeout:
 * <ul>
 *   <li>in the middle of the passes ({@link #close}: a construction cell's agent of each iteration),
 *       on the measuring thread, watched by the cell's {@link CloseWatch} if it has one;</li>
 *   <li>after a complete measurement ({@link #keep}, then {@link #closeKept} once the cell's result is
 *       written), bounded: a close that hangs or throws then costs the cell a warning, never its
 *       result;</li>
 *   <li>after a failure ({@link #closeAfter}), bounded: the failure stays the cell's error.</li>
 * </ul>
 */
public final class Agents {

    private final BenchTarget target;
    private final TargetContext context;
    private final CloseWatch watch;
    private final List<TargetHandle> kept = new ArrayList<>();

    /** Agents whose closes in the middle of the passes are not watched. */
    public Agents(BenchTarget target, TargetContext context) {
        this(target, context, null);
    }

    /**
     * @param watch watches every {@link #close} for one that does not return; {@code null} for none
     */
    public Agents(BenchTarget target, TargetContext context, CloseWatch watch) {
        this.target = Objects.requireNonNull(target, "target");
        this.context = Objects.requireNonNull(context, "context");
        this.watch = watch;
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

    /** Closes one agent in the middle of the passes, on this thread: a failure fails the iteration. */
    public void close(TargetHandle handle) throws AgentFailedException {
        if (watch != null) {
            watch.closing();
        }
        try {
            handle.close();
        } catch (Exception e) {
            throw new AgentFailedException("Closing the handle of target [" + target.name() + "] failed: "
                    + IterationFailedException.describe(e), e);
        } finally {
            if (watch != null) {
                watch.closed();
            }
        }
    }

    /** What a cell says when an agent it closed in the middle of its passes did not return in time. */
    public String closeHung(Duration bound) {
        return "Closing the handle of target [" + target.name() + "] did not return in " + Closing.seconds(bound)
                + "; the cell was ended in the middle of its passes";
    }

    /**
     * Keeps {@code handles} open past the measurement, for {@link #closeKept}: a cell writes its
     * measured result before it closes its agents.
     */
    public void keep(List<TargetHandle> handles) {
        kept.addAll(handles);
    }

    /** As {@link #keep(List)}, one agent. */
    public void keep(TargetHandle handle) {
        kept.add(handle);
    }

    /** How many agents are kept open for {@link #closeKept}. */
    public int keptCount() {
        return kept.size();
    }

    /**
     * Closes every agent {@linkplain #keep kept}, in order on a daemon thread, all of them within
     * {@code bound} together.
     */
    public Closing closeKept(Duration bound) {
        List<TargetHandle> handles = List.copyOf(kept);
        kept.clear();
        return Closing.close(handles, bound);
    }

    /** Closes {@code handle} after {@code failure}, bounded, adding what went wrong to the failure. */
    public static void closeAfter(TargetHandle handle, Throwable failure) {
        closeAfter(List.of(handle), failure);
    }

    /**
     * Closes {@code handles} after {@code failure}, all of them within {@link Defaults#CLOSE_TIMEOUT},
     * adding a close failure, or a close that did not return, to the failure as suppressed.
     */
    public static void closeAfter(List<TargetHandle> handles, Throwable failure) {
        Closing closing = Closing.close(handles, Defaults.CLOSE_TIMEOUT);
        if (!closing.returned()) {
            failure.addSuppressed(new AgentFailedException(Closing.didNotReturn(Defaults.CLOSE_TIMEOUT)
                    + " after the failure", null));
        } else if (closing.failure() != null && closing.failure() != failure) {
            failure.addSuppressed(closing.failure());
        }
    }
}
