package dev.agentbench.cli.broken;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.core.BenchOptions;
import dev.agentbench.core.BenchRunner;
import dev.agentbench.core.RunSummary;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each check of an iteration, broken on purpose by a target made for it, in a real run: the real
 * mock, a child JVM per cell. Every such cell must be FAILED with a message naming what was wrong,
 * while the honest floor target beside them stays OK.
 */
class BrokenTargetsTest {

    @Test
    void everyBrokenCheckFailsItsCellAndSaysWhy(@TempDir Path results) {
        RunSummary summary = new BenchRunner(BenchOptions.builder()
                .targets(List.of("raw", "drops-result", "wrong-text", "never-finishes", "reuses-id"))
                .benchmarks(List.of("tools_parallel"))
                .iterations(3)
                .warmup(2)
                .warmupTime(Duration.ZERO)
                .warmupMax(Duration.ZERO)
                .timeout(Duration.ofMinutes(2))
                .resultsDir(results)
                .build()).run();

        Map<String, CellResult> byTarget = summary.results().stream()
                .collect(Collectors.toMap(CellResult::target, Function.identity()));
        assertThat(byTarget.get("raw").status()).as(byTarget.get("raw").error()).isEqualTo(CellStatus.OK);
        assertThat(byTarget.get("drops-result").status()).isEqualTo(CellStatus.FAILED);
        assertThat(byTarget.get("drops-result").error())
                .contains("turn 1, step 1: tool call [call_0_0_2] has 0 results, expected exactly 1");
        assertThat(byTarget.get("wrong-text").status()).isEqualTo(CellStatus.FAILED);
        assertThat(byTarget.get("wrong-text").error())
                .contains("turn 1, step 2: final text was [Oslo is cloudy, Rome is sunny, and 2 + 3 = 5. (edited)]");
        assertThat(byTarget.get("never-finishes").status()).isEqualTo(CellStatus.FAILED);
        assertThat(byTarget.get("never-finishes").error())
                .contains("turn 1: the turn did not complete with a final reply");
        assertThat(byTarget.get("reuses-id").status()).isEqualTo(CellStatus.FAILED);
        assertThat(byTarget.get("reuses-id").error()).contains("turn 1: tool call id [call_0_0_0] was reported twice");
    }
}
