package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.script.Script;
import dev.agentbench.testkit.MockProcess;
import dev.agentbench.testkit.ObservedTurn;
import dev.agentbench.testkit.TestWorkloads;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@code ChatClient.stream()}'s {@code Flux} hands the harness's observer, straight from the real
 * mock: each chunk's text as it arrives (the mock waits before each chunk, so pieces handed over as
 * they come are spread over the reply's time, and buffered ones would all come at its end), no
 * tool-call pieces (the model buffers a tool-call reply and the tool-calling advisor does not emit
 * it), and nothing when the agent calls rather than streams.
 */
class SpringAiStreamObserverTest {

    /** The mock's wait before each chunk: the reply's four text chunks are written about 1.8 s apart, first to last. */
    private static final long CHUNK_DELAY_MS = 600;

    /** Less than the 1.8 s: what a streaming framework's deliveries spread over, with room for a loaded machine. */
    private static final double SPREAD_MS = 900;

    private static final Map<String, String> STREAM = Map.of("stream", "true");

    private static MockProcess mock;

    @BeforeAll
    static void start() throws Exception {
        mock = MockProcess.start();
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @Test
    void eachFragmentReachesTheObserverAsTheMockSendsIt() throws Exception {
        String text = TestWorkloads.words(40);
        ObservedTurn turn = ObservedTurn.play(mock, new SpringAiTarget(),
                TestWorkloads.slowStream("slow_text", text, CHUNK_DELAY_MS), List.of(), STREAM);
        assertThat(turn.pieces().text()).isEqualTo(text);
        assertThat(turn.pieces().textPieces()).hasSizeGreaterThanOrEqualTo(4);
        assertThat(turn.pieces().textSpreadMillis()).isGreaterThan(SPREAD_MS);
        assertThat(turn.firstTextBeforeEndMillis()).isGreaterThan(SPREAD_MS);
    }

    /** LangChain4j issue #3298's case: a tool call, then the answer, which must still stream. */
    @Test
    void afterAToolCallTheAnswerStreams() throws Exception {
        String text = TestWorkloads.words(40);
        ObservedTurn turn = ObservedTurn.play(mock, new SpringAiTarget(),
                TestWorkloads.toolThenSlowStream("tool_then_slow_text", text, CHUNK_DELAY_MS), TestWorkloads.tools(1),
                STREAM);
        assertThat(turn.result().toolCalls()).hasSize(1);
        assertThat(turn.result().toolResults()).hasSize(1);
        assertThat(turn.pieces().text()).isEqualTo(text);
        assertThat(turn.pieces().textSpreadMillis()).isGreaterThan(SPREAD_MS);
        assertThat(turn.pieces().toolCallPieces()).isEmpty();
    }

    /**
     * The {@code reply} benchmark's longest reply, one chunk per word as a model streams it: handed
     * over chunk by chunk, none merged, and adding up to the reply.
     */
    @Test
    void aLongReplyIsHandedOverChunkByChunk() throws Exception {
        ObservedTurn turn = ObservedTurn.play(mock, new SpringAiTarget(), TestWorkloads.longReply("long_reply", 2048),
                List.of(), STREAM);
        assertThat(turn.pieces().text()).isEqualTo(TestWorkloads.words(2048));
        assertThat(turn.pieces().textPieces()).hasSize(2048).noneMatch(piece -> piece.text().isEmpty());
    }

    @Test
    void aBlockingAgentHandsTheObserverNothing() throws Exception {
        ObservedTurn turn = ObservedTurn.play(mock, new SpringAiTarget(),
                Script.singleText("blocking_reply", "Tell me everything.", TestWorkloads.words(40)), List.of(),
                Map.of("stream", "false"));
        assertThat(turn.pieces().pieces()).isEmpty();
    }
}
