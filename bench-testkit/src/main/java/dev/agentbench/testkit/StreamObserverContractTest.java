package dev.agentbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.script.Script;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What a streaming target hands the harness's {@link dev.agentbench.api.StreamObserver}, straight
 * from the real mock ({@link ObservedTurn}): each fragment as it arrives (the mock waits {@value
 * #CHUNK_DELAY_MS} ms before each chunk, so fragments handed over as they come are spread over the
 * reply's time, and buffered ones would all come at its end), the answer after a tool call streamed
 * as well, a long reply chunk by chunk, and nothing when the agent does not stream.
 *
 * <p>Extend it with the target, as {@link TargetContractTest}. Override {@link #streamOptions()} and
 * {@link #blockingOptions()} when {@code stream=true} and {@code stream=false} are not what makes
 * the target stream and block, and {@link #passesToolCallPieces()} when the framework hands on the
 * pieces of a tool call's arguments (they are then checked; otherwise there must be none).
 *
 * <p>Stability: experimental in 0.x; checks may be added.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class StreamObserverContractTest {

    /** The mock's wait before each chunk: a reply's four text chunks are written about 1.8 s apart, first to last. */
    public static final long CHUNK_DELAY_MS = 600;

    /** Less than the 1.8 s: what a streaming framework's deliveries spread over, with room for a loaded machine. */
    public static final double SPREAD_MS = 900;

    /** How many words the slowly streamed replies have. */
    public static final int WORDS = 40;

    /** How many words, one chunk each, the long reply has: the {@code reply} benchmark's longest. */
    public static final int LONG_REPLY_WORDS = 2048;

    private MockProcess mock;

    /** The target under test; return a fresh instance. */
    protected abstract BenchTarget target();

    /** The options that make the target stream; {@code stream=true} by default. */
    protected Map<String, String> streamOptions() {
        return Map.of("stream", "true");
    }

    /** The options that make the target block; {@code stream=false} by default. */
    protected Map<String, String> blockingOptions() {
        return Map.of("stream", "false");
    }

    /**
     * Whether the framework hands on the pieces of a tool call's arguments as they stream: then they
     * must carry the call's id, add up to its arguments and all come before the answer's first text
     * piece. {@code false} by default: no tool-call piece may come.
     */
    protected boolean passesToolCallPieces() {
        return false;
    }

    @BeforeAll
    final void startMock() throws Exception {
        mock = MockProcess.start();
    }

    @AfterAll
    final void stopMock() {
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    public void eachFragmentReachesTheObserverAsTheMockSendsIt() throws Exception {
        String text = AgentTraffic.words(WORDS);
        ObservedTurn turn = ObservedTurn.play(mock, target(),
                TestWorkloads.slowStream("slow_text", text, CHUNK_DELAY_MS), List.of(), streamOptions());
        assertEquals(text, turn.pieces().text(), "the text pieces, joined");
        assertTrue(turn.pieces().textPieces().size() >= 4, "text pieces: " + turn.pieces().textPieces());
        assertSpread(turn);
        assertTrue(turn.firstTextBeforeEndMillis() > SPREAD_MS, "the first text piece came "
                + turn.firstTextBeforeEndMillis() + " ms before the turn returned, not more than " + SPREAD_MS);
    }

    /** LangChain4j issue #3298's case: a tool call, then the answer, which must still stream. */
    @Test
    public void afterAToolCallTheAnswerStreams() throws Exception {
        String text = AgentTraffic.words(WORDS);
        ObservedTurn turn = ObservedTurn.play(mock, target(),
                TestWorkloads.toolThenSlowStream("tool_then_slow_text", text, CHUNK_DELAY_MS), TestWorkloads.tools(1),
                streamOptions());
        assertEquals(1, turn.result().toolCalls().size(), "tool calls: " + turn.result().toolCalls());
        assertEquals(1, turn.result().toolResults().size(), "tool results: " + turn.result().toolResults());
        assertEquals(text, turn.pieces().text(), "the text pieces, joined");
        assertSpread(turn);

        List<PieceRecorder.Piece> call = turn.pieces().toolCallPieces();
        if (!passesToolCallPieces()) {
            assertEquals(List.of(), call, "tool-call pieces from a framework that passes none on");
            return;
        }
        assertFalse(call.isEmpty(), "no tool-call piece came");
        String id = Script.toolCallId(0, 0, 0);
        call.forEach(piece -> assertEquals(id, piece.callId(), "a tool-call piece's call id: " + piece));
        StringBuilder arguments = new StringBuilder();
        call.forEach(piece -> arguments.append(piece.text()));
        assertEquals(TestWorkloads.historyArguments(0), arguments.toString(),
                "the tool call's argument pieces, joined");
        assertTrue(call.get(call.size() - 1).nanos() < turn.pieces().textPieces().get(0).nanos(),
                "the last tool-call piece came after the answer's first text piece");
    }

    /**
     * The {@code reply} benchmark's longest reply, one chunk per word as a model streams it: handed
     * over chunk by chunk, none merged, and adding up to the reply.
     */
    @Test
    public void aLongReplyIsHandedOverChunkByChunk() throws Exception {
        ObservedTurn turn = ObservedTurn.play(mock, target(), TestWorkloads.longReply("long_reply", LONG_REPLY_WORDS),
                List.of(), streamOptions());
        assertEquals(AgentTraffic.words(LONG_REPLY_WORDS), turn.pieces().text(), "the text pieces, joined");
        List<PieceRecorder.Piece> pieces = turn.pieces().textPieces();
        assertEquals(LONG_REPLY_WORDS, pieces.size(), "text pieces");
        assertTrue(pieces.stream().noneMatch(piece -> piece.text().isEmpty()), "an empty text piece came");
    }

    @Test
    public void aBlockingAgentHandsTheObserverNothing() throws Exception {
        ObservedTurn turn = ObservedTurn.play(mock, target(),
                Script.singleText("blocking_reply", "Tell me everything.", AgentTraffic.words(WORDS)), List.of(),
                blockingOptions());
        assertEquals(List.of(), turn.pieces().pieces(), "pieces handed over by a turn that did not stream");
    }

    private static void assertSpread(ObservedTurn turn) {
        double spread = turn.pieces().textSpreadMillis();
        assertTrue(spread > SPREAD_MS, "the text pieces came within " + spread + " ms, not spread over more than "
                + SPREAD_MS + ": the target buffered the reply");
    }
}
