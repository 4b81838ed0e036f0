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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every results file says its format; a reader takes a file without one as format 1 and refuses a newer one. */
class ResultsFormatTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void whatTheHarnessWritesCarriesTheFormat() throws Exception {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);
        RunInfo info = new RunInfo("20261129-101500-k3x9", RunStatus.COMPLETED, "2026-11-29T10:15:00Z", null,
                List.of(), Map.of(), List.of(cell), Map.of());
        JsonNode run = MAPPER.readTree(MAPPER.writeValueAsString(info));
        assertThat(run.path("format").asInt()).isEqualTo(RunLayout.FORMAT).isEqualTo(1);
        assertThat(run.fieldNames().next()).as("the first field").isEqualTo("format");
        JsonNode result = MAPPER.readTree(MAPPER.writeValueAsString(
                CellResult.failed(cell, CellStatus.FAILED, "no reply", List.of())));
        assertThat(result.path("format").asInt()).isEqualTo(1);
        assertThat(result.fieldNames().next()).isEqualTo("format");
    }

    @Test
    void aFileWithoutTheFieldIsFormat1(@TempDir Path temp) throws Exception {
        // The fixed run's run.json and most of its cells were written before the field existed.
        assertThat(Files.readString(GoldenReportTest.fixedRun().resolve("run.json"))).doesNotContain("\"format\"");
        RunData run = RunData.read(ReportsTest.copyOfFixedRun(temp));
        assertThat(run.info().format()).isEqualTo(1);
        assertThat(run.cells()).allSatisfy(cell -> assertThat(cell.format()).isEqualTo(1));
        assertThat(MAPPER.readTree(new SummaryJsonFormat().render(run, ReportOptions.defaults())).path("format").asInt())
                .isEqualTo(RunLayout.FORMAT);
    }

    @Test
    void aNewerRunJsonIsRefusedNamingTheFileAndBothFormats(@TempDir Path temp) throws Exception {
        Path runDir = ReportsTest.copyOfFixedRun(temp);
        Path runJson = runDir.resolve("run.json");
        ObjectNode info = (ObjectNode) MAPPER.readTree(runJson.toFile());
        info.put("format", 2);
        info.put("somethingNew", "that format 1 cannot know");
        MAPPER.writeValue(runJson.toFile(), info);
        assertThatThrownBy(() -> RunData.read(runDir))
                .isInstanceOf(NewerFormatException.class)
                .hasMessage("[" + runJson + "] is results format 2; this agentbench reads format 1 (use a newer agentbench)");
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
                .hasMessage("[" + cell + "] is results format 7; this agentbench reads format 1 (use a newer agentbench)");
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
