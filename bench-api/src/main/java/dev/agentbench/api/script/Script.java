package dev.agentbench.api.script;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A scripted conversation: what the user says in each turn and what the model replies, step by
 * step. Registered with the mock under {@link #name()} and served at {@code /s/<name>/v1}.
 *
 * @param name where the mock serves the script: letters, digits, {@code .}, {@code _}, {@code -}
 * @param turns the turns, at least one
 */
public record Script(String name, List<ScriptTurn> turns) {

    /** What a script name may contain. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    public Script {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Script name [" + name + "] must match " + NAME);
        }
        if (turns == null || turns.isEmpty()) {
            throw new IllegalArgumentException("Script [" + name + "] has no turns");
        }
        turns = List.copyOf(turns);
    }

    /** A script of one turn whose reply is the given text. */
    public static Script singleText(String name, String user, String reply) {
        return new Script(name, List.of(new ScriptTurn(user, List.of(Step.text(reply)))));
    }

    /**
     * This script with no turn's {@link ScriptTurn#expect() expectation}: the same replies, and no
     * request checked. For a client that sends other contents than the benchmark's target would (the
     * mock's warm-up, which knows the script but not the benchmark's system prompt, tool schemas or
     * tool results).
     */
    public Script withoutExpectations() {
        return new Script(name, turns.stream().map(turn -> new ScriptTurn(turn.user(), turn.steps())).toList());
    }

    /**
     * The id of a scripted tool call, the same in the mock that sends it and in the checks that
     * expect it: unique within a conversation and derived from its position alone.
     *
     * @param turn the turn, from 0
     * @param step the step within the turn, from 0
     * @param index the call's index within the step, from 0
     */
    public static String toolCallId(int turn, int step, int index) {
        return "call_" + turn + "_" + step + "_" + index;
    }
}
