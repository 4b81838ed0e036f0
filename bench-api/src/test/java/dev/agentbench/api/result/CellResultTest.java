package dev.agentbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellResultTest {

    @Test
    void cellNamesCarryConcurrencyAboveOne() {
        assertThat(CellResult.cellName("turn5", 1)).isEqualTo("turn5");
        assertThat(CellResult.cellName("turn5", 8)).isEqualTo("turn5_c8");
        assertThat(new PlannedCell("raw", "turn5", 16).name()).isEqualTo("turn5_c16");
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
