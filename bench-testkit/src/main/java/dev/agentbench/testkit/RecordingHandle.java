package dev.agentbench.testkit;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Passes every call to the target's handle and keeps what {@code runTurn} returned, per session,
 * so that the kit checks what the target reported and not only what a benchmark chose to check.
 */
final class RecordingHandle implements TargetHandle {

    private final TargetHandle delegate;
    private final Map<String, List<TurnResult>> results = new ConcurrentHashMap<>();

    RecordingHandle(TargetHandle delegate) {
        this.delegate = delegate;
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        TurnResult result = delegate.runTurn(userId, sessionId, message);
        results.computeIfAbsent(sessionId, id -> Collections.synchronizedList(new ArrayList<>())).add(result);
        return result;
    }

    @Override
    public void deleteSession(String userId, String sessionId) throws Exception {
        delegate.deleteSession(userId, sessionId);
    }

    /** Closing is the kit's business, not the benchmark's: this does nothing. */
    @Override
    public void close() {}

    /** What {@code runTurn} returned in the session, in order; empty if it was never called. */
    List<TurnResult> results(String sessionId) {
        List<TurnResult> recorded = results.get(sessionId);
        if (recorded == null) {
            return List.of();
        }
        synchronized (recorded) {
            return List.copyOf(recorded);
        }
    }
}
