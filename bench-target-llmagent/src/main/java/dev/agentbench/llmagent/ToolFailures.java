package dev.agentbench.llmagent;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which tool calls failed, per session. ADK has no notion of an error result: a function response
 * is a map like any other. A tool that fails records its call here, and the handle reads the mark
 * back when it reports the call's result, so that {@code ToolResult.error} is true exactly for the
 * calls whose tool threw.
 */
final class ToolFailures {

    private final Set<String> failed = ConcurrentHashMap.newKeySet();

    void record(String sessionId, String callId) {
        failed.add(key(sessionId, callId));
    }

    /** Whether that call failed; forgets the mark. */
    boolean take(String sessionId, String callId) {
        return !failed.isEmpty() && failed.remove(key(sessionId, callId));
    }

    /** Forgets every mark of the session (a turn that failed half-way may leave some). */
    void forget(String sessionId) {
        if (!failed.isEmpty()) {
            String prefix = sessionId + '\u0000';
            failed.removeIf(key -> key.startsWith(prefix));
        }
    }

    private static String key(String sessionId, String callId) {
        return sessionId + '\u0000' + callId;
    }
}
