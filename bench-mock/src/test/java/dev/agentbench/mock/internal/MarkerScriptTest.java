package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import org.junit.jupiter.api.Test;

class MarkerScriptTest {

    private static Step step(String text, String firstTool, int assistants, int tools) {
        return MarkerScript.step(new ChatRequest(false, false, 1, assistants, tools, text, firstTool));
    }

    @Test
    void batchAsksForParallelCallsOfTheNamedToolOrTheFirstOne() {
        Step named = step("please !batch3 get_weather", "other", 0, 0);
        assertThat(named.toolCalls()).extracting(ScriptedToolCall::name).containsExactly("get_weather", "get_weather",
                "get_weather");
        assertThat(named.toolCalls().get(2).arguments()).isEqualTo("{\"index\":2}");
        assertThat(step("!batch2", "add", 0, 0).toolCalls()).extracting(ScriptedToolCall::name).containsOnly("add");
        assertThat(step("!batch1", null, 0, 0).toolCalls()).extracting(ScriptedToolCall::name).containsExactly("echo");
        assertThat(step("!batch9999", null, 0, 0).toolCalls()).hasSize(MarkerScript.MAX_BATCH);
    }

    @Test
    void errHangAndSlowAreFaults() {
        assertThat(step("!err", null, 0, 0).fault().status()).isEqualTo(500);
        assertThat(step("now !hang", null, 0, 0).fault().hang()).isTrue();
        Step slow = step("!slow250", null, 0, 0);
        assertThat(slow.fault().delayMs()).isEqualTo(250);
        assertThat(slow.text()).contains("250");
    }

    @Test
    void plainTextIsEchoedAndToolResultsGetText() {
        assertThat(step("hello there", null, 0, 0).text()).contains("[hello there]", "!batchN");
        assertThat(step("!batch3", null, 1, 3).text()).isEqualTo("agentbench-mock received 3 tool results.");
    }
}
