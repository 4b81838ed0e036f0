package dev.agentbench.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.CheckFailedException;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The kit's checks of one reported turn: the harness's own ({@link ScriptChecks#verifyTurn}), then
 * what they leave out: calls in the order the model sent them, with the model's arguments, and
 * results that carry what the tool returned for those arguments.
 */
final class TurnChecks {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Numbers compare by value (2 equals 2.0); everything else as Jackson compares it. */
    private static final Comparator<JsonNode> BY_VALUE = (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue());
        }
        return a.equals(b) ? 0 : 1;
    };

    private final Script script;
    private final Map<String, ToolDefinition> tools;

    TurnChecks(Script script, List<ToolDefinition> tools) {
        this.script = script;
        this.tools = tools.stream().collect(Collectors.toMap(ToolDefinition::name, Function.identity()));
    }

    /** Checks a whole session: one reported turn per scripted turn, each as {@link #verify}. */
    void verifySession(List<TurnResult> results) {
        verifySession(results, "the session");
    }

    void verifySession(List<TurnResult> results, String session) {
        if (results.size() != script.turns().size()) {
            fail(session + " of [" + script.name() + "]: " + results.size() + " turns were reported, the script has "
                    + script.turns().size());
        }
        for (int turn = 0; turn < results.size(); turn++) {
            verify(turn, results.get(turn), session + " of [" + script.name() + "]");
        }
    }

    void verify(int turn, TurnResult result) {
        verify(turn, result, "[" + script.name() + "]");
    }

    /**
     * Checks one reported turn against the script.
     *
     * @param turn the turn, from 0
     * @param context what to say first when it fails
     */
    void verify(int turn, TurnResult result, String context) {
        String where = context + ", turn " + (turn + 1) + ": ";
        try {
            ScriptChecks.verifyTurn(script, turn, result);
        } catch (CheckFailedException e) {
            fail(context + ": " + e.getMessage());
        }
        Map<String, ScriptedToolCall> expected = expectedCalls(turn);
        List<String> reportedIds = result.toolCalls().stream().map(ToolCall::id).toList();
        if (!reportedIds.equals(new ArrayList<>(expected.keySet()))) {
            fail(where + "tool calls were reported in the order " + reportedIds + ", the model sent them in the order "
                    + expected.keySet());
        }
        for (ToolCall call : result.toolCalls()) {
            String sent = expected.get(call.id()).arguments();
            if (!sameJson(sent, call.arguments())) {
                fail(where + "tool call [" + call.id() + "] was reported with arguments [" + call.arguments()
                        + "], the model sent [" + sent + "]");
            }
        }
        for (ToolResult toolResult : result.toolResults()) {
            ScriptedToolCall call = expected.get(toolResult.callId());
            if (!call.name().equals(toolResult.name())) {
                fail(where + "the result of tool call [" + toolResult.callId() + "] names the tool ["
                        + toolResult.name() + "], the call was to [" + call.name() + "]");
            }
            ToolDefinition tool = tools.get(call.name());
            if (tool != null) {
                String returned = call(tool, call.arguments());
                if (!sameJson(returned, toolResult.content())) {
                    fail(where + "the result of tool call [" + toolResult.callId() + "] was reported as ["
                            + toolResult.content() + "], the tool returned [" + returned + "]");
                }
            }
        }
    }

    /** The turn's scripted calls by id, in the order the mock sends them. */
    private Map<String, ScriptedToolCall> expectedCalls(int turn) {
        ScriptTurn scripted = script.turns().get(turn);
        Map<String, ScriptedToolCall> calls = new LinkedHashMap<>();
        for (int step = 0; step < scripted.steps().size(); step++) {
            List<ScriptedToolCall> stepCalls = scripted.steps().get(step).toolCalls();
            for (int index = 0; index < stepCalls.size(); index++) {
                calls.put(Script.toolCallId(turn, step, index), stepCalls.get(index));
            }
        }
        return calls;
    }

    private static String call(ToolDefinition tool, String arguments) {
        try {
            return tool.function().call(arguments);
        } catch (Exception e) {
            throw new IllegalStateException("Tool [" + tool.name() + "] failed on the script's own arguments "
                    + arguments + ": " + e.getMessage(), e);
        }
    }

    /** Whether two texts hold the same JSON value; texts that are not JSON must be equal as text. */
    static boolean sameJson(String a, String b) {
        if (a == null || b == null) {
            return a == b;
        }
        try {
            JsonNode left = JSON.readTree(a);
            JsonNode right = JSON.readTree(b);
            return left != null && right != null && left.equals(BY_VALUE, right);
        } catch (JsonProcessingException e) {
            return a.equals(b);
        }
    }
}
