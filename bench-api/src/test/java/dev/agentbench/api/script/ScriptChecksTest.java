package dev.agentbench.api.script;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.CheckFailedException;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptChecksTest {

    /** Turn 1: plain text. Turn 2: one call, then three parallel calls, then text. */
    private static final Script SCRIPT = new Script("checks", List.of(
            new ScriptTurn("hi", List.of(Step.text("hello"))),
            new ScriptTurn("work", List.of(
                    Step.toolCalls(new ScriptedToolCall("add", "{\"a\":1,\"b\":2}")),
                    Step.toolCalls(
                            new ScriptedToolCall("get_weather", "{\"city\":\"Oslo\"}"),
                            new ScriptedToolCall("get_weather", "{\"city\":\"Rome\"}"),
                            new ScriptedToolCall("add", "{\"a\":3,\"b\":4}")),
                    Step.text("done")))));

    private static ToolCall call(int step, int index, String name) {
        return new ToolCall(Script.toolCallId(1, step, index), name, "{}");
    }

    private static ToolResult result(int step, int index, String name) {
        return new ToolResult(Script.toolCallId(1, step, index), name, "{\"ok\":true}", false);
    }

    private static final List<ToolCall> ALL_CALLS = List.of(
            call(0, 0, "add"), call(1, 0, "get_weather"), call(1, 1, "get_weather"), call(1, 2, "add"));
    private static final List<ToolResult> ALL_RESULTS = List.of(
            result(0, 0, "add"), result(1, 0, "get_weather"), result(1, 1, "get_weather"), result(1, 2, "add"));

    @Test
    void aFaithfulTurnPasses() {
        assertThatCode(() -> ScriptChecks.verifyTurn(SCRIPT, 0, TurnResult.text("hello"))).doesNotThrowAnyException();
        assertThatCode(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, ALL_CALLS, ALL_RESULTS)))
                .doesNotThrowAnyException();
    }

    @Test
    void parallelResultsMayArriveInAnyOrder() {
        List<ToolResult> shuffled = List.of(ALL_RESULTS.get(3), ALL_RESULTS.get(1), ALL_RESULTS.get(0), ALL_RESULTS.get(2));
        assertThatCode(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, ALL_CALLS, shuffled)))
                .doesNotThrowAnyException();
    }

    @Test
    void anIncompleteTurnFails() {
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 0, new TurnResult("hello", false, List.of(), List.of())))
                .isInstanceOf(CheckFailedException.class)
                .hasMessage("turn 1: the turn did not complete with a final reply");
    }

    @Test
    void otherTextFailsNamingTurnAndStep() {
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("nearly done", true, ALL_CALLS, ALL_RESULTS)))
                .isInstanceOf(CheckFailedException.class)
                .hasMessage("turn 2, step 3: final text was [nearly done], the script says [done]");
    }

    @Test
    void aDroppedParallelResultFails() {
        List<ToolResult> dropped = List.of(ALL_RESULTS.get(0), ALL_RESULTS.get(1), ALL_RESULTS.get(3));
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, ALL_CALLS, dropped)))
                .isInstanceOf(CheckFailedException.class)
                .hasMessage("turn 2, step 2: tool call [call_1_1_1] has 0 results, expected exactly 1");
    }

    @Test
    void aDuplicatedResultFails() {
        List<ToolResult> twice = new java.util.ArrayList<>(ALL_RESULTS);
        twice.add(ALL_RESULTS.get(0));
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, ALL_CALLS, twice)))
                .hasMessage("turn 2, step 1: tool call [call_1_0_0] has 2 results, expected exactly 1");
    }

    @Test
    void aReusedCallIdFails() {
        List<ToolCall> reused = List.of(call(0, 0, "add"), call(0, 0, "add"), call(1, 1, "get_weather"), call(1, 2, "add"));
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, reused, ALL_RESULTS)))
                .hasMessage("turn 2: tool call id [call_1_0_0] was reported twice");
    }

    @Test
    void aMissingCallFails() {
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1,
                        new TurnResult("done", true, ALL_CALLS.subList(0, 3), ALL_RESULTS.subList(0, 3))))
                .hasMessage("turn 2: scripted tool calls were not reported: [call_1_1_2 (step 2)]");
    }

    @Test
    void anErrorResultFails() {
        List<ToolResult> failed = List.of(ALL_RESULTS.get(0), ALL_RESULTS.get(1),
                new ToolResult("call_1_1_1", "get_weather", "boom", true), ALL_RESULTS.get(3));
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, ALL_CALLS, failed)))
                .hasMessage("turn 2, step 2: tool call [call_1_1_1] (get_weather) returned an error: boom");
    }

    @Test
    void aCallWithTheWrongToolFails() {
        List<ToolCall> renamed = List.of(call(0, 0, "subtract"), ALL_CALLS.get(1), ALL_CALLS.get(2), ALL_CALLS.get(3));
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, renamed, ALL_RESULTS)))
                .hasMessage("turn 2, step 1: tool call [call_1_0_0] named [subtract], the script says [add]");
    }

    @Test
    void aResultForAnUnknownCallFails() {
        List<ToolResult> stray = new java.util.ArrayList<>(ALL_RESULTS);
        stray.add(new ToolResult("call_9_9_9", "add", "{}", false));
        assertThatThrownBy(() -> ScriptChecks.verifyTurn(SCRIPT, 1, new TurnResult("done", true, ALL_CALLS, stray)))
                .hasMessage("turn 2: a tool result answers [call_9_9_9], which is no call of this turn");
    }
}
