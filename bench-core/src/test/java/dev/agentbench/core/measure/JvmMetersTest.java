package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import org.junit.jupiter.api.Test;

class JvmMetersTest {

    private static final int MIB = 1 << 20;

    /** Where allocated arrays go, so that the JIT cannot drop the allocation. */
    static volatile byte[] sink;

    private static final TargetHandle HANDLE = new TargetHandle() {
        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) {
            return TurnResult.text("ok");
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            sink = new byte[4 * MIB]; // deletes are outside the measured region
        }

        @Override
        public void close() {}
    };

    /** Each session allocates exactly one MiB array. */
    private static final Benchmark ONE_MIB = new Benchmark() {
        @Override
        public String name() {
            return "alloc";
        }

        @Override
        public String description() {
            return "allocates 1 MiB per session";
        }

        @Override
        public Script script() {
            return Script.singleText("alloc", "hi", "ok");
        }

        @Override
        public void runSession(TargetHandle handle, String userId, String sessionId) {
            sink = new byte[MIB];
        }
    };

    @Test
    void allocatedBytesPerIterationCountEverySessionThreadAndNotTheDeletes() throws Exception {
        AllocationCounter counter = AllocationCounter.create().orElseThrow();
        long selfCost = counter.selfCost();
        for (int concurrency : new int[] {1, 3}) {
            try (SessionRunner runner = new SessionRunner(ONE_MIB, HANDLE, concurrency, System::nanoTime)) {
                runner.measure("warm", counter);
                long bytes = runner.measure("m0", counter) - selfCost;

                // the arrays (1 MiB + a 16-byte header each), plus at most 2% for the harness
                long expected = (long) concurrency * (MIB + 16);
                assertThat(bytes).as("concurrency " + concurrency)
                        .isBetween(expected, expected + expected / 50);
            }
        }
    }

    @Test
    void jvmContextReadsTheBinders() {
        try (JvmMeters jvm = new JvmMeters()) {
            JvmMeters.Snapshot snapshot = jvm.snapshot();

            assertThat(snapshot.classesLoaded()).isGreaterThan(100);
            assertThat(snapshot.peakThreads()).isPositive();
            assertThat(snapshot.gcPauses()).isNotNegative();
            if (System.getProperty("os.name").startsWith("Linux")) {
                assertThat(snapshot.peakRssBytes()).isPositive();
            }
        }
    }
}
