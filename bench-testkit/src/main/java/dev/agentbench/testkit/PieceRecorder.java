package dev.agentbench.testkit;

import dev.agentbench.api.StreamObserver;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link StreamObserver} that keeps what a target handed it, with when: for a target's tests of
 * its streaming (that the pieces add up to the reply, that they came while the reply was being
 * sent rather than all at its end). Safe to call from any thread.
 *
 * <p>Stability: experimental in 0.x.
 */
public final class PieceRecorder implements StreamObserver {

    /**
     * One piece as the target handed it.
     *
     * @param nanos {@link System#nanoTime()} when it was handed over
     * @param callId the tool call's id for a tool-call piece ({@code null} when the framework gives
     *     none, and for text)
     * @param text the piece
     * @param toolCall whether it is a piece of a tool call's arguments rather than of the reply's text
     */
    public record Piece(long nanos, String callId, String text, boolean toolCall) {}

    private final List<Piece> pieces = new ArrayList<>();

    @Override
    public synchronized void text(CharSequence piece) {
        pieces.add(new Piece(System.nanoTime(), null, piece.toString(), false));
    }

    @Override
    public synchronized void toolCallDelta(String callId, CharSequence argumentsPiece) {
        pieces.add(new Piece(System.nanoTime(), callId, argumentsPiece == null ? "" : argumentsPiece.toString(), true));
    }

    /** The text pieces, in the order they came. */
    public synchronized List<Piece> textPieces() {
        return pieces.stream().filter(piece -> !piece.toolCall()).toList();
    }

    /** The tool-call pieces, in the order they came. */
    public synchronized List<Piece> toolCallPieces() {
        return pieces.stream().filter(Piece::toolCall).toList();
    }

    /** The text pieces joined: what a user watching the stream read. */
    public synchronized String text() {
        StringBuilder text = new StringBuilder();
        textPieces().forEach(piece -> text.append(piece.text()));
        return text.toString();
    }

    /** Milliseconds from the first text piece to the last; 0 with fewer than two. */
    public synchronized double textSpreadMillis() {
        List<Piece> text = textPieces();
        return text.size() < 2 ? 0 : (text.get(text.size() - 1).nanos() - text.get(0).nanos()) / 1e6;
    }

    /** Everything handed over so far, in order. */
    public synchronized List<Piece> pieces() {
        return new ArrayList<>(pieces);
    }
}
