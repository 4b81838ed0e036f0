package dev.agentbench.api.script;

import java.util.List;
import java.util.Objects;

/**
 * One user turn of a script.
 *
 * @param user the user's message
 * @param steps the model's replies in this turn, one per request the framework makes: zero or more
 *     tool-call steps, then a final step with text (or a fault)
 * @param expect what every request of this turn must carry (the whole history, every tool), checked
 *     by the mock; {@code null} for no check
 */
public record ScriptTurn(String user, List<Step> steps, Expectation expect) {

    public ScriptTurn {
        Objects.requireNonNull(user, "user");
        if (steps == null || steps.isEmpty()) {
            throw new IllegalArgumentException("A turn needs at least one step");
        }
        steps = List.copyOf(steps);
        for (int i = 0; i < steps.size() - 1; i++) {
            if (steps.get(i).text() != null) {
                throw new IllegalArgumentException("Step " + (i + 1)
                        + " is a text reply, which ends the turn; only the last step may be text");
            }
        }
        Step last = steps.get(steps.size() - 1);
        if (!last.toolCalls().isEmpty()) {
            throw new IllegalArgumentException(
                    "The last step of a turn must be text or a fault, not tool calls: the framework would ask again");
        }
        if (expect != null && expect.messages().size() != steps.size()) {
            throw new IllegalArgumentException("The turn has " + steps.size() + " steps and its expectation "
                    + expect.messages().size() + "; it needs one per step");
        }
    }

    /** A turn whose requests the mock does not check. */
    public ScriptTurn(String user, List<Step> steps) {
        this(user, steps, null);
    }

    /** This turn with every request checked against {@code expect}. */
    public ScriptTurn expecting(Expectation expect) {
        return new ScriptTurn(user, steps, Objects.requireNonNull(expect, "expect"));
    }

    /** The text the turn must end with, or {@code null} if its last step is a fault. */
    public String finalText() {
        return steps.get(steps.size() - 1).text();
    }
}
