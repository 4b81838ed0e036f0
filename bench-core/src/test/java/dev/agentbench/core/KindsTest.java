package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.TestBenchmarks;
import dev.agentbench.core.testing.TestRuns;
import dev.agentbench.core.testing.TestTargets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** One cell of every benchmark kind, each in real child JVMs: what each writes into its result. */
class KindsTest extends ChildJvmRunTest {

    @Test
    void everyKindWritesItsOwnFiguresIntoTheCellsResult() throws Exception {
        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("heavy"))
                .benchmarks(List.of("build", "footprint", "growth", "cold", "speedup"))
                .concurrency(List.of(1, 2))
                .footprintAgents(50)
                .growthSessions(200)
                .coldStarts(2)
                .build()).run();

        assertThat(summary.results()).allSatisfy(result -> assertThat(result.status())
                .as(result.name() + ": " + result.error() + " " + result.logTail()).isEqualTo(CellStatus.OK));
        // only the SESSIONS benchmark is expanded, although build says it supports concurrency
        assertThat(summary.results()).extracting(CellResult::name)
                .containsExactly("build", "footprint", "growth", "cold", "speedup", "speedup_c2");
        assertThat(summary.info().notes()).containsExactly(
                "Benchmark [build] does not run concurrently; planned at concurrency 1 only",
                "Benchmark [footprint] does not run concurrently; planned at concurrency 1 only",
                "Benchmark [growth] does not run concurrently; planned at concurrency 1 only",
                "Benchmark [cold] does not run concurrently; planned at concurrency 1 only");
        Map<String, CellResult> cells = summary.results().stream()
                .collect(Collectors.toMap(CellResult::name, Function.identity()));
        RunLayout layout = new RunLayout(summary.runDir());
        for (CellResult result : summary.results()) {
            assertThat(ResultsJson.read(layout.cellResult(summary.info().cells().get(summary.results().indexOf(result))),
                    CellResult.class)).as("the JSON holds every figure").isEqualTo(result);
        }
        long held = TestTargets.Heavy.BYTES;

        // CONSTRUCTION: time and allocated bytes per agent built; every heavy agent allocates its array
        CellResult build = cells.get("build");
        assertThat(build.time().n()).isEqualTo(6);
        assertThat(build.warmupIterations()).isEqualTo(3);
        // its array and a little more: the pass is 6 samples, so a first-time path of the harness's own
        // in one of them (a class initialised, a call site bootstrapped) counts a sixth: 4.4 KB over the
        // array once, on a clean clone's first build
        assertThat(build.memory().allocatedBytesPerOp()).isBetween((double) held, held * 1.05);
        assertThat(build.memory().retainedBytesPerUnit()).isNull();
        assertThat(build.throughput()).isNull();
        assertThat(build.turnLatency()).isNull();
        assertThat(build.jvm()).isNotNull();
        assertThat(build.figureValues()).as("how many agents a sample built: one, or a batch under 10 µs")
                .containsOnlyKeys("agentsPerSample");
        assertThat(build.figureValues().get("agentsPerSample")).isBetween(1.0, 1_000.0);

        // FOOTPRINT: retained bytes per agent held, and the time of each of the 50 builds
        CellResult footprint = cells.get("footprint");
        assertThat(footprint.memory().retainedUnit()).isEqualTo("agent");
        assertThat(footprint.memory().retainedBytesPerUnit()).isBetween(held * 0.98, held * 1.02);
        assertThat(footprint.memory().allocatedBytesPerOp()).isNull();
        assertThat(footprint.time().n()).isEqualTo(50);
        assertThat(footprint.jvm()).isNotNull();

        // SESSION_GROWTH: the heavy agent keeps nothing of its 200 deleted sessions (a reading is good to some 50 KB)
        CellResult growth = cells.get("growth");
        assertThat(growth.memory().retainedUnit()).isEqualTo("session");
        assertThat(Math.abs(growth.memory().retainedBytesPerUnit())).isLessThan(1_000);
        assertThat(growth.time().n()).isEqualTo(200);

        // COLD_START: two fresh JVMs; time is launch to first reply
        CellResult cold = cells.get("cold");
        assertThat(cold.time().n()).isEqualTo(2);
        assertThat(cold.forks()).as("a cold start's JVMs are its forks").hasSize(2)
                .allSatisfy(fork -> assertThat(fork.samples()).hasSize(1));
        assertThat(cold.figureValues())
                .containsOnlyKeys("mainMs", "harnessReadyMs", "agentBuiltMs", "firstReplyMs", "classesLoaded");
        assertThat(cold.figureValues().get("mainMs")).isPositive()
                .isLessThanOrEqualTo(cold.figureValues().get("harnessReadyMs"));
        assertThat(cold.figureValues().get("harnessReadyMs"))
                .isLessThanOrEqualTo(cold.figureValues().get("agentBuiltMs"));
        assertThat(cold.figureValues().get("agentBuiltMs")).isLessThanOrEqualTo(cold.figureValues().get("firstReplyMs"));
        assertThat(cold.time().median()).isEqualTo(cold.figureValues().get("firstReplyMs") * 1e6, within(1.0));
        assertThat(cold.figureValues().get("classesLoaded")).isGreaterThan(500);
        assertThat(cold.jvm().classesLoaded()).isGreaterThanOrEqualTo(cold.figureValues().get("classesLoaded").longValue());
        assertThat(cold.memory()).isNull();
        assertThat(layout.cellLog(summary.info().cells().get(3))).content()
                .contains("[agentbench] cold start 1 of 2", "[agentbench] cold start 2 of 2", "first reply");

        // SESSIONS with a sequential time: speedup = sequential time over the median
        for (String name : List.of("speedup", "speedup_c2")) {
            CellResult speedup = cells.get(name);
            assertThat(speedup.figureValues().get("speedup")).as(name)
                    .isEqualTo(TestBenchmarks.Speedup.SEQUENTIAL_NANOS / speedup.time().median(), within(1e-9));
            assertThat(speedup.turnLatency().n()).isEqualTo(6L * speedup.concurrency());
        }
    }
}
