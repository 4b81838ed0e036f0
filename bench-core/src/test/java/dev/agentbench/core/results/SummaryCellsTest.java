package dev.agentbench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.WarmupShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run whose cell files are gone is read from its summary.json: figures and forks, no samples. */
class SummaryCellsTest {

    private static final PlannedCell LOAD_A = new PlannedCell("a", "load", 1);
    private static final PlannedCell LOAD_B = new PlannedCell("b", "load", 1);
    private static final PlannedCell TURN_A = new PlannedCell("a", "turn1", 1);

    @TempDir
    Path dir;

    private RunLayout run(List<PlannedCell> cells, String summary) throws IOException {
        RunLayout layout = new RunLayout(dir);
        ResultsJson.write(layout.runJson(), new RunInfo("20261201-120000-abcd", RunStatus.COMPLETED,
                "2026-12-01T12:00:00Z", "2026-12-01T12:01:00Z", List.of(), Map.of(), cells, Map.of()));
        Files.writeString(layout.summaryJson(), summary);
        return layout;
    }

    private static String time(double median) {
        return "{\"unit\":\"ns\",\"n\":36,\"median\":" + median + ",\"p95\":416e6,\"p99\":420e6,\"mean\":412e6,"
                + "\"stddev\":2e6,\"min\":405e6,\"max\":425e6}";
    }

    private static String cell(String target, String name, String figures, String forks) {
        return "{\"target\":\"" + target + "\",\"benchmark\":\"" + name.replaceAll("_c.*", "") + "\",\"concurrency\":1,"
                + "\"name\":\"" + name + "\",\"status\":\"OK\",\"error\":null,\"warnings\":[\"close() was slow\"],"
                + "\"time\":" + time(410e6) + ",\"warmupIterations\":40,\"steadyState\":true,\"drift\":1.01,"
                + "\"memory\":{\"allocatedBytesPerOp\":2048.0,\"allocationExact\":true},\"throughput\":null,"
                + "\"turnLatency\":null,\"jvm\":{\"gcCount\":3,\"gcPauseMillis\":12.0,\"classesLoaded\":3000,"
                + "\"peakThreads\":20,\"peakRssBytes\":700000000},\"cpu\":{\"nanosPerOp\":5.0e6,\"nanos\":180000000,"
                + "\"ops\":36}," + figures + ",\"interval\":null,\"forks\":" + forks + ",\"profile\":null}";
    }

    private static final String FORKS_2 = "[{\"fork\":1,\"n\":12,\"median\":408e6,\"steady\":true,\"shape\":\"WARMUP\","
            + "\"capped\":false,\"warmupMillis\":15004,\"warmupIterations\":38,\"cpuNanosPerOp\":4.9e6},"
            + "{\"fork\":2,\"n\":12,\"median\":410e6,\"steady\":null,\"shape\":null,\"capped\":null,"
            + "\"warmupMillis\":null,\"warmupIterations\":null,\"cpuNanosPerOp\":null},"
            + "{\"fork\":3,\"n\":12,\"median\":413e6,\"steady\":true,\"shape\":\"SLOWDOWN\",\"capped\":true,"
            + "\"warmupMillis\":60000,\"warmupIterations\":41,\"cpuNanosPerOp\":5.1e6}]";

    @Test
    void aFormat2SummaryGivesItsCellsTheirLoadAsFiguresAndTheirForksWithoutSamples() throws IOException {
        RunLayout layout = run(List.of(LOAD_A, TURN_A), "{\"format\":2,\"cells\":["
                + cell("a", "load", "\"metrics\":{},\"load\":{\"sessions\":1,\"turnsPerSecond\":2.43,"
                        + "\"idealTurnsPerSecond\":2.5,\"efficiency\":0.972}", FORKS_2) + "]}");
        Files.createDirectories(layout.targetDir("a"));
        ResultsJson.write(layout.cellResult(TURN_A), CellResult.failed(TURN_A, CellStatus.TIMEOUT, "took too long",
                List.of()));

        RunResults read = RunResults.read(dir);

        assertThat(read.fromSummary()).containsExactly("a/load");
        CellResult load = read.cells().get(0);
        assertThat(load.status()).isEqualTo(CellStatus.OK);
        assertThat(load.time().median()).isEqualTo(410e6);
        assertThat(load.time().p95()).isEqualTo(416e6);
        assertThat(load.warmupIterations()).isEqualTo(40);
        assertThat(load.drift()).isEqualTo(1.01);
        assertThat(load.memory().allocatedBytesPerOp()).isEqualTo(2048.0);
        assertThat(load.jvm().gcCount()).isEqualTo(3);
        assertThat(load.cpu().nanosPerOp()).isEqualTo(5.0e6);
        assertThat(load.warnings()).containsExactly("close() was slow");
        assertThat(load.figureValues()).containsEntry("turnsPerSecond", 2.43).containsEntry("efficiency", 0.972)
                .doesNotContainKey("sessions");
        assertThat(load.figure("turnsPerSecond").unit()).isEqualTo("turns/s");
        assertThat(load.figure("turnsPerSecond").better()).isEqualTo(Figure.Better.HIGHER);

        assertThat(load.forks()).extracting(Fork::fork).containsExactly(1, 2, 3);
        assertThat(load.forks()).allSatisfy(fork -> assertThat(fork.samples()).isEmpty());
        assertThat(load.forks()).extracting(fork -> fork.time().median()).containsExactly(408e6, 410e6, 413e6);
        assertThat(load.forks()).extracting(fork -> fork.time().n()).containsExactly(12L, 12L, 12L);
        assertThat(load.forks().get(0).time().p95()).isNaN();
        Fork first = load.forks().get(0);
        assertThat(first.warmup().shape()).isEqualTo(WarmupShape.WARMUP);
        assertThat(first.warmup().nanos()).isEqualTo(15_004_000_000L);
        assertThat(first.warmup().iterations()).isEqualTo(38);
        assertThat(first.warmup().curve()).isEmpty();
        assertThat(first.steadyState()).isTrue();
        assertThat(first.cpu().nanosPerOp()).isEqualTo(4.9e6);
        assertThat(load.forks().get(1).warmup()).isNull();
        assertThat(load.forks().get(1).cpu()).isNull();
        assertThat(load.forks().get(2).warmup().capped()).isTrue();

        assertThat(read.cells().get(1).status()).as("a cell with its own file is read from it")
                .isEqualTo(CellStatus.TIMEOUT);
    }

    @Test
    void aFormat3SummaryGivesItsCellsTheirFiguresAndEachForkItsFiguresByName() throws IOException {
        String figures = "\"metrics\":{\"turnsPerSecond\":2.43},\"figures\":[{\"name\":\"turnsPerSecond\","
                + "\"label\":\"turns/s\",\"unit\":\"turns/s\",\"better\":\"HIGHER\",\"combine\":\"MEDIAN\","
                + "\"section\":\"Throughput under model latency\",\"description\":\"turns ended per second\","
                + "\"overFloor\":false,\"value\":2.43,\"low\":2.41,\"high\":2.44}]";
        String forks = "[{\"fork\":1,\"n\":12,\"median\":408e6,\"steady\":null,\"shape\":null,\"capped\":null,"
                + "\"warmupMillis\":null,\"warmupIterations\":null,\"cpuNanosPerOp\":null,"
                + "\"figures\":{\"turnsPerSecond\":2.41,\"addedLater\":7}},"
                + "{\"fork\":2,\"n\":12,\"median\":411e6,\"steady\":null,\"shape\":null,\"capped\":null,"
                + "\"warmupMillis\":null,\"warmupIterations\":null,\"cpuNanosPerOp\":null,"
                + "\"figures\":{\"turnsPerSecond\":2.44}}]";
        run(List.of(LOAD_A, LOAD_B), "{\"format\":3,\"cells\":[" + cell("a", "load", figures, forks) + "]}");

        RunResults read = RunResults.read(dir);

        assertThat(read.fromSummary()).containsExactly("a/load");
        CellResult load = read.cells().get(0);
        assertThat(load.figure("turnsPerSecond").low()).isEqualTo(2.41);
        assertThat(load.figure("turnsPerSecond").high()).isEqualTo(2.44);
        Figure forkFigure = load.forks().get(0).figure("turnsPerSecond");
        assertThat(forkFigure.value()).isEqualTo(2.41);
        assertThat(forkFigure.unit()).isEqualTo("turns/s");
        assertThat(forkFigure.section()).isEqualTo("Throughput under model latency");
        assertThat(forkFigure.low()).isNull();
        assertThat(load.forks().get(0).figure("addedLater").value()).isEqualTo(7.0);
        assertThat(load.forks().get(1).figure("turnsPerSecond").value()).isEqualTo(2.44);
        assertThat(read.cells().get(1).status()).as("a cell summary.json does not have").isEqualTo(CellStatus.MISSING);
    }

    @Test
    void aBrokenSummaryIsOneLineNamingTheFileAndANewerOneIsRefused() throws IOException {
        RunLayout layout = run(List.of(LOAD_A), "{\"format\":2,\"cells\":[{\"target\":\"a\"}]}");
        assertThatThrownBy(() -> RunResults.read(dir)).isInstanceOf(IOException.class)
                .hasMessage("[" + layout.summaryJson() + "] is not a readable summary.json: cells[0] has no [benchmark]");

        Files.writeString(layout.summaryJson(), "{\"format\":2,\"cells\":[");
        assertThatThrownBy(() -> RunResults.read(dir)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("[" + layout.summaryJson() + "] is not a readable summary.json: ")
                .hasMessageNotContaining("\n");

        Files.writeString(layout.summaryJson(), "{\"format\":" + (RunLayout.FORMAT + 1) + ",\"cells\":[]}");
        assertThatThrownBy(() -> RunResults.read(dir)).isInstanceOf(NewerFormatException.class)
                .hasMessageStartingWith("[" + layout.summaryJson() + "] is results format " + (RunLayout.FORMAT + 1));
    }
}
