package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowOrderTest {

    @Test
    void builtInsComeInTheFixedOrderEachFollowedByItsConcurrencyVariantsNumerically() {
        List<String> cells = new ArrayList<>(List.of(
                "zeta_custom", "turn10", "turn5_c16", "tools_parallel", "turn5", "alpha_custom_c2", "cold_start",
                "turn5_c8", "loop1", "memory_footprint", "alpha_custom", "instantiation", "turn1_c32", "turn1"));
        cells.sort(RowOrder.CELLS);
        assertThat(cells).containsExactly(
                "cold_start", "instantiation", "memory_footprint", "turn1", "turn1_c32", "turn5", "turn5_c8",
                "turn5_c16", "turn10", "loop1", "tools_parallel", "alpha_custom", "alpha_custom_c2", "zeta_custom");
    }
}
