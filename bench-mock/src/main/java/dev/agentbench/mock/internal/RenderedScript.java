package dev.agentbench.mock.internal;

import dev.agentbench.api.script.Script;

/**
 * A registered script with every step rendered: the source script and, by turn and step, what the
 * mock sends; and its {@link LoadCounters} and {@link StreamWrites}, which start empty with each
 * registration.
 */
public final class RenderedScript {

    private final Script script;
    private final RenderedStep[][] steps;
    private final LoadCounters load;
    private final RequestCheck checks;
    private final StreamWrites writes = new StreamWrites();

    /** {@code timedFromTurn}: the first turn (from 0) whose replies its load counters time. */
    RenderedScript(Script script, RenderedStep[][] steps, int timedFromTurn) {
        this.script = script;
        this.steps = steps;
        this.checks = new RequestCheck(script);
        this.load = new LoadCounters(timedFromTurn);
    }

    /** Whether any turn says what its requests must carry, so that requests are measured. */
    public boolean checked() {
        return checks.any();
    }

    /**
     * What a measured request lacks of what its turn expects, as the message of the 400 it is
     * answered with; {@code null} when it passes or nothing is expected of it.
     */
    public String check(ChatRequest request) {
        return checks.check(request);
    }

    public Script script() {
        return script;
    }

    /** The load counters since this registration. */
    public LoadCounters load() {
        return load;
    }

    /** When the mock wrote each event of the tagged streamed text replies since this registration. */
    public StreamWrites writes() {
        return writes;
    }

    public String name() {
        return script.name();
    }

    /** The step at {@code turn} and {@code step} (both from 0), or {@code null} past the script's end. */
    public RenderedStep step(int turn, int step) {
        if (turn < 0 || turn >= steps.length) {
            return null;
        }
        RenderedStep[] turnSteps = steps[turn];
        return step < 0 || step >= turnSteps.length ? null : turnSteps[step];
    }

    /** Why there is no step at {@code turn}, {@code step} (from 0); the message counts from 1. */
    public String describeEnd(int turn, int step) {
        String at = "Script [" + name() + "] has no reply for turn [" + (turn + 1) + "], step [" + (step + 1)
                + "] (counted from 1): ";
        if (turn >= steps.length) {
            return at + "the script has " + steps.length + " turn" + (steps.length == 1 ? "" : "s")
                    + "; the request has " + (turn + 1) + " user messages";
        }
        int count = steps[turn].length;
        return at + "turn " + (turn + 1) + " has " + count + " step" + (count == 1 ? "" : "s")
                + "; the request has " + step + " assistant messages after its last user message";
    }
}
