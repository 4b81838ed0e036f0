package dev.agentbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellResultTest {

    @Test
    void cellNamesCarryConcurrencyAboveOne() {
        assertThat(CellResult.cellName("turn5", 1)).isEqualTo("turn5");
        assertThat(CellResult.cellName("turn5", 8)).isEqualTo("turn5_c8");
        assertThat(new PlannedCell("raw", "turn5", 16).name()).isEqualTo("turn5_c16");
    }

    @Test
    void cellNamesCarryParametersInTheirOrderBeforeConcurrency() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("tokens", "256");
        params.put("stream", "true");
        assertThat(CellResult.cellName("history", Map.of("history", "64"), 1)).isEqualTo("history_history=64");
        assertThat(CellResult.cellName("reply", params, 8)).isEqualTo("reply_tokens=256_stream=true_c8");
        assertThat(CellResult.cellName("turn5", Map.of(), 8)).isEqualTo("turn5_c8");
    }

    @Test
    void aFailedCellKeepsThePlannedCellsParametersInOrder() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("tokens", "16");
        params.put("stream", "false");
        PlannedCell cell = new PlannedCell("raw", "reply", 1, "reply_tokens=16", params);
        CellResult failed = CellResult.failed(cell, CellStatus.FAILED, "broke", List.of());
        assertThat(failed.params()).containsExactly(Map.entry("tokens", "16"), Map.entry("stream", "false"));
        assertThat(failed.withWarning("w").withLogTail(List.of("x")).params()).isEqualTo(params);
        assertThat(new PlannedCell("raw", "turn1", 1).params()).isEmpty();
    }

    @Test
    void aFailedCellMustSayWhy() {
        PlannedCell cell = new PlannedCell("raw", "turn1", 1);
        assertThatThrownBy(() -> CellResult.failed(cell, CellStatus.FAILED, " ", List.of()))
                .hasMessage("A FAILED cell needs an error that says why");
        assertThat(CellResult.failed(cell, CellStatus.TIMEOUT, "no result within 10s", List.of("last line")).logTail())
                .containsExactly("last line");
    }

    @Test
    void anOkCellMustCarryItsStatistics() {
        assertThatThrownBy(() -> new CellResult("raw", "turn1", 1, "turn1", CellStatus.OK, null, null, 0, null, null, null,
                null, null, null, null, null, null, null, null))
                .hasMessage("An OK cell needs its time statistics");
    }

    @Test
    void layoutPlacesCellFilesUnderTheirTarget() {
        RunLayout layout = new RunLayout(Path.of("results", "20260101-000000-abcd"));
        PlannedCell cell = new PlannedCell("raw", "turn5", 8);
        assertThat(layout.cellResult(cell)).isEqualTo(Path.of("results", "20260101-000000-abcd", "raw", "turn5_c8.json"));
        assertThat(layout.cellLog(cell)).isEqualTo(Path.of("results", "20260101-000000-abcd", "raw", "turn5_c8.log"));
    }
}
