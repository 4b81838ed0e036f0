package dev.agentbench.api.script;

import dev.agentbench.api.CheckFailedException;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The checks every iteration passes: a target's {@link TurnResult} against what the script says.
 * A failing check throws {@link CheckFailedException} whose message names the check, the turn and,
 * where it applies, the step (both counted from 1, as people count).
 */
public final class ScriptChecks {

    private ScriptChecks() {}

    /**
     * Plays every turn of {@code script} in order in one session and verifies each.
     *
     * @throws CheckFailedException on the first check that fails
     * @throws Exception what the target threw
     */
    public static void play(Script script, TargetHandle handle, String userId, String sessionId)
            throws Exception {
        List<ScriptTurn> turns = script.turns();
        for (int turn = 0; turn < turns.size(); turn++) {
            TurnResult result = handle.runTurn(userId, sessionId, turns.get(turn).user());
            verifyTurn(script, turn, result);
        }
    }

    /**
     * Verifies one turn: it completed with a final reply; its text is the scripted one; the tool
     * calls are exactly the scripted ones (by id and name); every call has exactly one result with
     * its id; no result is an error or answers a call that was not made.
     *
     * @param turn the turn, from 0
     */
    public static void verifyTurn(Script script, int turn, TurnResult result) throws CheckFailedException {
        Objects.requireNonNull(result, "a target returned no TurnResult");
        ScriptTurn scripted = script.turns().get(turn);
        String where = "turn " + (turn + 1);
        if (!result.completed()) {
            throw new CheckFailedException(where + ": the turn did not complete with a final reply");
        }

        Map<String, String> expectedCalls = new HashMap<>();
        Map<String, Integer> stepOfCall = new HashMap<>();
        for (int step = 0; step < scripted.steps().size(); step++) {
            List<ScriptedToolCall> calls = scripted.steps().get(step).toolCalls();
            for (int index = 0; index < calls.size(); index++) {
                String id = Script.toolCallId(turn, step, index);
                expectedCalls.put(id, calls.get(index).name());
                stepOfCall.put(id, step + 1);
            }
        }

        Set<String> seen = new HashSet<>();
        for (ToolCall call : result.toolCalls()) {
            if (!seen.add(call.id())) {
                throw new CheckFailedException(where + ": tool call id [" + call.id() + "] was reported twice");
            }
            String expectedName = expectedCalls.get(call.id());
            if (expectedName == null) {
                throw new CheckFailedException(where + ": tool call [" + call.id() + "] (" + call.name()
                        + ") is not in the script; scripted calls: " + new java.util.TreeSet<>(expectedCalls.keySet()));
            }
            if (!expectedName.equals(call.name())) {
                throw new CheckFailedException(where + ", step " + stepOfCall.get(call.id()) + ": tool call ["
                        + call.id() + "] named [" + call.name() + "], the script says [" + expectedName + "]");
            }
        }
        List<String> missingCalls = new ArrayList<>();
        for (String id : new java.util.TreeSet<>(expectedCalls.keySet())) {
            if (!seen.contains(id)) {
                missingCalls.add(id + " (step " + stepOfCall.get(id) + ")");
            }
        }
        if (!missingCalls.isEmpty()) {
            throw new CheckFailedException(where + ": scripted tool calls were not reported: " + missingCalls);
        }

        Map<String, Integer> resultsPerCall = new HashMap<>();
        for (ToolResult toolResult : result.toolResults()) {
            if (!expectedCalls.containsKey(toolResult.callId())) {
                throw new CheckFailedException(where + ": a tool result answers [" + toolResult.callId()
                        + "], which is no call of this turn");
            }
            if (toolResult.error()) {
                throw new CheckFailedException(where + ", step " + stepOfCall.get(toolResult.callId())
                        + ": tool call [" + toolResult.callId() + "] (" + toolResult.name()
                        + ") returned an error: " + toolResult.content());
            }
            resultsPerCall.merge(toolResult.callId(), 1, Integer::sum);
        }
        for (String id : new java.util.TreeSet<>(expectedCalls.keySet())) {
            int count = resultsPerCall.getOrDefault(id, 0);
            if (count != 1) {
                throw new CheckFailedException(where + ", step " + stepOfCall.get(id) + ": tool call [" + id
                        + "] has " + count + " results, expected exactly 1");
            }
        }

        String expectedText = scripted.finalText();
        if (!Objects.equals(expectedText, result.finalText())) {
            throw new CheckFailedException(where + ", step " + scripted.steps().size()
                    + ": final text was [" + abbreviate(result.finalText()) + "], the script says ["
                    + abbreviate(expectedText) + "]");
        }
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
