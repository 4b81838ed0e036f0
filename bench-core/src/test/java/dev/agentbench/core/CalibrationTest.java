package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.core.testing.TestRuns;
import dev.agentbench.core.testing.TestTargets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Targets of known cost, measured through the whole harness (mock, child JVMs, passes), are
 * measured at that cost above the floor of a target that does nothing ({@code scripted}).
 */
class CalibrationTest extends ChildJvmRunTest {

    private static final Duration SLEEP = Duration.ofMillis(50);

    @Test
    void aKnownSleepAndAKnownAllocationAreMeasuredAsThemselvesAboveTheFloor() {
        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("scripted", "sleepy", "allocating"))
                .benchmarks(List.of("echo"))
                .iterations(40)
                .warmup(10)
                .targetOptions(Map.of("sleepMillis", Long.toString(SLEEP.toMillis())))
                .build()).run();

        assertThat(summary.results()).allSatisfy(result -> assertThat(result.status())
                .as(result.target() + ": " + result.error()).isEqualTo(CellStatus.OK));
        Map<String, CellResult> byTarget = summary.results().stream()
                .collect(Collectors.toMap(CellResult::target, Function.identity()));
        CellResult floor = byTarget.get("scripted");

        // a 50 ms sleep per turn: the median above the floor within ±5%. A woken thread can wait for
        // a core: on this 2-core machine under a load of 10, a 20 ms sleep's median overran by 1 ms
        // (5%), so the sleep is long enough that such a wait stays well inside the bound.
        double sleep = SLEEP.toNanos();
        double slept = byTarget.get("sleepy").time().median() - floor.time().median();
        assertThat(slept).isBetween(sleep * 0.95, sleep * 1.05);

        // 100,000 bytes per turn: allocated bytes per operation above the floor within ±2%
        double bytes = TestTargets.Allocating.BYTES;
        double allocated = byTarget.get("allocating").memory().allocatedBytesPerOp()
                - floor.memory().allocatedBytesPerOp();
        assertThat(allocated).isBetween(bytes * 0.98, bytes * 1.02);
    }
}
