package dev.agentbench.mock;

import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.List;

/** Scripts the tests share. */
final class TestScripts {

    static final String TEXT = "Hello from the mock: naïve café, 日本語, emoji 🙂 and \"quotes\"\nnew line.";

    private TestScripts() {}

    /** One turn, one text step. */
    static Script text(String name) {
        return Script.singleText(name, "Hi", TEXT);
    }

    /** One turn: three parallel tool calls, then text. */
    static Script parallel(String name) {
        return new Script(name, List.of(new ScriptTurn("Weather in three cities?", List.of(
                Step.toolCalls(
                        new ScriptedToolCall("get_weather", "{\"city\":\"Paris\"}"),
                        new ScriptedToolCall("get_time", "{\"zone\":\"Europe/Berlin\",\"format\":\"24h\"}"),
                        new ScriptedToolCall("get_weather", "{\"city\":\"Tōkyō\",\"days\":[1,2,3]}")),
                Step.text("Paris is sunny.")))));
    }

    /** One turn whose only step serves {@code fault} over a text reply. */
    static Script fault(String name, Fault fault) {
        return new Script(name, List.of(new ScriptTurn("Hi", List.of(new Step(TEXT, List.of(), fault)))));
    }

    /** {@code turns} turns, each a tool call then a text naming the turn. */
    static Script turns(String name, int turns) {
        List<ScriptTurn> list = new ArrayList<>();
        for (int t = 0; t < turns; t++) {
            list.add(new ScriptTurn("question " + t, List.of(
                    Step.toolCalls(new ScriptedToolCall("lookup", "{\"turn\":" + t + "}")),
                    Step.text("answer " + t))));
        }
        return new Script(name, list);
    }
}
