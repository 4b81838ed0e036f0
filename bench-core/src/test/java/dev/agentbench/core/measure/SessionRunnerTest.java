package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Spins the calling thread for {@code nanos} of its own CPU time. */
    private static void spin(long nanos) {
        long end = THREADS.getCurrentThreadCpuTime() + nanos;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            Thread.onSpinWait();
        }
    }

    /**
     * A benchmark whose sessions spin {@code prepare} ns of CPU untimed, in prepareSession, then {@code run}
     * ns timed; it says it prepares its sessions as {@code says} does, and keeps the ids of those it prepared.
     */
    private static final class Spinning implements Benchmark {
        private final long prepare;
        private final long run;
        private final boolean says;
        final List<String> prepared = Collections.synchronizedList(new ArrayList<>());

        Spinning(long prepare, long run, boolean says) {
            this.prepare = prepare;
            this.run = run;
            this.says = says;
        }

        @Override
        public String name() {
            return "spinning";
        }

        @Override
        public String description() {
            return "spins in its preparation and in its session";
        }

        @Override
        public Script script() {
            return Script.singleText("spinning", "hi", "ok");
        }

        @Override
        public boolean preparesSessions() {
            return says;
        }

        @Override
        public void prepareSession(TargetHandle target, String userId, String sessionId) {
            prepared.add(sessionId);
            spin(prepare);
        }

        @Override
        public void runSession(TargetHandle target, String userId, String sessionId) {
            spin(run);
        }
    }

    private static Benchmark spinning(long prepare, long run) {
        return new Spinning(prepare, run, true);
    }

    /**
     * A benchmark that overrides prepareSession but says it prepares nothing at its values (toolset,
     * reply: no earlier turns) is not prepared, and no CPU is read around the nothing it would do.
     */
    @Test
    void aBenchmarkThatSaysItPreparesNothingIsNeitherPreparedNorReadAround() throws Exception {
        Spinning empty = new Spinning(1_000_000, 0, false);
        assertThat(SessionRunner.prepares(empty)).isFalse();
        assertThat(SessionRunner.prepares(spinning(0, 0))).isTrue();
        assertThat(SessionRunner.prepares(benchmark((user, session) -> {}))).as("no prepareSession of its own").isFalse();
        for (int concurrency : new int[] {1, 3}) {
            try (SessionRunner runner = new SessionRunner(empty, handle, concurrency, this::clock)) {
                runner.run("a");
                runner.run("b");
                assertThat(runner.untimedCpuNanos()).as("untimed CPU at concurrency %d", concurrency).isZero();
            }
        }
        assertThat(empty.prepared).isEmpty();
    }

    /** The median CPU time one reading of the process's CPU costs the thread that reads it. */
    private static long readingCost() {
        long[] costs = new long[101];
        for (int i = 0; i < costs.length; i++) {
            long before = THREADS.getCurrentThreadCpuTime();
            ProcessCpu.read();
            costs[i] = THREADS.getCurrentThreadCpuTime() - before;
        }
        Arrays.sort(costs);
        return costs[costs.length / 2];
    }

    /**
     * A session's preparation is read around, once an iteration, by two readings of every thread's CPU
     * time. Neither the preparation's CPU nor those readings' own may be in the timed pass's CPU per
     * operation, which must be the timed session's: 50 µs of spinning here, and a little of the JVM's
     * own threads'. Before the reading thread was counted by its own clock, about one reading's cost
     * was counted as timed: 390–420 µs an operation here (a reading cost 260–330 µs); now 80–130 µs,
     * the rest the JVM's own threads'.
     */
    @ParameterizedTest(name = "preparing {0} ns an iteration")
    @CsvSource({"0, 3000", "1000000, 1000"})
    void theTimedCpuHoldsNeitherThePreparationNorTheReadingsAroundIt(long prepare, int iterations) throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc/self/task on this system");
        long run = 50_000;
        Passes passes = new Passes(System::nanoTime);
        PassSettings settings = PassSettings.builder().iterations(iterations).build();
        try (SessionRunner runner = new SessionRunner(spinning(prepare, run), handle, 1, System::nanoTime)) {
            passes.timed(runner, settings); // compiles the spin and the readings
            Passes.TimedPass pass = passes.timed(runner, settings);
            long reading = readingCost();

            assertThat(pass.cpu()).as("a pass of %d × 50 µs and its readings has a CPU figure", iterations).isNotNull();
            assertThat(pass.cpu().nanosPerOp()).as("CPU per operation, one reading costing %d ns", reading)
                    .isBetween(run * 0.95, run + reading / 2.0);
        }
    }
}
