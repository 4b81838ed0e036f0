package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.core.results.NewerFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every results file says its format; a reader takes a file without one as format 1, reads a cell of
 * format 1 as one fork, and refuses a newer format.
 */
class ResultsFormatTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void whatTheHarnessWritesCarriesTheFormat() throws Exception {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);
        RunInfo info = new RunInfo("20261129-101500-k3x9", RunStatus.COMPLETED, "2026-11-29T10:15:00Z", null,
                List.of(), Map.of(), List.of(cell), Map.of());
        JsonNode run = MAPPER.readTree(MAPPER.writeValueAsString(info));
        assertThat(run.path("format").asInt()).isEqualTo(RunLayout.FORMAT).isEqualTo(3);
        assertThat(run.fieldNames().next()).as("the first field").isEqualTo("format");
        JsonNode result = MAPPER.readTree(MAPPER.writeValueAsString(
                CellResult.failed(cell, CellStatus.FAILED, "no reply", List.of())));
        assertThat(result.path("format").asInt()).isEqualTo(3);
        assertThat(result.fieldNames().next()).isEqualTo("format");
    }

    @Test
    void aFileWithoutTheFieldIsFormat1(@TempDir Path temp) throws Exception {
        // The fixed run's run.json and most of its cells were written before the field existed.
        assertThat(Files.readString(GoldenReportTest.fixedRun().resolve("run.json"))).doesNotContain("\"format\"");
        RunData run = RunData.read(ReportsTest.copyOfFixedRun(temp));
        assertThat(run.info().format()).isEqualTo(1);
        assertThat(run.info().mockWarmup()).isNull();
        // every cell read from a file; the reader writes the missing and the unreadable ones itself
        assertThat(run.cells()).filteredOn(cell -> cell.status() != CellStatus.MISSING
                        && (cell.error() == null || !cell.error().startsWith("unreadable result file")))
                .hasSize(15).allSatisfy(cell -> {
                    assertThat(cell.format()).isEqualTo(1);
                    assertThat(cell.forks()).isEmpty();
                });
        assertThat(MAPPER.readTree(new SummaryJsonFormat().render(run, ReportOptions.defaults())).path("format").asInt())
                .isEqualTo(RunLayout.FORMAT);
    }

    @Test
    void aCellOfFormat1ReadsAsOneForkOfItsSamples() throws Exception {
        CellResult turn1 = RunData.read(GoldenReportTest.fixedRun()).cells().stream()
                .filter(cell -> cell.target().equals("raw") && cell.name().equals("turn1")).findFirst().orElseThrow();
        assertThat(turn1.forksOrSelf()).singleElement().satisfies(fork -> {
            assertThat(fork.fork()).isEqualTo(1);
            assertThat(fork.samples()).containsExactly(198_000L, 212_400L, 205_000L, 260_100L, 281_000L);
            assertThat(fork.warmup()).isNull();
        });
    }

    @Test
    void aRunOfFormat2KeepsEachCellsSamplesPerFork() throws Exception {
        RunData run = RunData.read(GoldenReportTest.forkRun());
        assertThat(run.info().format()).isEqualTo(2);
        assertThat(run.info().mockWarmup().steady()).isTrue();
        CellResult turn1 = run.cells().stream()
                .filter(cell -> cell.target().equals("llmagent") && cell.name().equals("turn1")).findFirst().orElseThrow();
        assertThat(turn1.format()).isEqualTo(2);
        assertThat(turn1.samples()).isEmpty();
        assertThat(turn1.forks()).hasSize(3).allSatisfy(fork -> assertThat(fork.samples()).hasSize(24));
        assertThat(turn1.forks().get(2).warmup().capped()).isTrue();
        assertThat(turn1.steadyState()).isFalse();
        assertThat(turn1.cpu().nanosPerOp()).isEqualTo(550_000.0);
    }

    @Test
    void aNewerRunJsonIsRefusedNamingTheFileAndBothFormats(@TempDir Path temp) throws Exception {
        Path runDir = ReportsTest.copyOfFixedRun(temp);
        Path runJson = runDir.resolve("run.json");
        ObjectNode info = (ObjectNode) MAPPER.readTree(runJson.toFile());
        info.put("format", 4);
        info.put("somethingNew", "that format 3 cannot know");
        MAPPER.writeValue(runJson.toFile(), info);
        assertThatThrownBy(() -> RunData.read(runDir))
                .isInstanceOf(NewerFormatException.class)
                .hasMessage("[" + runJson + "] is results format 4; this agentbench reads format 3 (use a newer agentbench)");
    }

    @Test
    void aNewerCellResultRefusesTheWholeRunNotJustTheCell(@TempDir Path temp) throws Exception {
        Path runDir = ReportsTest.copyOfFixedRun(temp);
        Path cell = runDir.resolve("noop").resolve("turn1.json");
        ObjectNode result = (ObjectNode) MAPPER.readTree(cell.toFile());
        result.put("format", 7);
        MAPPER.writeValue(cell.toFile(), result);
        assertThatThrownBy(() -> RunData.read(runDir))
                .isInstanceOf(NewerFormatException.class)
                .hasMessage("[" + cell + "] is results format 7; this agentbench reads format 3 (use a newer agentbench)");
    }

    @Test
    void aFormatThatIsNoNumberIsUnreadable(@TempDir Path temp) throws Exception {
        Path runDir = ReportsTest.copyOfFixedRun(temp);
        Path runJson = runDir.resolve("run.json");
        ObjectNode info = (ObjectNode) MAPPER.readTree(runJson.toFile());
        info.put("format", "two");
        MAPPER.writeValue(runJson.toFile(), info);
        assertThatThrownBy(() -> RunData.read(runDir))
                .isNotInstanceOf(NewerFormatException.class)
                .hasMessage("[" + runJson + "] says results format [\"two\"], which is no format number");
    }
}
