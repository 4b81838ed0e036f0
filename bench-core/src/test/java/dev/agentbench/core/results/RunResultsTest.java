package dev.agentbench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run directory read back: exactly the planned cells, in plan order, whatever their files hold. */
class RunResultsTest {

    private static final PlannedCell A1 = new PlannedCell("a", "turn1", 1);
    private static final PlannedCell B1 = new PlannedCell("b", "turn1", 1);
    private static final PlannedCell A5 = new PlannedCell("a", "turn5", 1);
    private static final PlannedCell B5 = new PlannedCell("b", "turn5", 1);

    @TempDir
    Path dir;

    private RunLayout run(List<PlannedCell> cells) throws IOException {
        RunLayout layout = new RunLayout(dir);
        ResultsJson.write(layout.runJson(), new RunInfo("20261201-120000-abcd", RunStatus.INTERRUPTED,
                "2026-12-01T12:00:00Z", "2026-12-01T12:01:00Z", List.of(), Map.of(), cells, Map.of()));
        for (String target : List.of("a", "b")) {
            Files.createDirectories(layout.targetDir(target));
        }
        return layout;
    }

    @Test
    void everyPlannedCellInPlanOrderMissingWhereNoFileOrUnreadableFailedWhereAnotherCellsAndNothingUnplanned() throws IOException {
        RunLayout layout = run(List.of(A1, B1, A5, B5));
        Files.writeString(layout.cellResult(A1), "{not json");
        ResultsJson.write(layout.cellResult(B1), CellResult.failed(B1, CellStatus.TIMEOUT, "took too long", List.of()));
        ResultsJson.write(layout.cellResult(A5), CellResult.failed(B5, CellStatus.TIMEOUT, "took too long", List.of()));
        PlannedCell stray = new PlannedCell("a", "loop1", 1);
        ResultsJson.write(layout.cellResult(stray), CellResult.failed(stray, CellStatus.TIMEOUT, "earlier", List.of()));

        RunResults read = RunResults.read(dir);

        assertThat(read.info().status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(read.cells()).extracting(cell -> cell.target() + "/" + cell.name())
                .containsExactly("a/turn1", "b/turn1", "a/turn5", "b/turn5");
        assertThat(read.cells()).extracting(CellResult::status)
                .containsExactly(CellStatus.MISSING, CellStatus.TIMEOUT, CellStatus.FAILED, CellStatus.MISSING);
        assertThat(read.cells().get(0).error()).startsWith("unreadable result file [a/turn1.json]: ")
                .contains("at line 1, column");
        assertThat(read.cells().get(1).error()).isEqualTo("took too long");
        assertThat(read.cells().get(2).error()).isEqualTo("result file [a/turn5.json] holds cell [b/turn5]");
        assertThat(read.cells().get(3).error()).isEqualTo("no result: the cell did not run");
    }

    @Test
    void aCellFileCutOffInTheMiddleIsMissingSayingWhereItEnds() throws IOException {
        RunLayout layout = run(List.of(A1, B1));
        ResultsJson.write(layout.cellResult(A1), CellResult.failed(A1, CellStatus.TIMEOUT, "took too long", List.of()));
        byte[] whole = Files.readAllBytes(layout.cellResult(A1));
        Files.write(layout.cellResult(A1), java.util.Arrays.copyOf(whole, whole.length / 2));
        ResultsJson.write(layout.cellResult(B1), CellResult.failed(B1, CellStatus.TIMEOUT, "took too long", List.of()));

        RunResults read = RunResults.read(dir);

        assertThat(read.cells()).extracting(CellResult::status).containsExactly(CellStatus.MISSING, CellStatus.TIMEOUT);
        assertThat(read.cells().get(0).error()).matches(
                "unreadable result file \\[a/turn1\\.json\\]: truncated at line \\d+, column \\d+ \\(Unexpected end-of-input.*\\)");
    }

    @Test
    void aRunJsonCutOffInTheMiddleIsNoRunSayingWhereItEnds() throws IOException {
        RunLayout layout = run(List.of(A1));
        byte[] whole = Files.readAllBytes(layout.runJson());
        Files.write(layout.runJson(), java.util.Arrays.copyOf(whole, whole.length / 2));

        assertThatThrownBy(() -> RunResults.read(dir)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("[" + layout.runJson() + "] is not a run's run.json: truncated at line ");
    }

    @Test
    void fieldsOfALaterVersionAreSkippedAndANewerFormatIsRefusedNamingTheFile() throws IOException {
        RunLayout layout = run(List.of(A1));
        ObjectNode info = (ObjectNode) ResultsJson.mapper().readTree(layout.runJson().toFile());
        ResultsJson.write(layout.runJson(), info.put("addedLater", true));
        assertThat(RunResults.read(dir).cells()).hasSize(1);

        ObjectNode cell = ResultsJson.mapper().valueToTree(CellResult.failed(A1, CellStatus.TIMEOUT, "x", List.of()));
        ResultsJson.write(layout.cellResult(A1), cell.put(RunLayout.FORMAT_FIELD, RunLayout.FORMAT + 1));
        assertThatThrownBy(() -> RunResults.read(dir))
                .isInstanceOf(NewerFormatException.class)
                .hasMessage("[" + layout.cellResult(A1) + "] is results format " + (RunLayout.FORMAT + 1)
                        + "; this agentbench reads format " + RunLayout.FORMAT + " (use a newer agentbench)");
    }

    @Test
    void aDirectoryWithoutRunJsonIsNoRun() {
        assertThatThrownBy(() -> RunResults.read(dir))
                .isInstanceOf(IOException.class)
                .hasMessage("No run.json in [" + dir + "]: not a run directory");
    }

    @Test
    void aCellsParametersAreWrittenWhereItHasThemAndReadBackInOrder() throws IOException {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("tokens", "256");
        params.put("stream", "true");
        PlannedCell reply = new PlannedCell("a", "reply", 1, "reply_tokens=256_stream=true", params);
        RunLayout layout = run(List.of(reply, A1));
        ResultsJson.write(layout.cellResult(reply), CellResult.failed(reply, CellStatus.TIMEOUT, "slow", List.of()));
        ResultsJson.write(layout.cellResult(A1), CellResult.failed(A1, CellStatus.TIMEOUT, "slow", List.of()));

        assertThat(Files.readString(layout.runJson())).containsOnlyOnce("\"params\"");
        assertThat(Files.readString(layout.cellResult(A1))).as("a cell without parameters as before")
                .doesNotContain("params");
        CellResult read = ResultsJson.readCell(Files.readAllBytes(layout.cellResult(reply)));
        assertThat(read.params()).containsExactly(Map.entry("tokens", "256"), Map.entry("stream", "true"));
        assertThat(ResultsJson.read(layout.runJson(), RunInfo.class).cells()).containsExactly(reply, A1);
        assertThat(ResultsJson.readCell(Files.readAllBytes(layout.cellResult(A1))).params()).isEmpty();
    }
}
