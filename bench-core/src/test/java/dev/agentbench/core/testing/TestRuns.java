package dev.agentbench.core.testing;

import dev.agentbench.core.BenchOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Options for runs in tests: tiny passes, fast-starting child JVMs, the fake mock. */
public final class TestRuns {

    /** Child JVMs start faster with C1 only and a small serial heap; measured numbers do not matter here. */
    public static final List<String> FAST_CHILD = List.of("-Xms32m", "-Xmx256m", "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC");

    private TestRuns() {}

    public static BenchOptions.Builder options(Path resultsDir) {
        return BenchOptions.builder()
                .resultsDir(resultsDir)
                .iterations(6)
                .warmup(3)
                .warmupTime(Duration.ZERO)
                .warmupMax(Duration.ZERO)
                .forks(1)
                .mockWarmup(false)
                .timeout(Duration.ofSeconds(60))
                .jvmArgs(FAST_CHILD)
                .mockMainClass(FakeMock.class.getName());
    }
}
