package dev.agentbench.core.kind;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.Profiler;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The SESSIONS kind in this JVM, on a clock that moves only when a turn runs: the figures it adds. */
class SessionsKindTest {

    private static final long TURN_NANOS = 1_000;

    private final AtomicLong now = new AtomicLong();
    private final List<String> log = new ArrayList<>();

    /** Whether each turn asks for a full collection. */
    private volatile boolean collect;

    /** One turn of exactly {@link #TURN_NANOS} of the fake clock. */
    private final BenchTarget target = new BenchTarget() {
        @Override
        public String name() {
            return "clocked";
        }

        @Override
        public String description() {
            return "a turn of 1 µs of the fake clock";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            return new TargetHandle() {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) {
                    now.addAndGet(TURN_NANOS);
                    if (collect) {
                        System.gc();
                    }
                    return TurnResult.text("done");
                }

                @Override
                public void deleteSession(String userId, String sessionId) {}

                @Override
                public void close() {}
            };
        }
    };

    private static Benchmark benchmark(long sequentialNanos) {
        return new Benchmark() {
            @Override
            public String name() {
                return "one";
            }

            @Override
            public String description() {
                return "one turn";
            }

            @Override
            public Script script() {
                return new Script("one", List.of(new ScriptTurn("a", List.of(Step.text("done")))));
            }

            @Override
            public long sequentialNanos() {
                return sequentialNanos;
            }
        };
    }

    private Measurement measure(Benchmark benchmark, boolean dryRun) throws Exception {
        PassSettings settings = PassSettings.builder().iterations(5).warmup(3).warmupTime(Duration.ZERO)
                .warmupMax(Duration.ZERO).dryRun(dryRun).build();
        TargetContext context = new TargetContext(URI.create("http://127.0.0.1:1/v1"), "key", "model", "be brief",
                List.of(), benchmark.script(), Map.of());
        Agents agents = new Agents(target, context);
        Measurement measurement = CellKind.of(SessionsKind.INSTANCE.id()).measure(new ChildRun(
                new PlannedCell("clocked", "one", 1), benchmark, benchmark.script(), agents, settings, now::get,
                log::add, Profiler.NONE, 0));
        agents.closeKept(Duration.ofSeconds(1));
        return measurement;
    }

    @Test
    void aSequentialTimeGivesTheSpeedupOverTheMedianIteration() throws Exception {
        Measurement measurement = measure(benchmark(50_000), false);

        Figure speedup = Figure.find(measurement.figures(), "speedup");
        assertThat(speedup.value()).as("50 µs in turn over a 1 µs iteration").isEqualTo(50.0);
        assertThat(speedup.better()).isEqualTo(Figure.Better.HIGHER);
        assertThat(speedup.section()).isEqualTo(SessionsKind.PARALLEL);
        assertThat(log).anyMatch(line -> line.startsWith("speedup: 50.00"));
    }

    @Test
    void withoutASequentialTimeOrInADryRunThereIsNoSpeedup() throws Exception {
        assertThat(Figure.find(measure(benchmark(0), false).figures(), "speedup")).isNull();
        assertThat(measure(benchmark(50_000), true).figures()).isEmpty();
    }

    @Test
    void everyFigureItGivesIsOneItDeclares() throws Exception {
        List<String> declared = SessionsKind.INSTANCE.figures().stream().map(Figure.Definition::name).toList();
        assertThat(measure(benchmark(50_000), false).figures()).extracting(Figure::name)
                .allSatisfy(name -> assertThat(declared).contains(name));
    }

    @Test
    void collectionsOverTheTimedPassArePer1000Iterations() throws Exception {
        Measurement quiet = measure(benchmark(0), false);
        Figure gc = Figure.find(quiet.figures(), "gcPer1kOps");
        assertThat(gc.value()).as("a turn that allocates nothing meets fewer than one collection an iteration")
                .isLessThan(1000.0);
        assertThat(Figure.find(quiet.figures(), "gcMillisPer1kOps").unit()).isEqualTo("ms");

        collect = true;
        Measurement collecting = measure(benchmark(0), false);
        // 5 timed iterations, each with at least one full collection: 1,000 or more per 1,000 iterations,
        // and the warm-up's and the memory pass's are not counted (at most 2 collections an iteration)
        assertThat(Figure.find(collecting.figures(), "gcPer1kOps").value()).isBetween(1000.0, 2000.0);
        assertThat(Figure.find(collecting.figures(), "gcPer1kOps").better()).isEqualTo(Figure.Better.LOWER);
        assertThat(Figure.find(collecting.figures(), "gcMillisPer1kOps").value()).isNotNegative();
        assertThat(measure(benchmark(0), true).figures()).as("a dry run has none").isEmpty();
    }
}
