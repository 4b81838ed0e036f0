package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.builtin.workload.Workload;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One turn whose reply is R tokens (words) long, streamed as R chunks, one per token as OpenAI
 * streams, or sent as one body: what a framework's per-chunk pipeline and its handling of a long
 * reply cost. {@link #streamed()} is the {@code stream} parameter, so the harness sets the target's
 * {@code stream} option for each cell, and, when it is {@code true}, observes the stream as {@code
 * stream_text} does: each user message carries the session's {@link dev.agentbench.api.StreamTag}.
 */
public final class ReplyBenchmark extends WorkloadBenchmark {

    public static final String NAME = "reply";

    public static final Parameter TOKENS = Parameter.ints("tokens",
            "Tokens (words) in the reply; streamed, one chunk each", 16, 256, 2048);
    public static final Parameter STREAM = new Parameter("stream",
            "Whether the reply is streamed (the target's stream option)", List.of("false", "true"));

    /** The most tokens: 65,536 words are some 450 KB of reply. */
    static final int MAX_TOKENS = 65_536;
    static final int SYSTEM_BYTES = 2048;

    /** Made once: the timed pass asks for it every session. */
    private final Optional<Boolean> stream;

    /** At the first defaults, as {@link java.util.ServiceLoader} makes it. */
    public ReplyBenchmark() {
        this(Integer.parseInt(TOKENS.defaults().get(0)), Boolean.parseBoolean(STREAM.defaults().get(0)));
    }

    private ReplyBenchmark(int tokens, boolean stream) {
        this(tokens, stream, Workload.systemPrompt(SYSTEM_BYTES));
    }

    private ReplyBenchmark(int tokens, boolean stream, String instructions) {
        super(NAME, "One turn answered with a reply of R tokens, streamed as R chunks or sent whole",
                List.of(TOKENS, STREAM), instructions, List.of(), script(tokens, stream, instructions), 0);
        this.stream = Optional.of(stream);
    }

    @Override
    public Benchmark with(Map<String, String> values) {
        Params params = Params.of(NAME, parameters(), values);
        return new ReplyBenchmark(params.whole(TOKENS.name(), 1, MAX_TOKENS), params.flag(STREAM.name()));
    }

    @Override
    public Optional<Boolean> streamed() {
        return stream;
    }

    private static Script script(int tokens, boolean stream, String instructions) {
        ScriptTurn turn = new ScriptTurn(Workload.userMessage(0, Turns.USER_BYTES),
                List.of(Step.text(Workload.reply(0, tokens)).withChunks(tokens)));
        return Workload.expecting(new Script(NAME + ".tokens-" + tokens + ".stream-" + stream, List.of(turn)),
                instructions, List.of());
    }
}
