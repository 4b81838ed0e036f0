package dev.agentbench.cli.calibration;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.StreamTag;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.util.List;
import java.util.Optional;

/**
 * A short streamed reply with a model's chunk delay, for the end-to-end test of the buffered flag: 16
 * words, one chunk each, 20 ms before each chunk, so that an iteration takes a few tenths of a second
 * and the sends spread over about 300 ms. It observes the stream, as the built-in {@code stream_text}
 * does, by tagging its user message with the session's {@link StreamTag}.
 */
public class StreamCalibrationBenchmark implements Benchmark {

    public static final String NAME = "stream_calibration";

    static final int WORDS = 16;
    static final long CHUNK_DELAY_MS = 20;

    private static final Script SCRIPT = new Script(NAME, List.of(new ScriptTurn("Stream me sixteen words.",
            List.of(new Step(text(), List.of(), new Fault(0, null, 0, 0, CHUNK_DELAY_MS, false, false, false),
                    WORDS)))));

    private static String text() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < WORDS; i++) {
            text.append(i == 0 ? "" : " ").append("word").append((char) ('a' + i));
        }
        return text.toString();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Test benchmark: 16 streamed words, 20 ms before each chunk";
    }

    @Override
    public Script script() {
        return SCRIPT;
    }

    @Override
    public Optional<Boolean> streamed() {
        return Optional.of(true);
    }

    @Override
    public void runSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        ScriptTurn turn = SCRIPT.turns().get(0);
        String message = tags() ? StreamTag.tagged(turn.user(), sessionId) : turn.user();
        ScriptChecks.verifyTurn(SCRIPT, 0, handle.runTurn(userId, sessionId, message));
    }

    /** Whether the user message carries the session's stream tag. */
    boolean tags() {
        return true;
    }

    /**
     * The same reply, observed as streamed, but with its user message untagged: the mistake a plugin's
     * streamed benchmark can make, which even a dry run must report.
     */
    public static final class Untagged extends StreamCalibrationBenchmark {

        @Override
        public String name() {
            return "stream_untagged";
        }

        @Override
        public String description() {
            return "Test benchmark: stream_calibration's reply with its user message untagged";
        }

        @Override
        boolean tags() {
            return false;
        }
    }
}
