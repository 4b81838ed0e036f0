package dev.agentbench.core.measure;

import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a cell that observes the stream saw of it: for each session, the {@link System#nanoTime()} of
 * every piece the target handed the application and the piece's length in characters. Storage is
 * made once, before the first iteration: a ring of session slots, each with room for a fixed number of
 * pieces, reused session after session; a delivery is a clock read and two array stores, with no
 * allocation and no boxing. The slots of the timed pass's last sessions are copied out once it ends
 * ({@link #endTimed}), before anything else runs.
 *
 * <p>Every session of an iteration gets its slot's own view of the target's handle ({@link
 * #session}), made with the slot: a benchmark's {@code runTurn(user, session, message)} on it reaches
 * the target's {@code runTurn(user, session, message, observer)} with the slot as the observer. A turn
 * that returns without the target having handed over a single piece ends the cell as not applicable:
 * the target does not stream into the observer.
 */
public final class StreamLog {

    /** The reason of a streaming cell whose target delivered no piece. */
    public static final String NO_PIECES = "the target delivered no stream pieces (it does not implement runTurn"
            + " with a StreamObserver)";

    /** Sessions kept at least, the last ones of the timed pass. */
    public static final int MIN_SESSIONS = 256;

    private final Slot[] slots;
    private final AtomicInteger next = new AtomicInteger();
    private final AfterTimed afterTimed;

    /** What runs once the timed pass has ended, with its sessions: reading the mock's write times. */
    @FunctionalInterface
    public interface AfterTimed {
        void timedPassEnded(List<Session> sessions) throws Exception;
    }

    /**
     * @param concurrency the sessions of one iteration: the ring holds four iterations at least, so that
     *     no two sessions in flight share a slot
     * @param piecesPerSession room for this many pieces per session; more are counted, not kept
     */
    public StreamLog(int concurrency, int piecesPerSession, AfterTimed afterTimed) {
        this.afterTimed = afterTimed;
        int sessions = Math.max(MIN_SESSIONS, 4 * concurrency);
        int room = Math.max(1, piecesPerSession);
        slots = new Slot[sessions];
        for (int i = 0; i < sessions; i++) {
            slots[i] = new Slot(room);
        }
    }

    /**
     * The handle a new session {@code sessionId} plays on: {@code timed}, with the next slot as the
     * observer of every turn. Allocates nothing.
     */
    TargetHandle session(TargetHandle timed, String sessionId) {
        Slot slot = slots[Math.floorMod(next.getAndIncrement(), slots.length)];
        slot.start(timed, sessionId);
        return slot.view;
    }

    /** Forgets every slot: the sessions from now on are the timed pass's. Outside every iteration. */
    void beginTimed() {
        for (Slot slot : slots) {
            slot.start(null, null);
        }
        next.set(0);
    }

    /**
     * Copies the sessions of the timed pass, the last {@link #sessions()} of them at most, each with its
     * deliveries in the order they were recorded, and hands them to what runs after the timed pass.
     * Outside every iteration, before the memory pass.
     */
    void endTimed() throws Exception {
        afterTimed.timedPassEnded(timedSessions());
    }

    private List<Session> timedSessions() {
        int used = Math.min(next.get(), slots.length);
        List<Session> sessions = new ArrayList<>(used);
        for (Slot slot : slots) {
            if (slot.key != null) {
                int kept = Math.min(slot.count, slot.at.length);
                sessions.add(new Session(slot.key, Arrays.copyOf(slot.at, kept), Arrays.copyOf(slot.chars, kept),
                        slot.count - kept));
            }
        }
        return sessions;
    }

    /** How many sessions the ring keeps. */
    public int sessions() {
        return slots.length;
    }

    /**
     * One session's deliveries.
     *
     * @param key the session's id, which its user messages carry as their stream tag
     * @param at when each piece was handed over, {@link System#nanoTime()}
     * @param chars each piece's length in characters
     * @param dropped pieces past the slot's room, counted and not kept
     */
    public record Session(String key, long[] at, int[] chars, int dropped) {}

    /** One session's storage and its view of the handle. */
    private static final class Slot implements StreamObserver {
        final long[] at;
        final int[] chars;
        final View view = new View(this);
        volatile String key;
        TargetHandle timed;
        /** Pieces handed over in this session, kept or not. */
        int count;

        Slot(int room) {
            at = new long[room];
            chars = new int[room];
        }

        void start(TargetHandle handle, String sessionId) {
            timed = handle;
            count = 0;
            key = sessionId;
        }

        @Override
        public void text(CharSequence piece) {
            long now = System.nanoTime();
            int i = count;
            if (i < at.length) {
                at[i] = now;
                chars[i] = piece.length();
            }
            count = i + 1;
        }
    }

    /** A session's handle: every turn observed by its slot, and checked to have streamed. */
    private static final class View implements TargetHandle {
        private final Slot slot;

        View(Slot slot) {
            this.slot = slot;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            int before = slot.count;
            TurnResult result = slot.timed.runTurn(userId, sessionId, message, slot);
            if (slot.count == before) {
                throw new NotApplicableException(NO_PIECES);
            }
            return result;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
                throws Exception {
            return runTurn(userId, sessionId, message);
        }

        @Override
        public void deleteSession(String userId, String sessionId) throws Exception {
            slot.timed.deleteSession(userId, sessionId);
        }

        @Override
        public void close() {
            // the session's view: the cell closes the target's handle itself
        }
    }
}
