package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.StreamTag;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A benchmark that observes the stream ({@link #streamed()} is {@code true}): its reply is {@code
 * tokens} tokens streamed one chunk each, {@code delay} milliseconds before each chunk as a model's
 * tokens come (20 ms is about 50 tokens a second), and each user message carries the session's
 * {@link StreamTag}, by which the mock files the write time of each chunk for the harness to pair with
 * the pieces the target delivers.
 */
abstract class StreamingBenchmark implements Benchmark {

    static final Parameter TOKENS = Parameter.ints("tokens", "reply tokens, streamed one chunk each", 256);
    static final Parameter DELAY = Parameter.ints("delay", "milliseconds before each streamed chunk, as a model's "
            + "tokens come", 0, 20);

    /** Four-letter words the replies are made of, a token each: deterministic, and the same length. */
    private static final String[] WORDS = {"able", "bold", "calm", "dark", "easy", "fair", "glad", "high", "idle",
        "just", "keen", "lean", "mild", "neat", "open", "pure", "quit", "rich", "safe", "tame", "used", "vast",
        "warm", "zany"};

    /** The most tokens a reply may have. */
    static final int MAX_TOKENS = 1 << 16;

    /** The longest chunk delay, in milliseconds. */
    static final int MAX_DELAY = 1000;

    final int tokens;
    final int delay;
    private final Script script;

    StreamingBenchmark(int tokens, int delay) {
        this.tokens = tokens;
        this.delay = delay;
        this.script = new Script(name(), turns());
    }

    /** A new instance of the same benchmark with these values. */
    abstract StreamingBenchmark create(int tokens, int delay);

    /** The script's turns, made from {@link #tokens} and {@link #delay}. */
    abstract List<ScriptTurn> turns();

    /** The streamed answer: {@link #tokens} words, one chunk each, {@link #delay} ms before each. */
    final Step answer() {
        Fault fault = delay == 0 ? null : new Fault(0, null, 0, 0, delay, false, false, false);
        return new Step(text(tokens), List.of(), fault, tokens);
    }

    /** {@code tokens} words, separated by spaces. */
    static String text(int tokens) {
        StringBuilder text = new StringBuilder(tokens * 5);
        for (int i = 0; i < tokens; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(WORDS[i % WORDS.length]);
        }
        return text.toString();
    }

    @Override
    public final Script script() {
        return script;
    }

    @Override
    public final boolean supportsConcurrency() {
        return true;
    }

    @Override
    public final Optional<Boolean> streamed() {
        return Optional.of(true);
    }

    @Override
    public final List<Parameter> parameters() {
        return List.of(TOKENS, DELAY);
    }

    /** The values this instance has, by name. */
    final Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(TOKENS.name(), Integer.toString(tokens));
        values.put(DELAY.name(), Integer.toString(delay));
        return values;
    }

    @Override
    public final Benchmark with(Map<String, String> values) {
        for (String name : values.keySet()) {
            if (!name.equals(TOKENS.name()) && !name.equals(DELAY.name())) {
                throw new IllegalArgumentException("Benchmark [" + name() + "] takes the parameters [tokens, delay],"
                        + " was given [" + name + "]");
            }
        }
        int newTokens = whole(values, TOKENS.name(), tokens, 1, MAX_TOKENS);
        int newDelay = whole(values, DELAY.name(), delay, 0, MAX_DELAY);
        return create(newTokens, newDelay);
    }

    private static int whole(Map<String, String> values, String name, int current, int least, int most) {
        String value = values.get(name);
        if (value == null) {
            return current;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= least && parsed <= most) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Parameter [" + name + "] must be a whole number from " + least + " to "
                + most + ", was [" + value + "]");
    }

    /** Plays every turn with the session's stream tag after its user message, and checks each. */
    @Override
    public final void runSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        List<ScriptTurn> turns = script.turns();
        for (int turn = 0; turn < turns.size(); turn++) {
            TurnResult result = handle.runTurn(userId, sessionId, StreamTag.tagged(turns.get(turn).user(), sessionId));
            ScriptChecks.verifyTurn(script, turn, result);
        }
    }
}
