package dev.agentbench.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JDK-only JSON of the child's start path agrees with Jackson both ways. */
class JsonTextTest {

    @Test
    void aScriptWrittenWithoutJacksonReadsBackWithJacksonAsTheSameScript() throws Exception {
        Script script = new Script("every-step", List.of(
                new ScriptTurn("Say \"hi\"\n\tthen \\ stop — ünïcödé \u0001", List.of(
                        Step.toolCalls(new ScriptedToolCall("add", "{\"a\":1,\"b\":2.5}"),
                                new ScriptedToolCall("get_weather", "{\"city\":\"Oslo\"}")),
                        new Step("done", List.of(), new Fault(0, null, 0, 5, 2, false, false, false)))),
                new ScriptTurn("fail", List.of(Step.fault(Fault.status(503, "busy"))))));

        String json = JsonText.write(script);

        assertThat(Json.mapper().readValue(json, Script.class)).isEqualTo(script);
    }

    @Test
    void whatJacksonWritesParsesIntoMapsListsAndScalars() throws Exception {
        String json = Json.mapper().writeValueAsString(Map.of("outer", Map.of(
                "text", "a \"quoted\" \\ line\nnext", "list", List.of(1, -2.5, true, "x"), "long", 12345678901L,
                "exp", 1e-7)));

        Object parsed = JsonText.parse(json);

        assertThat(parsed).isEqualTo(Map.of("outer", Map.of("text", "a \"quoted\" \\ line\nnext",
                "list", List.of(1L, -2.5, true, "x"), "long", 12345678901L, "exp", 1e-7)));
        assertThat(JsonText.parse(" [ {} , [], null, \"\\u00e9\\/\" ] ")).isEqualTo(
                java.util.Arrays.asList(Map.of(), List.of(), null, "é/"));
    }

    @Test
    void malformedJsonNamesWhereItBroke() {
        assertThatThrownBy(() -> JsonText.parse("{\"a\": tru}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid JSON at [6]: expected a value");
        assertThatThrownBy(() -> JsonText.parse("{\"a\": 1")).hasMessage("Invalid JSON at [7]: expected [}]");
        assertThatThrownBy(() -> JsonText.parse("[1] x")).hasMessage("Invalid JSON at [4]: expected end of the document");
        assertThatThrownBy(() -> JsonText.parse("\"open")).hasMessage("Invalid JSON at [5]: expected the end of a string");
    }
}
