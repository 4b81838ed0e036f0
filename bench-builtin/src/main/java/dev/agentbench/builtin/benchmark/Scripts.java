package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.List;

/** The built-in scripts: text turns, sequential tool loops, and parallel tool calls. */
final class Scripts {

    private Scripts() {}

    /** One user turn answered with a short text: the script of turn1 and the construction benchmarks. */
    static Script greeting(String name) {
        return Script.singleText(name, "Hello, who are you?", "Hello! I am a scripted assistant. How can I help you today?");
    }

    /** A session of {@code turns} user turns, each answered with text. */
    static Script conversation(String name, int turns) {
        List<ScriptTurn> scripted = new ArrayList<>();
        for (int turn = 1; turn <= turns; turn++) {
            scripted.add(new ScriptTurn(
                    "Message " + turn + " of " + turns + ": tell me something about the number " + turn + ".",
                    List.of(Step.text("Reply " + turn + " of " + turns + ": the number " + turn
                            + " is a fine number, and this reply is long enough to stream in several chunks."))));
        }
        return new Script(name, scripted);
    }

    /** One user turn in which the model adds numbers {@code calls} times in sequence, then answers. */
    static Script loop(String name, int calls) {
        List<Step> steps = new ArrayList<>();
        for (int call = 1; call <= calls; call++) {
            steps.add(Step.toolCalls(new ScriptedToolCall("add_numbers", "{\"a\":" + call + ",\"b\":" + (call * 10) + "}")));
        }
        steps.add(Step.text("I added the numbers " + calls + " times; the last sum was " + (calls * 11) + "."));
        return new Script(name, List.of(new ScriptTurn("Add the numbers, one pair at a time.", steps)));
    }

    /** One user turn whose first reply makes the given tool calls at once, then answers with text. */
    static Script parallel(String name, String user, String answer, ScriptedToolCall... calls) {
        return new Script(name, List.of(new ScriptTurn(user, List.of(Step.toolCalls(calls), Step.text(answer)))));
    }
}
