package dev.agentbench.builtin.benchmark;

import dev.agentbench.api.script.ScriptTurn;
import java.util.List;

/**
 * One user turn answered with a streamed text of {@code tokens} tokens, one chunk each, with and
 * without a chunk delay: the framework's added time to first token, the lag of each chunk, and whether
 * it hands chunks to the application as they come or buffers them.
 */
public final class StreamTextBenchmark extends StreamingBenchmark {

    public static final String NAME = "stream_text";

    /** The defaults' first values: 256 tokens, no chunk delay. */
    public StreamTextBenchmark() {
        this(TOKENS.defaults().get(0), DELAY.defaults().get(0));
    }

    private StreamTextBenchmark(String tokens, String delay) {
        this(Integer.parseInt(tokens), Integer.parseInt(delay));
    }

    StreamTextBenchmark(int tokens, int delay) {
        super(tokens, delay);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "One turn answered with a streamed text, one chunk per token: added time to first token, chunk lag,"
                + " buffered or streamed";
    }

    @Override
    StreamingBenchmark create(int tokens, int delay) {
        return new StreamTextBenchmark(tokens, delay);
    }

    @Override
    List<ScriptTurn> turns() {
        return List.of(new ScriptTurn("Tell me a long story, word by word.", List.of(answer())));
    }
}
