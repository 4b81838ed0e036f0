package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A SESSIONS cell in this JVM, on a clock that moves only when a turn runs. */
class SessionsProcedureTest {

    private static final long TURN_NANOS = 1_000;

    private final AtomicLong now = new AtomicLong();
    private final List<String> log = new ArrayList<>();

    /** Every turn takes exactly {@link #TURN_NANOS} of the fake clock. */
    private final TargetHandle handle = new TargetHandle() {
        private final java.util.Map<String, Integer> turns = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) {
            now.addAndGet(TURN_NANOS);
            int turn = turns.merge(sessionId, 1, Integer::sum);
            return TurnResult.text(turn == 1 ? "first" : "second");
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            turns.remove(sessionId);
        }

        @Override
        public void close() {}
    };

    /** Two turns; 4 sessions one after another would take 100 µs. */
    private final Benchmark twoTurns = new Benchmark() {
        @Override
        public String name() {
            return "two";
        }

        @Override
        public String description() {
            return "two turns";
        }

        @Override
        public Script script() {
            return new Script("two", List.of(new ScriptTurn("a", List.of(Step.text("first"))),
                    new ScriptTurn("b", List.of(Step.text("second")))));
        }

        @Override
        public long sequentialNanos() {
            return 100_000;
        }
    };

    private static PassSettings settings(int iterations, int warmup, boolean dryRun) {
        return PassSettings.builder().iterations(iterations).warmup(warmup).warmupTime(Duration.ZERO)
                .warmupMax(Duration.ZERO).dryRun(dryRun).build();
    }

    @Test
    void turnsOfTheTimedPassGiveTurnLatencyAndThroughput() throws Exception {
        Measurement measurement = SessionsProcedure.measure(twoTurns, handle, settings(5, 3, false), 1, now::get,
                log::add);

        assertThat(measurement.samples()).containsOnly(2 * TURN_NANOS).hasSize(5);
        assertThat(measurement.warmup().iterations()).isEqualTo(3);
        assertThat(measurement.cpu()).as("5 instant iterations: less CPU than the process clock resolves").isNull();
        // the warm-up's and the memory pass's turns are not in it: 5 sessions of 2 turns
        assertThat(measurement.turnLatency().n()).isEqualTo(10);
        assertThat(measurement.turnLatency().median()).isEqualTo(TURN_NANOS);
        // 5 sessions and 10 turns in 10 µs
        assertThat(measurement.throughput().sessionsPerSecond()).isEqualTo(500_000);
        assertThat(measurement.throughput().turnsPerSecond()).isEqualTo(1_000_000);
        assertThat(Figure.values(measurement.figures()).keySet())
                .as("the procedure's own figures are the collections; a kind adds the rest (the speedup is SESSIONS')")
                .containsExactlyInAnyOrder("gcPer1kOps", "gcMillisPer1kOps");
        assertThat(measurement.memory().allocatedBytesPerOp()).isNotNull();
        assertThat(measurement.warmup().steady()).isTrue();
        assertThat(log).anyMatch(line -> line.startsWith("throughput: 500000.0 sessions/s, 1000000.0 turns/s"));
    }

    @Test
    void aDryRunIsOneCheckedIterationAndNothingElse() throws Exception {
        Measurement measurement = SessionsProcedure.measure(twoTurns, handle, settings(50, 50, true), 1, now::get,
                log::add);

        assertThat(measurement.samples()).containsExactly(2 * TURN_NANOS);
        assertThat(measurement.warmup()).isNull();
        assertThat(measurement.cpu()).isNull();
        assertThat(measurement.memory()).isNull();
        assertThat(measurement.throughput()).isNull();
        assertThat(measurement.turnLatency()).isNull();
        assertThat(measurement.figures()).isEmpty();
        assertThat(now.get()).as("exactly one session ran").isEqualTo(2 * TURN_NANOS);
    }

    @Test
    void turnTimesBeyondTheCapacityAreCountedButNotKept() {
        TurnTimes times = new TurnTimes(2);
        TimedHandle timed = new TimedHandle(handle, now::get);
        timed.recordInto(times);
        for (int i = 0; i < 3; i++) {
            times.record(i + 1);
        }

        assertThat(times.count()).isEqualTo(3);
        assertThat(times.times()).containsExactly(1, 2);
        assertThat(times.overflowed()).isTrue();
    }

    /**
     * The two-turn benchmark whose sessions first play their first turn, and then take 50 ms of the
     * clock, in {@link Benchmark#prepareSession}: only the second turn is the session's timed part.
     */
    private final Benchmark prepared = new Benchmark() {
        @Override
        public String name() {
            return "prepared";
        }

        @Override
        public String description() {
            return "one turn prepared, one timed";
        }

        @Override
        public Script script() {
            return twoTurns.script();
        }

        @Override
        public void prepareSession(TargetHandle target, String userId, String sessionId) throws Exception {
            long prepared = preparedSessions.incrementAndGet();
            target.runTurn(userId, sessionId, "a");
            now.addAndGet(50_000_000);
            if (prepared <= collectingPreparations) {
                System.gc();
            }
        }

        @Override
        public void runSession(TargetHandle target, String userId, String sessionId) throws Exception {
            TurnResult second = target.runTurn(userId, sessionId, "b");
            if (!"second".equals(second.finalText())) {
                throw new dev.agentbench.api.CheckFailedException("turn 2 answered [" + second.finalText() + "]");
            }
        }
    };

    private final AtomicLong preparedSessions = new AtomicLong();

    /** How many preparations, the first ones, end with a full collection. */
    private volatile long collectingPreparations;

    @Test
    void aSessionsPreparationIsOutsideItsTimeItsTurnsAndItsAllocations() throws Exception {
        Measurement measurement = SessionsProcedure.measure(prepared, handle, settings(5, 3, false), 1, now::get,
                log::add);

        assertThat(measurement.samples()).as("50 ms of preparation in no sample").containsOnly(TURN_NANOS).hasSize(5);
        assertThat(measurement.turnLatency().n()).as("the prepared turns are no turn of the timed pass").isEqualTo(5);
        assertThat(measurement.throughput().turnsPerSecond()).isEqualTo(1_000_000);
        assertThat(preparedSessions.get()).as("every session of every pass is prepared, the warm-up's too")
                .isEqualTo(3 + 5 + Passes.memoryIterations(settings(5, 3, false), new long[5], TURN_NANOS));
    }

    @Test
    void concurrentSessionsAreEachPreparedBeforeTheClockStarts() throws Exception {
        Measurement measurement = SessionsProcedure.measure(prepared, handle, settings(4, 2, false), 3, now::get,
                log::add);

        // three sessions at once on a clock each turn moves: at most three turns' worth, never 50 ms
        assertThat(measurement.samples()).hasSize(4);
        assertThat(java.util.Arrays.stream(measurement.samples()).max().orElseThrow()).isLessThanOrEqualTo(3 * TURN_NANOS);
        assertThat(preparedSessions.get())
                .isEqualTo(3L * (2 + 4 + Passes.memoryIterations(settings(4, 2, false), new long[4], TURN_NANOS)));
    }

    @Test
    void collectionsThatEndWhileSessionsArePreparedAreNotCountedInTheTimedPass() throws Exception {
        collectingPreparations = Long.MAX_VALUE;
        Measurement measurement = SessionsProcedure.measure(prepared, handle, settings(5, 3, false), 1, now::get,
                log::add);

        // each of the 5 timed iterations' preparations collects once: counted, that would be 1,000 per 1,000
        Figure gc = Figure.find(measurement.figures(), "gcPer1kOps");
        assertThat(gc.value()).as("the turns themselves allocate next to nothing").isLessThan(1000.0);
        assertThat(Figure.find(measurement.figures(), "gcMillisPer1kOps").value())
                .isNotNegative();
        assertThat(log).anyMatch(line -> line.startsWith("gc: ")
                && line.matches(".*\\(not counting [1-9]\\d* that ended while sessions were prepared\\)"));
    }

    @Test
    void theLogSaysCollectionsWereLeftOutOnlyWhenTheTimedPassLeftSomeOut() throws Exception {
        collectingPreparations = 3; // the 3 warm-up iterations' preparations collect, the timed pass's do not
        SessionsProcedure.measure(prepared, handle, settings(5, 3, false), 1, now::get, log::add);

        assertThat(preparedSessions.get()).as("3 warm-up preparations came first").isGreaterThan(3);
        assertThat(log).anyMatch(line -> line.startsWith("gc: "))
                .noneMatch(line -> line.startsWith("gc: ") && line.contains("not counting"));
    }
}
