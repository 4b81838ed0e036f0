package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SessionRunnerTest {

    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong now = new AtomicLong();

    /** A clock that logs each read and moves 100 ns per read. */
    private long clock() {
        events.add("clock");
        return now.addAndGet(100);
    }

    private final TargetHandle handle = new TargetHandle() {
        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) {
            return TurnResult.text("ok");
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            events.add("delete " + userId + " " + sessionId);
        }

        @Override
        public void close() {}
    };

    private Benchmark benchmark(SessionBody body) {
        return new Benchmark() {
            @Override
            public String name() {
                return "test";
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public Script script() {
                return Script.singleText("test", "hi", "ok");
            }

            @Override
            public void runSession(TargetHandle target, String userId, String sessionId) throws Exception {
                body.run(userId, sessionId);
            }
        };
    }

    interface SessionBody {
        void run(String userId, String sessionId) throws Exception;
    }

    @Test
    void oneSessionIsTimedByTheClockAndDeletedOutsideTheTimedRegion() throws Exception {
        try (SessionRunner runner = new SessionRunner(
                benchmark((user, session) -> events.add("session " + user + " " + session)), handle, 1, this::clock)) {
            long elapsed = runner.run("t7");

            assertThat(elapsed).isEqualTo(100);
            assertThat(events).containsExactly(
                    "clock", "session user-t7-0 session-t7-0", "clock", "delete user-t7-0 session-t7-0");
        }
    }

    @Test
    void concurrentSessionsRunAtOnceWithDistinctIdsAndAreAllDeletedAfterTheClockStops() throws Exception {
        int n = 4;
        // each session waits for all the others: this only passes if all 4 run at the same time
        CyclicBarrier together = new CyclicBarrier(n);
        try (SessionRunner runner = new SessionRunner(benchmark((user, session) -> {
            together.await(10, TimeUnit.SECONDS);
            events.add("session " + user + " " + session);
        }), handle, n, this::clock)) {
            long elapsed = runner.run("t0");

            assertThat(elapsed).isEqualTo(100);
            assertThat(events.get(0)).isEqualTo("clock");
            assertThat(events.subList(1, 5)).containsExactlyInAnyOrder("session user-t0-0 session-t0-0",
                    "session user-t0-1 session-t0-1", "session user-t0-2 session-t0-2", "session user-t0-3 session-t0-3");
            assertThat(events.get(5)).isEqualTo("clock");
            assertThat(events.subList(6, 10)).allMatch(event -> event.startsWith("delete "));
        }
    }

    @Test
    void aFailedSessionFailsTheIterationAfterAllHaveEndedAndStillDeletesThem() {
        try (SessionRunner runner = new SessionRunner(benchmark((user, session) -> {
            if (session.endsWith("-1")) {
                throw new IllegalStateException("boom in " + session);
            }
        }), handle, 3, this::clock)) {
            assertThatThrownBy(() -> runner.run("t1")).isInstanceOf(IllegalStateException.class)
                    .hasMessage("boom in session-t1-1");
            assertThat(events).filteredOn(event -> event.startsWith("delete ")).hasSize(3);
        }
    }
}
