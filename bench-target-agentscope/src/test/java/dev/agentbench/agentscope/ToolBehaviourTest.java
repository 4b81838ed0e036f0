package dev.agentbench.agentscope;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.WireRecorder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How AgentScope runs the tools of a reply, and what a failing or unknown tool becomes. */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class ToolBehaviourTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},"
            + "\"required\":[\"n\"]}";

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    private static Script oneRound(String name, String answer, ScriptedToolCall... calls) {
        return new Script(name, List.of(new ScriptTurn("Go.", List.of(Step.toolCalls(calls), Step.text(answer)))));
    }

    private static TurnResult play(Script script, List<ToolDefinition> tools, Map<String, String> options)
            throws Exception {
        TargetContext context = wire.context(script, "Use the tools.", tools, options);
        try (TargetHandle handle = new AgentScopeTarget().open(context)) {
            return handle.runTurn("u", "s", "Go.");
        }
    }

    @ParameterizedTest
    @CsvSource({"sequential,false,1", "sequential,true,1", "concurrent,false,3", "concurrent,true,3"})
    void theCallsOfOneReplyRunInParallelOnlyWhenTheToolkitSaysSo(String mode, boolean stream, int expected)
            throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ToolDefinition slow = new ToolDefinition("slow", "Waits a while.", SCHEMA, arguments -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(300);
            } finally {
                running.decrementAndGet();
            }
            return "{\"done\":" + JSON.readTree(arguments).get("n") + "}";
        });
        Script script = oneRound("tools_" + mode + "_" + stream, "All done.", new ScriptedToolCall("slow", "{\"n\":1}"),
                new ScriptedToolCall("slow", "{\"n\":2}"), new ScriptedToolCall("slow", "{\"n\":3}"));
        TurnResult turn = play(script, List.of(slow),
                Map.of("tool_execution", mode, "stream", String.valueOf(stream)));
        assertThat(turn.completed()).isTrue();
        assertThat(most.get()).isEqualTo(expected);
        // Results keep the calls' order, whichever finished first.
        assertThat(turn.toolResults()).extracting(ToolResult::content)
                .containsExactly("{\"done\":1}", "{\"done\":2}", "{\"done\":3}");
    }

    @Test
    void aToolThatThrowsBecomesAnErrorResultThatTheModelSeesAndTheTurnGoesOn() throws Exception {
        ToolDefinition failing = new ToolDefinition("failing", "Always fails.", SCHEMA, arguments -> {
            throw new Exception("no luck today");
        });
        Script script = oneRound("tools_failing", "Sorry.", new ScriptedToolCall("failing", "{\"n\":1}"),
                new ScriptedToolCall("add_numbers", "{\"a\":1,\"b\":2}"));
        TurnResult turn = play(script, List.of(failing, BuiltinTools.ADD_NUMBERS), Map.of());
        assertThat(turn.completed()).isTrue();
        assertThat(turn.finalText()).isEqualTo("Sorry.");
        assertThat(turn.toolResults()).containsExactly(
                new ToolResult("call_0_0_0", "failing", "Error: Tool execution failed: no luck today", true),
                new ToolResult("call_0_0_1", "add_numbers", "{\"sum\":3}", false));
        String sent = JSON.readTree(wire.proxy().requests().get(1).body()).at("/messages/3/content").asText();
        assertThat(sent).isEqualTo("Error: Tool execution failed: no luck today");
    }

    @Test
    void aCallToAnUnknownToolGetsAnErrorResultAndTheTurnGoesOn() throws Exception {
        Script script = oneRound("tools_unknown", "I could not.", new ScriptedToolCall("no_such_tool", "{}"));
        TurnResult turn = play(script, List.of(BuiltinTools.ADD_NUMBERS), Map.of());
        assertThat(turn.completed()).isTrue();
        assertThat(turn.toolCalls()).extracting(call -> call.name()).containsExactly("no_such_tool");
        assertThat(turn.toolResults()).containsExactly(
                new ToolResult("call_0_0_0", "no_such_tool", "Error: Tool not found: no_such_tool", true));
    }
}
