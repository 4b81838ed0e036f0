package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A LOAD cell in this JVM, against a handle whose every turn waits a fixed time as a model would:
 * sessions run at once and back to back, every turn is checked and every session deleted, and a
 * failure stops them all.
 */
class LoadProcedureTest {

    private static final long MODEL_MILLIS = 20;

    private final List<String> log = new CopyOnWriteArrayList<>();

    /** Waits {@link #MODEL_MILLIS} per turn; counts turns at once, sessions and deletes. */
    private static class WaitingHandle implements TargetHandle {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final Set<String> sessions = ConcurrentHashMap.newKeySet();
        final Set<String> deleted = ConcurrentHashMap.newKeySet();
        final AtomicInteger turns = new AtomicInteger();
        volatile int failAt = -1;

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                if (!sessions.add(sessionId)) {
                    throw new IllegalStateException("Session [" + sessionId + "] was used twice");
                }
                Thread.sleep(MODEL_MILLIS);
                int turn = turns.incrementAndGet();
                return TurnResult.text(turn == failAt ? "not what the script says" : "It is warm.");
            } finally {
                running.decrementAndGet();
            }
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            deleted.add(sessionId);
        }

        @Override
        public void close() {}
    }

    /** One turn of two model calls: a tool call, then text. */
    private static final Benchmark LOAD = new Benchmark() {
        @Override
        public String name() {
            return "load";
        }

        @Override
        public String description() {
            return "a tool call, then text";
        }

        @Override
        public Script script() {
            return new Script("load", List.of(new ScriptTurn("Warm?", List.of(
                    Step.toolCalls(new ScriptedToolCall("get_weather", "{\"city\":\"Lisbon\"}")),
                    Step.text("It is warm.")))));
        }

        @Override
        public BenchmarkKind kind() {
            return BenchmarkKind.LOAD;
        }

        @Override
        public void runSession(TargetHandle handle, String userId, String sessionId) throws Exception {
            TurnResult result = handle.runTurn(userId, sessionId, "Warm?");
            if (!"It is warm.".equals(result.finalText())) {
                throw new dev.agentbench.api.CheckFailedException("expected [It is warm.], got [" + result.finalText() + "]");
            }
        }
    };

    private static PassSettings settings(boolean dryRun) {
        return PassSettings.builder().warmupTime(Duration.ofMillis(200)).measureTime(Duration.ofMillis(600))
                .modelLatency(Duration.ofMillis(MODEL_MILLIS)).dryRun(dryRun).build();
    }

    @Test
    void sessionsRunAtOnceAndBackToBackAndEveryTurnOfTheWindowIsASample() throws Exception {
        WaitingHandle handle = new WaitingHandle();

        Measurement measurement = LoadProcedure.measure(LOAD, handle, settings(false), 8, System::nanoTime, log::add,
                Profiler.NONE);

        assertThat(handle.mostAtOnce.get()).as("every session's turn was in flight at once").isEqualTo(8);
        long[] samples = measurement.samples();
        assertThat(samples).as("turns that ended in the window").isNotEmpty();
        assertThat(java.util.Arrays.stream(samples).min().getAsLong()).as("no turn quicker than the model")
                .isGreaterThanOrEqualTo(MODEL_MILLIS * 1_000_000);
        assertThat(handle.turns.get()).as("the warm-up's and the drain's turns are not samples")
                .isGreaterThan(samples.length);
        double meanTurnSeconds = java.util.Arrays.stream(samples).average().orElseThrow() / 1e9;
        assertThat(measurement.throughput().turnsPerSecond())
                .as("8 sessions, each a turn after another: 8 ÷ the mean turn time, and not the whole turns the"
                        + " window happened to hold").isCloseTo(8 / meanTurnSeconds, org.assertj.core.data.Percentage.withPercentage(5));
        assertThat(measurement.throughput().sessionsPerSecond()).isEqualTo(measurement.throughput().turnsPerSecond());
        assertThat(measurement.turnLatency().n()).isEqualTo(samples.length);
        assertThat(measurement.figures()).as("the parent makes a load cell's figures").isEmpty();
        assertThat(LoadProcedure.callsPerTurn(LOAD.script())).as("model calls per turn, off the script").isEqualTo(2.0);
        assertThat(measurement.warmup()).as("a load cell's warm-up is its time, not a series").isNull();
        assertThat(handle.deleted).as("every session is deleted once its turn ended").isEqualTo(handle.sessions);
        assertThat(log).anyMatch(line -> line.startsWith("timed: 8 sessions"));
        assertThat(loadThreads()).as("no session thread outlives the cell").isEmpty();
    }

    @Test
    void behindACapTheWindowStretchesUntilEverySessionEndedTwoTurnsAndReadsTheCapsRateNotAWave() throws Exception {
        // two model calls of 50 ms a turn, at most 2 calls at once, first come first served: 20 turns/s at
        // most, and 8 sessions that start together end their turns in waves 400 ms apart
        java.util.concurrent.Semaphore cap = new java.util.concurrent.Semaphore(2, true);
        TargetHandle capped = new WaitingHandle() {
            @Override
            public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                for (int call = 0; call < 2; call++) {
                    cap.acquire();
                    try {
                        Thread.sleep(50);
                    } finally {
                        cap.release();
                    }
                }
                return TurnResult.text("It is warm.");
            }
        };
        PassSettings shortWindow = PassSettings.builder().warmupTime(Duration.ofMillis(100))
                .measureTime(Duration.ofMillis(300)).modelLatency(Duration.ofMillis(50)).build();

        Measurement measurement = LoadProcedure.measure(LOAD, capped, shortWindow, 8, System::nanoTime, log::add,
                Profiler.NONE);

        assertThat(measurement.throughput().turnsPerSecond()).isCloseTo(20.0,
                org.assertj.core.data.Percentage.withPercentage(15));
        assertThat(log).anyMatch(line -> line.startsWith("timed pass extended to")
                && line.endsWith("so that every session ended 2 turns in it"));
    }

    @Test
    void aDryRunPlaysEachSessionOnce() throws Exception {
        WaitingHandle handle = new WaitingHandle();

        Measurement measurement = LoadProcedure.measure(LOAD, handle, settings(true), 4, System::nanoTime, log::add,
                Profiler.NONE);

        assertThat(measurement.samples()).hasSize(4);
        assertThat(handle.sessions).hasSize(4);
        assertThat(handle.deleted).isEqualTo(handle.sessions);
        assertThat(measurement.throughput()).isNull();
    }

    @Test
    void aTurnThatFailsItsCheckFailsTheCellAndStopsEverySession() throws Exception {
        WaitingHandle handle = new WaitingHandle();
        handle.failAt = 30;

        assertThatThrownBy(() -> LoadProcedure.measure(LOAD, handle, settings(false), 8, System::nanoTime, log::add,
                Profiler.NONE))
                .isInstanceOf(IterationFailedException.class)
                .hasMessageContaining("check failed: expected [It is warm.], got [not what the script says]");
        Thread.sleep(3 * MODEL_MILLIS);
        assertThat(loadThreads()).as("the other sessions stopped").isEmpty();
    }

    @Test
    void virtualSessionThreadsNeedJava21() throws Exception {
        PassSettings virtual = settings(true).toBuilder().loadThreads("virtual").build();
        WaitingHandle handle = new WaitingHandle();
        if (Runtime.version().feature() >= 21) {
            Measurement measurement = LoadProcedure.measure(LOAD, handle, virtual, 4, System::nanoTime, log::add,
                    Profiler.NONE);
            assertThat(measurement.samples()).hasSize(4);
        } else {
            assertThatThrownBy(() -> LoadProcedure.measure(LOAD, handle, virtual, 4, System::nanoTime, log::add,
                    Profiler.NONE)).isInstanceOf(IterationFailedException.class)
                    .hasMessageContaining("Load threads [virtual] need Java 21 or later; this JVM is "
                            + System.getProperty("java.version"));
            assertThat(handle.turns).hasValue(0);
        }
    }

    private static List<String> loadThreads() throws InterruptedException {
        List<String> alive = new ArrayList<>();
        for (int attempt = 0; attempt < 50; attempt++) {
            alive.clear();
            Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                    .map(Thread::getName).filter(name -> name.startsWith("agentbench-load-")).forEach(alive::add);
            if (alive.isEmpty()) {
                break;
            }
            Thread.sleep(20);
        }
        return alive;
    }
}
