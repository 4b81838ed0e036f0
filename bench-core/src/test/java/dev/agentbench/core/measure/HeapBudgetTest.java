package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The heap budget of the retained-heap cells, on a heap of the test's own making. */
class HeapBudgetTest {

    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final long GIB = 1024 * MIB;

    /**
     * A heap that holds what it is told to: {@code retained} stays after settling, {@code garbage}
     * goes, and goes by itself, as in a young collection, once it passes half the heap or the heap is
     * full; it fails as a real heap would when what is retained passes its size.
     */
    static final class FakeHeap implements HeapBudget.Heap {
        final long max;
        long retained;
        long garbage;
        long highest;
        int settles;

        FakeHeap(long max, long retained) {
            this.max = max;
            this.retained = retained;
        }

        void allocate(long kept, long dropped) {
            retained += kept;
            garbage += dropped;
            if (garbage > max / 2 || retained + garbage > max) {
                garbage = 0; // a collection
            }
            highest = Math.max(highest, retained);
            if (retained > max) {
                throw new OutOfMemoryError("Java heap space");
            }
        }

        @Override
        public long max() {
            return max;
        }

        @Override
        public long used() {
            return retained + garbage;
        }

        @Override
        public long settled() {
            settles++;
            garbage = 0;
            return retained;
        }
    }

    private static HeapBudget.Cell sessions(int count) {
        return new HeapBudget.Cell("session_growth", "session", count,
                "it runs between two settled heap readings (--growth-sessions)", false);
    }

    /** Runs a warm-up of at most {@code units} units that each keep {@code kept} bytes; returns the units run. */
    private static int warmup(HeapBudget budget, FakeHeap heap, int units, long kept) {
        for (int done = 1; done <= units; done++) {
            heap.allocate(kept, 200 * KIB);
            if (budget.endWarmup(done)) {
                return done;
            }
        }
        return units;
    }

    @Test
    void aHeapThatNeverGrowsIsSettledAFewTimesInALongWarmupAndNeverEndsIt() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        HeapBudget budget = new HeapBudget(heap, sessions(500));

        int done = warmup(budget, heap, 200_000, 0);

        assertThat(done).isEqualTo(200_000);
        assertThat(budget.endedWarmup()).isFalse();
        // the baseline, then each check twice as far as the one before: 64, 128, ... 131,072
        assertThat(heap.settles).isBetween(2, 14);
        assertThat(budget.before(done)).isEqualTo(40 * MIB);
    }

    @Test
    void aLeakOf32KiBPerSessionEndsTheWarmupWithAQuarterOfTheHeapAtMostAndLeavesRoomForTheMeasurement() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        HeapBudget budget = new HeapBudget(heap, sessions(500));

        int done = warmup(budget, heap, 1_000_000, 32 * KIB);

        assertThat(budget.endedWarmup()).isTrue();
        assertThat(budget.warmupRetained()).isBetween(GIB / 8, GIB / 4 + 32 * KIB);
        assertThat(done).isLessThan(9_000);
        int settles = heap.settles;
        long before = budget.before(done);
        assertThat(heap.settles).as("the warm-up's last reading is the measurement's first").isEqualTo(settles);
        for (int i = 1; i <= 500; i++) {
            heap.allocate(32 * KIB, 200 * KIB);
            budget.measured(i);
        }
        assertThat((heap.settled() - before) / 500).isEqualTo(32 * KIB);
    }

    @Test
    void aLeakTooBigForTheMeasurementFailsWithItsRateBeforeTheMeasurementStarts() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        HeapBudget budget = new HeapBudget(heap, sessions(500));

        int done = warmup(budget, heap, 1_000_000, 4 * MIB);

        assertThat(budget.endedWarmup()).isTrue();
        assertThat(heap.highest).isLessThan(heap.max);
        assertThatThrownBy(() -> budget.before(done)).isInstanceOf(HeapFilledException.class)
                .hasMessageMatching("session_growth leaks about 4(\\.\\d)? MiB per session \\(over \\d+ warm-up sessions\\): "
                        + "2\\d\\d sessions would fill the 1 GiB heap and \\d+ fit in what is left, fewer than the 500 it "
                        + "runs between two settled heap readings \\(--growth-sessions\\); measure fewer, or give the cell "
                        + "more heap \\(--jvm-arg=-Xmx\\.\\.\\.\\)");
    }

    @Test
    void aLeakThatStartsLateIsCaughtByTheUsedHeapBeforeItFillsTheHeap() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        HeapBudget budget = new HeapBudget(heap, sessions(500));
        int done = warmup(budget, heap, 100_000, 0);
        assertThat(budget.endedWarmup()).isFalse();

        // the next check is scheduled 100,000 sessions on: only the used heap can see this one coming
        int more = 0;
        for (int i = done + 1; i <= 2 * done; i++) {
            heap.allocate(2 * MIB, 0);
            more++;
            if (budget.endWarmup(i)) {
                break;
            }
        }

        assertThat(budget.endedWarmup()).isTrue();
        assertThat(more).isLessThan(500);
        assertThat(heap.highest).isLessThan(heap.max);
    }

    @Test
    void aMeasurementThatWouldFillTheHeapFailsWithTheRateOfItsOwnUnits() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        HeapBudget budget = new HeapBudget(heap, new HeapBudget.Cell("memory_footprint", "agent", 1000,
                "it holds at once (--footprint-agents)", true));
        int done = warmup(budget, heap, 10_000, 0);
        budget.before(done);

        assertThatThrownBy(() -> {
            for (int i = 1; i <= 1000; i++) {
                heap.allocate(3 * MIB, 0);
                budget.measured(i);
            }
        }).isInstanceOf(HeapFilledException.class)
                .hasMessageMatching("memory_footprint holds about 3 MiB per agent \\(over \\d+ measured agents\\): "
                        + "341 agents would fill the 1 GiB heap and \\d{3} fit in what is left, fewer than the 1,000 it "
                        + "holds at once \\(--footprint-agents\\); .*");
        assertThat(heap.highest).isLessThan(heap.max);
    }

    @Test
    void aMeasurementOfAHeapThatIsFullButNoLongerGrowsIsNeverStopped() {
        FakeHeap heap = new FakeHeap(GIB, 800 * MIB);
        HeapBudget budget = new HeapBudget(heap, sessions(500));
        int done = warmup(budget, heap, 10_000, 0);
        budget.before(done);

        for (int i = 1; i <= 500; i++) {
            heap.allocate(0, 100 * MIB); // garbage enough to pass the hard line again and again
            budget.measured(i);
        }
        assertThat(heap.settles).isGreaterThan(5);
    }

    @Test
    void sizesReadAsAPersonWouldWriteThem() {
        assertThat(HeapBudget.bytes(512)).isEqualTo("512 bytes");
        assertThat(HeapBudget.bytes(32 * KIB)).isEqualTo("32 KiB");
        assertThat(HeapBudget.bytes(1.25 * MIB)).isEqualTo("1.3 MiB");
        assertThat(HeapBudget.bytes(GIB)).isEqualTo("1 GiB");
        assertThat(HeapBudget.bytes(-2 * KIB)).isEqualTo("-2 KiB");
    }

    // session_growth itself, on this heap

    private static final Script SCRIPT = Script.singleText("leaky", "hi", "ok");
    private static final TargetContext CONTEXT = new TargetContext(URI.create("http://127.0.0.1:1/s/x/v1"), "k", "m",
            "i", List.of(), SCRIPT, Map.of());
    private static final Benchmark ONE_TURN = new Benchmark() {
        @Override
        public String name() {
            return "session_growth";
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

    /** A target whose turns take 100 µs of {@code clock} and whose deleted sessions each keep {@code leak} bytes. */
    private static TargetHandle leaking(FakeHeap heap, AtomicLong clock, long leak) {
        return new TargetHandle() {
            @Override
            public TurnResult runTurn(String userId, String sessionId, String message) {
                clock.addAndGet(100_000);
                heap.allocate(0, 20 * KIB);
                return TurnResult.text("ok");
            }

            @Override
            public void deleteSession(String userId, String sessionId) {
                heap.allocate(leak, 0);
            }

            @Override
            public void close() {}
        };
    }

    /** The default warm-up of 15 s to 60 s: 150,000 sessions of 100 µs at least. */
    private static PassSettings defaults() {
        return PassSettings.builder().growthSessions(500).build();
    }

    @Test
    void sessionGrowthMeasuresA64KiBLeakThatItsTimedWarmupWouldHaveLetFillTheHeap() throws Exception {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        AtomicLong clock = new AtomicLong();
        List<String> log = new ArrayList<>();

        Measurement measurement = GrowthProcedure.measure(ONE_TURN, leaking(heap, clock, 64 * KIB), defaults(),
                clock::get, log::add, Profiler.NONE, heap);

        assertThat(measurement.memory().retainedBytesPerUnit()).isEqualTo(64 * KIB);
        assertThat(measurement.samples()).hasSize(500);
        assertThat(measurement.warmup().iterations()).isLessThan(5_000);
        assertThat(measurement.warmup().capped()).as("ended before the trend test could say").isTrue();
        assertThat(log).anySatisfy(line -> assertThat(line).contains("ended by the heap budget"));
        assertThat(heap.highest).isLessThan(heap.max / 2);
    }

    @Test
    void sessionGrowthOfALeakTooBigFailsWithItsRateNotAnOutOfMemoryError() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        AtomicLong clock = new AtomicLong();

        assertThatThrownBy(() -> GrowthProcedure.measure(ONE_TURN, leaking(heap, clock, 4 * MIB), defaults(),
                clock::get, line -> {}, Profiler.NONE, heap))
                .isInstanceOf(HeapFilledException.class)
                .hasMessageStartingWith("session_growth leaks about 4 MiB per session");
        assertThat(IterationFailedException.describe(new HeapFilledException("x leaks"))).isEqualTo("x leaks");
    }

    @Test
    void aFootprintWhoseAgentsWouldFillTheHeapFailsWithWhatEachHolds() {
        FakeHeap heap = new FakeHeap(GIB, 40 * MIB);
        Agents agents = new Agents(new BenchTarget() {
            @Override
            public String name() {
                return "big";
            }

            @Override
            public String description() {
                return "agents of 2 MiB";
            }

            @Override
            public TargetHandle open(TargetContext context) {
                heap.allocate(2 * MIB, 0);
                long[] closed = {0};
                return new TargetHandle() {
                    @Override
                    public TurnResult runTurn(String userId, String sessionId, String message) {
                        return TurnResult.text("ok");
                    }

                    @Override
                    public void deleteSession(String userId, String sessionId) {}

                    @Override
                    public void close() {
                        if (closed[0]++ == 0) {
                            heap.retained -= 2 * MIB;
                        }
                    }
                };
            }
        }, CONTEXT);
        PassSettings settings = PassSettings.builder().warmup(20).warmupTime(Duration.ZERO).warmupMax(Duration.ZERO)
                .footprintAgents(1000).build();

        assertThatThrownBy(() -> FootprintProcedure.measure("memory_footprint", agents, settings, System::nanoTime,
                line -> {}, Profiler.NONE, warning -> {}, heap, EndingThreads.Threads.jvm()))
                .isInstanceOf(HeapFilledException.class)
                .hasMessageStartingWith("memory_footprint holds about 2 MiB per agent");
        assertThat(heap.highest).isLessThan(heap.max);
        assertThat(heap.retained).as("the agents held were closed").isEqualTo(40 * MIB);
    }
}
