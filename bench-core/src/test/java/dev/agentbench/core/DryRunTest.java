package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.results.ResultsJson;
import dev.agentbench.core.testing.TestRuns;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A dry run checks every cell of every kind with one iteration and says which would fail, and why. */
class DryRunTest extends ChildJvmRunTest {

    @Test
    void everyCellRunsOneCheckedIterationAndAFailingOneSaysWhy() throws Exception {
        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("scripted", "throwing"))
                .benchmarks(List.of("echo", "build", "footprint", "growth", "cold"))
                .concurrency(List.of(2))
                .iterations(500)
                .warmup(500)
                .footprintAgents(300)
                .coldStarts(5)
                .dryRun(true)
                .build()).run();

        assertThat(summary.results()).extracting(result -> result.target() + "/" + result.name() + " " + result.status())
                .containsExactly(
                        "scripted/echo_c2 OK", "throwing/echo_c2 FAILED",
                        "scripted/build OK", "throwing/build FAILED",
                        "scripted/footprint OK", "throwing/footprint FAILED",
                        "scripted/growth OK", "throwing/growth FAILED",
                        "scripted/cold OK", "throwing/cold FAILED");
        String why = "Target [throwing] failed to open: java.lang.IllegalStateException: cannot build the agent";
        assertThat(summary.results()).filteredOn(result -> result.target().equals("throwing"))
                .extracting(CellResult::error).containsExactly(
                        why,
                        "dry run iteration [1] failed: " + why,
                        "dry run iteration [1] failed: " + why,
                        why,
                        "Cold start [1 of 1]: " + why);
        for (CellResult ok : summary.results().stream().filter(r -> r.status() == CellStatus.OK).toList()) {
            // one iteration, nothing else measured
            assertThat(ok.time().n()).as(ok.name()).isEqualTo(1);
            assertThat(ok.forks()).singleElement().satisfies(fork -> assertThat(fork.samples()).hasSize(1));
            assertThat(ok.warmupIterations()).isZero();
            assertThat(ok.steadyState()).isNull();
            assertThat(ok.memory()).isNull();
            assertThat(ok.throughput()).isNull();
            assertThat(ok.turnLatency()).isNull();
            assertThat(ok.jvm()).isNull();
            assertThat(ok.figureValues()).isEmpty();
        }
        RunLayout layout = new RunLayout(summary.runDir());
        assertThat(ResultsJson.read(layout.cellResult(summary.info().cells().get(1)), CellResult.class).error()).isEqualTo(why);
        assertThat(summary.info().settings()).containsEntry("dryRun", "true").containsEntry("iterations", "1")
                .containsEntry("footprintAgents", "1").containsEntry("coldStarts", "1");
        assertThat(summary.info().notes()).contains(BenchRunner.DRY_RUN_NOTE);
    }
}
