package dev.agentbench.core.measure;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import java.lang.ref.Reference;
import java.util.function.Consumer;

/**
 * The heap a live session retains, after a SESSIONS cell's timed and memory passes: settles the heap
 * as the footprint and growth cells do ({@link HeapSettler}, through a {@link HeapBudget}), prepares
 * and runs {@code count} sessions one after another with fresh ids and keeps them all (none is
 * deleted), settles the heap again and reports {@code (used after − used before) / count}; then
 * deletes them. What a session of a long history or of many tools costs a service in memory while
 * the conversation is live. The budget fails the cell with the rate per session, rather than with an
 * {@link OutOfMemoryError}, when the sessions would not fit in the heap.
 */
public final class HeldSessions {

    /** What the figure is per. */
    public static final String UNIT = "session";

    private HeldSessions() {}

    /**
     * Holds {@code count} sessions of {@code benchmark} on {@code handle} and returns the heap each
     * retains, in bytes.
     *
     * @throws IterationFailedException when a session fails or its checks do, or the sessions would not fit
     */
    public static double measure(Benchmark benchmark, TargetHandle handle, int count, Consumer<String> log)
            throws IterationFailedException {
        return measure(benchmark, handle, count, log, HeapBudget.Heap.jvm());
    }

    static double measure(Benchmark benchmark, TargetHandle handle, int count, Consumer<String> log,
            HeapBudget.Heap heap) throws IterationFailedException {
        // the ids are made before the first reading: they are not what the sessions retain
        String[] users = new String[count];
        String[] sessions = new String[count];
        for (int k = 0; k < count; k++) {
            users[k] = "user-held-" + k;
            sessions[k] = "session-held-" + k;
        }
        HeapBudget budget = new HeapBudget(heap, new HeapBudget.Cell(benchmark.name(), UNIT, count,
                "it holds at once (--held-sessions)", true));
        int opened = 0;
        Throwable failure = null;
        try {
            long before = budget.before(0);
            for (int k = 0; k < count; k++) {
                opened = k + 1;
                try {
                    benchmark.prepareSession(handle, users[k], sessions[k]);
                    benchmark.runSession(handle, users[k], sessions[k]);
                } catch (Exception e) {
                    throw new IterationFailedException("held-session", k, e);
                }
                budget.measured(k + 1);
            }
            long after = heap.settled();
            Reference.reachabilityFence(sessions);
            double perSession = (after - before) / (double) count;
            log.accept(String.format("held sessions: %d sessions prepared, run and held, used heap %d -> %d bytes,"
                    + " %.0f bytes retained per session", count, before, after, perSession));
            return perSession;
        } catch (IterationFailedException | RuntimeException | Error e) {
            failure = e; // a full heap's HeapFilledException fails the cell with its message as it stands
            throw e;
        } finally {
            for (int k = 0; k < opened; k++) {
                try {
                    handle.deleteSession(users[k], sessions[k]);
                } catch (Exception e) {
                    if (failure != null) {
                        failure.addSuppressed(e);
                    } else {
                        log.accept("held sessions: deleting [" + sessions[k] + "] failed: " + e);
                    }
                }
            }
        }
    }
}
