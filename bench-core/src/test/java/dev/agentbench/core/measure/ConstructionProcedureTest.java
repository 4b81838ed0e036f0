package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** CONSTRUCTION and FOOTPRINT cells in this JVM. */
class ConstructionProcedureTest {

    private static final TargetContext CONTEXT = new TargetContext(URI.create("http://127.0.0.1:1/s/x/v1"), "k", "m",
            "i", List.of(), Script.singleText("x", "hi", "ok"), Map.of());

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicInteger closed = new AtomicInteger();

    /** Opening takes 500 ns of the fake clock, closing 10 µs; the {@code failAt}-th open throws. */
    private Agents agents(int failAt) {
        return agents(failAt, 500);
    }

    /** Opening takes {@code openNanos} of the fake clock, closing 10 µs; the {@code failAt}-th open throws. */
    private Agents agents(int failAt, long openNanos) {
        return new Agents(new BenchTarget() {
            @Override
            public String name() {
                return "counted";
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public TargetHandle open(TargetContext context) {
                if (opened.incrementAndGet() == failAt) {
                    throw new IllegalStateException("no more agents");
                }
                now.addAndGet(openNanos);
                return new TargetHandle() {
                    @Override
                    public TurnResult runTurn(String userId, String sessionId, String message) {
                        throw new AssertionError("a construction benchmark runs no turn");
                    }

                    @Override
                    public void deleteSession(String userId, String sessionId) {}

                    @Override
                    public void close() {
                        now.addAndGet(10_000);
                        closed.incrementAndGet();
                    }
                };
            }
        }, CONTEXT);
    }

    private static PassSettings settings(int iterations, int warmup, int agents) {
        return PassSettings.builder().iterations(iterations).warmup(warmup).warmupTime(Duration.ZERO)
                .warmupMax(Duration.ZERO).footprintAgents(agents).build();
    }

    @Test
    void anAgentOfTenMicrosecondsOrMoreIsOneOpenTimedAnIterationAndEveryAgentIsClosedOutsideTheTimedRegion()
            throws Exception {
        int[] batch = {0};
        Measurement measurement = ConstructionProcedure.measure(agents(0, 20_000), settings(7, 2, 1), now::get,
                line -> {}, Profiler.NONE, agents -> batch[0] = agents, warning -> {});

        assertThat(batch[0]).isEqualTo(1);
        assertThat(measurement.samples()).hasSize(7).containsOnly(20_000L);
        assertThat(measurement.warmup().iterations()).isEqualTo(2);
        assertThat(measurement.memory().allocatedBytesPerOp()).isNotNull();
        assertThat(measurement.turnLatency()).isNull();
        assertThat(measurement.throughput()).isNull();
        // warm-up, the single builds that find the batch, timed pass and memory pass: every agent built was closed
        int calibration = ConstructionProcedure.CALIBRATION_BUILDS;
        assertThat(closed.get()).isEqualTo(opened.get()).isEqualTo(2 + calibration + 7 + 7);
    }

    /**
     * An agent built in 133 ns, read by a clock that steps by 10 ns: one build alone reads 130 or 140
     * ns, a batch of them reads 133 ns a build. The batch takes about 10 µs.
     */
    @Test
    void anAgentFasterThanTenMicrosecondsIsTimedInABatchWhoseMeanTheClocksStepDoesNotBlur() throws Exception {
        int[] batch = {0};
        List<String> log = new ArrayList<>();
        Measurement measurement = ConstructionProcedure.measure(agents(0, 133), settings(7, 2, 1),
                () -> now.get() / 10 * 10, log::add, Profiler.NONE, agents -> batch[0] = agents, warning -> {});

        assertThat(batch[0]).as("10 µs over 130 or 140 ns").isIn(72, 77);
        assertThat(measurement.samples()).hasSize(7).containsOnly(133L);
        assertThat(measurement.warmup().curve()).filteredOn(window -> window.phase().equals("timed"))
                .extracting(Warmup.Window::iterations).as("the timed windows count agents").containsOnly(7 * batch[0]);
        assertThat(log).anyMatch(line -> line.startsWith("timed: " + batch[0] + " agents a sample"));
        int calibration = ConstructionProcedure.CALIBRATION_BUILDS;
        assertThat(closed.get()).isEqualTo(opened.get()).isEqualTo(2 + calibration + 7 * batch[0] + 7);
        assertThat(ConstructionProcedure.batch(5)).as("at most").isEqualTo(1_000);
        assertThat(ConstructionProcedure.batch(9_999)).isEqualTo(2);
        assertThat(ConstructionProcedure.batch(10_000)).isEqualTo(1);
    }

    @Test
    void aFailingOpenFailsTheCellNamingTheTargetAndTheIteration() {
        int before = 2 + ConstructionProcedure.CALIBRATION_BUILDS;
        assertThatThrownBy(() -> ConstructionProcedure.measure(agents(before + 2, 20_000), settings(7, 2, 1), now::get,
                line -> {})).isInstanceOf(IterationFailedException.class)
                .hasMessage("timed iteration [2] failed: Target [counted] failed to open: "
                        + "java.lang.IllegalStateException: no more agents");
        assertThat(closed.get()).isEqualTo(before + 1);
    }

    @Test
    void aFailingOpenInABatchClosesTheAgentsTheBatchBuiltBeforeIt() {
        int before = 2 + ConstructionProcedure.CALIBRATION_BUILDS;
        assertThatThrownBy(() -> ConstructionProcedure.measure(agents(before + 5, 500), settings(7, 2, 1), now::get,
                line -> {})).isInstanceOf(IterationFailedException.class)
                .hasMessageStartingWith("timed iteration [1] failed: Target [counted] failed to open");
        assertThat(closed.get()).as("every agent built, the four of the failed batch too").isEqualTo(before + 4);
    }

    @Test
    void footprintTimesEachOpenAndKeepsEveryAgentItHeldForTheCellToCloseButClosesThemWhenOneFails() throws Exception {
        Agents agents = agents(0);
        Measurement measurement = FootprintProcedure.measure(agents, settings(1, 0, 5), now::get, line -> {});
        assertThat(measurement.samples()).hasSize(5).containsOnly(500L);
        assertThat(measurement.memory().retainedUnit()).isEqualTo("agent");
        assertThat(closed.get()).as("held open until the result is written").isZero();
        assertThat(agents.keptCount()).isEqualTo(5);
        assertThat(agents.closeKept(Duration.ofSeconds(10))).isEqualTo(Closing.CLOSED);
        assertThat(closed.get()).isEqualTo(5);
        assertThat(agents.keptCount()).isZero();

        opened.set(0);
        closed.set(0);
        assertThatThrownBy(() -> FootprintProcedure.measure(agents(4), settings(1, 0, 5), now::get, line -> {}))
                .hasMessage("footprint iteration [4] failed: Target [counted] failed to open: "
                        + "java.lang.IllegalStateException: no more agents");
        assertThat(closed.get()).as("the three agents built before the failure").isEqualTo(3);
    }
}
