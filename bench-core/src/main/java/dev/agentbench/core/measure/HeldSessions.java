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
 * the conversation is live. When the sessions would not all fit in the heap (a session that keeps
 * hundreds of MiB), the budget stops them before an {@link OutOfMemoryError}: the figure is then read
 * over the sessions held so far, and the fork's result warns that it was, and why. The time and CPU
 * the cell measured before stand either way. A figure below zero (the heap let go of more than the
 * sessions keep while they were held) stands too, with a warning that says it is not a session's.
 */
public final class HeldSessions {

    /** What the figure is per. */
    public static final String UNIT = "session";

    private HeldSessions() {}

    /**
     * Holds {@code count} sessions of {@code benchmark} on {@code handle}, or as many as fit, and
     * returns the heap each retains, in bytes.
     *
     * @param warn takes the warning when fewer than {@code count} sessions fit
     * @throws IterationFailedException when a session fails or its checks do
     */
    public static double measure(Benchmark benchmark, TargetHandle handle, int count, Consumer<String> log,
            Consumer<String> warn) throws IterationFailedException {
        return measure(benchmark, handle, count, log, warn, HeapBudget.Heap.jvm());
    }

    static double measure(Benchmark benchmark, TargetHandle handle, int count, Consumer<String> log,
            Consumer<String> warn, HeapBudget.Heap heap) throws IterationFailedException {
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
            int held = count;
            for (int k = 0; k < count; k++) {
                opened = k + 1;
                try {
                    benchmark.prepareSession(handle, users[k], sessions[k]);
                    benchmark.runSession(handle, users[k], sessions[k]);
                } catch (Exception e) {
                    throw new IterationFailedException("held-session", k, e);
                }
                try {
                    budget.measured(k + 1);
                } catch (HeapFilledException full) {
                    held = k + 1;
                    warn.accept(String.format(java.util.Locale.ROOT, "retained heap per live session read over %d"
                            + " held %s, not %d: %s", held, held == 1 ? "session" : "sessions", count,
                            full.getMessage()));
                    break;
                }
            }
            long after = heap.settled();
            Reference.reachabilityFence(sessions);
            double perSession = (after - before) / (double) held;
            log.accept(String.format("held sessions: %d sessions prepared, run and held, used heap %d -> %d bytes,"
                    + " %.0f bytes retained per session", held, before, after, perSession));
            if (perSession < 0) {
                warn.accept(String.format(java.util.Locale.ROOT, "retained heap per live session read negative, %.0f"
                        + " bytes: the settled heap held %d bytes before the %d sessions and %d with them, so something"
                        + " the earlier passes left reachable was let go meanwhile, and by more than the sessions keep;"
                        + " this fork's figure is not what a session keeps", perSession, before, held, after));
            }
            return perSession;
        } catch (IterationFailedException | RuntimeException | Error e) {
            failure = e;
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
