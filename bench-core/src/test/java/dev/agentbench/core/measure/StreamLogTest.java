package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each session's observer: what a turn delivers is kept per session, and a turn that delivers nothing is not applicable. */
class StreamLogTest {

    /** A handle whose turns deliver {@code pieces} pieces of text to the observer, or none. */
    private static TargetHandle delivering(int pieces) {
        return new TargetHandle() {
            @Override
            public TurnResult runTurn(String userId, String sessionId, String message) {
                return runTurn(userId, sessionId, message, StreamObserver.NONE);
            }

            @Override
            public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer) {
                for (int i = 0; i < pieces; i++) {
                    observer.text("ab");
                }
                return TurnResult.text("ab".repeat(pieces));
            }

            @Override
            public void deleteSession(String userId, String sessionId) {}

            @Override
            public void close() {}
        };
    }

    @Test
    void eachSessionKeepsItsOwnDeliveriesAndTheTimedPassHandsThemOn() throws Exception {
        List<StreamLog.Session> handedOn = new ArrayList<>();
        StreamLog log = new StreamLog(1, 3, handedOn::addAll);
        TargetHandle target = delivering(5);
        log.session(target, "session-w0-0").runTurn("u", "session-w0-0", "hi");
        log.beginTimed();
        log.session(target, "session-t0-0").runTurn("u", "session-t0-0", "hi");
        log.session(target, "session-t1-0").runTurn("u", "session-t1-0", "hi");
        log.endTimed();

        assertThat(handedOn).extracting(StreamLog.Session::key).containsExactly("session-t0-0", "session-t1-0");
        StreamLog.Session first = handedOn.get(0);
        assertThat(first.at()).hasSize(3).isSorted();
        assertThat(first.chars()).containsExactly(2, 2, 2);
        assertThat(first.dropped()).as("pieces past the slot's room are counted").isEqualTo(2);
    }

    @Test
    void aTurnThatDeliversNoPieceIsNotApplicable() {
        StreamLog log = new StreamLog(1, 8, sessions -> {});
        TargetHandle view = log.session(delivering(0), "session-t0-0");
        assertThatThrownBy(() -> view.runTurn("u", "session-t0-0", "hi"))
                .isInstanceOf(NotApplicableException.class).hasMessage(StreamLog.NO_PIECES);
    }

    @Test
    void theRingHoldsFourIterationsOfSessionsAtLeast() {
        assertThat(new StreamLog(1, 1, sessions -> {}).sessions()).isEqualTo(StreamLog.MIN_SESSIONS);
        assertThat(new StreamLog(100, 1, sessions -> {}).sessions()).isEqualTo(400);
    }
}
