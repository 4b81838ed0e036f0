package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Retained bytes per agent and per session, read from the real heap of this JVM. */
class RetainedHeapTest {

    /**
     * What each agent holds on the heap: 100 arrays of 1,984 bytes (2,000 with their headers) and the
     * array of 100 (compressed) references to them. Small objects, as real agents are: on G1, an
     * object of a sizeable part of a region leaves the region's tail unused but counted as used.
     */
    private static final long HELD_ON_HEAP = 100 * 2_000 + 16 + 100 * 4;

    private static final Script SCRIPT = Script.singleText("retained", "hi", "ok");
    private static final TargetContext CONTEXT = new TargetContext(URI.create("http://127.0.0.1:1/s/x/v1"), "k", "m",
            "i", List.of(), SCRIPT, Map.of());

    private static final Benchmark ONE_TURN = new Benchmark() {
        @Override
        public String name() {
            return "retained";
        }

        @Override
        public String description() {
            return "one turn";
        }

        @Override
        public Script script() {
            return SCRIPT;
        }
    };

    /** A handle that holds {@code held} and, when {@code leaks}, keeps a 20,000-byte array per session. */
    private static TargetHandle handle(byte[][] held, boolean leaks) {
        List<byte[]> kept = new ArrayList<>();
        return new TargetHandle() {
            @Override
            public TurnResult runTurn(String userId, String sessionId, String message) {
                if (leaks) {
                    kept.add(new byte[20_000]);
                }
                return TurnResult.text("ok");
            }

            @Override
            public void deleteSession(String userId, String sessionId) {}

            @Override
            public void close() {
                held[0][0] = 1;
                kept.clear();
            }
        };
    }

    private static PassSettings settings(int agents, int sessions) {
        return PassSettings.builder().iterations(1).warmup(5).warmupTime(Duration.ZERO).warmupMax(Duration.ZERO)
                .footprintAgents(agents).growthSessions(sessions).build();
    }

    @Test
    void retainedBytesPerAgentAreWhatEachAgentHolds() throws Exception {
        Agents heavy = new Agents(new BenchTarget() {
            @Override
            public String name() {
                return "heavy";
            }

            @Override
            public String description() {
                return "holds 200,000 bytes";
            }

            @Override
            public TargetHandle open(TargetContext context) {
                return handle(new byte[100][1_984], false);
            }
        }, CONTEXT);

        Measurement measurement = FootprintProcedure.measure(heavy, settings(50, 1), System::nanoTime, line -> {});

        assertThat(measurement.memory().retainedUnit()).isEqualTo("agent");
        // the array, plus the handle's own few objects: within 2%
        assertThat(measurement.memory().retainedBytesPerUnit()).isBetween(HELD_ON_HEAP * 0.98, HELD_ON_HEAP * 1.02);
        assertThat(measurement.memory().allocatedBytesPerOp()).isNull();
        assertThat(measurement.samples()).hasSize(50);
    }

    /**
     * Agents whose client, as Java 17's HTTP client does, keeps a thread that holds its innards (here
     * 1 MiB) and looks every half second whether the client is still reachable, ending once it is not.
     * The warm-up's twenty agents are closed and unreachable, but their threads hold 20 MiB until they
     * look; the fifty agents held take 15 ms each to build, longer than the threads take to look. Read
     * at once, the baseline counted the warm-up's 20 MiB and the figure came out 0.4 MiB an agent too
     * low; the cell waits for those threads to end first.
     */
    @Test
    void retainedBytesPerAgentDoNotCountWhatTheWarmupsClosedAgentsThreadsStillHeld() throws Exception {
        long innards = 1 << 20;
        Agents clients = new Agents(new BenchTarget() {
            @Override
            public String name() {
                return "clients";
            }

            @Override
            public String description() {
                return "a thread per agent that ends once its agent is unreachable";
            }

            @Override
            public TargetHandle open(TargetContext context) throws InterruptedException {
                Thread.sleep(15);
                TargetHandle agent = handle(new byte[1][1], false);
                WeakReference<TargetHandle> client = new WeakReference<>(agent);
                byte[] held = new byte[(int) innards - 16];
                Thread selector = new Thread(() -> {
                    try {
                        while (client.get() != null) {
                            Thread.sleep(500);
                        }
                    } catch (InterruptedException e) {
                        // ends
                    }
                    Reference.reachabilityFence(held);
                }, "selector");
                selector.setDaemon(true);
                selector.start();
                return agent;
            }
        }, CONTEXT);
        List<String> log = new ArrayList<>();
        PassSettings settings = PassSettings.builder().warmup(20).warmupTime(Duration.ZERO)
                .warmupMax(Duration.ZERO).footprintAgents(50).build();

        Measurement measurement = FootprintProcedure.measure(clients, settings, System::nanoTime, log::add);
        clients.closeKept(Duration.ofSeconds(5));

        // the innards and the handle's few objects, and the thread's own: within 2%
        assertThat(measurement.memory().retainedBytesPerUnit()).as(String.join("\n", log))
                .isBetween(innards * 0.98, innards * 1.02);
        assertThat(log).anySatisfy(line -> assertThat(line).startsWith("threads: ")
                .contains(" ended in ").endsWith(" left"));
    }

    @Test
    void sessionGrowthSeesWhatAFrameworkKeepsOfDeletedSessionsAndNothingWhenItKeepsNothing() throws Exception {
        Measurement leaking = GrowthProcedure.measure(ONE_TURN, handle(new byte[1][1], true), settings(1, 200),
                System::nanoTime, line -> {});
        Measurement clean = GrowthProcedure.measure(ONE_TURN, handle(new byte[1][1], false), settings(1, 200),
                System::nanoTime, line -> {});

        assertThat(leaking.memory().retainedUnit()).isEqualTo("session");
        assertThat(leaking.samples()).hasSize(200);
        // 20,016 bytes per session, plus a list slot: within 2%
        assertThat(leaking.memory().retainedBytesPerUnit()).isBetween(20_016 * 0.98, 20_016 * 1.02);
        // about zero: well under the size of a single small object graph per session
        assertThat(Math.abs(clean.memory().retainedBytesPerUnit())).isLessThan(500);
    }
}
