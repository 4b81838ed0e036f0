package dev.agentbench.builtin.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NoopTargetTest {

    private static final Script SCRIPT = new Script("noop-test", List.of(
            new ScriptTurn("hi", List.of(Step.text("hello"))),
            new ScriptTurn("add", List.of(
                    Step.toolCalls(new ScriptedToolCall("add", "{}"), new ScriptedToolCall("add", "{}")),
                    Step.text("sum done")))));

    @Test
    void playsTheScriptRunningItsToolsAndPassesEveryCheck() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        ToolDefinition add = new ToolDefinition("add", "adds", "{}", args -> "{\"n\":" + calls.incrementAndGet() + "}");
        TargetContext context = new TargetContext(URI.create("http://unused.invalid/v1"), "k", "m", "i",
                List.of(add), SCRIPT, Map.of());
        try (TargetHandle handle = new NoopTarget().open(context)) {
            ScriptChecks.play(SCRIPT, handle, "u", "s1");
            assertThat(calls).hasValue(2);
            handle.deleteSession("u", "s1");
            ScriptChecks.play(SCRIPT, handle, "u", "s1"); // deleted: starts again at turn 1
            assertThatThrownBy(() -> handle.runTurn("u", "s1", "one more"))
                    .hasMessageContaining("past the end of script [noop-test]");
        }
    }
}
