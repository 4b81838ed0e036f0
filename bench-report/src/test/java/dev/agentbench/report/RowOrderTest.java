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

    @Test
    void parameterValuesSortNumericallyNextToTheirBaseEachFollowedByItsConcurrencyVariants() {
        List<String> cells = new ArrayList<>(List.of(
                "history_history=256", "turn1", "history_history=16_c8", "history_history=64", "history_history=1",
                "history_history=16", "history_history=1_c8", "load", "turn1_c8"));
        cells.sort(RowOrder.CELLS);
        assertThat(cells).containsExactly("turn1", "turn1_c8", "load", "history_history=1", "history_history=1_c8",
                "history_history=16", "history_history=16_c8", "history_history=64", "history_history=256");
    }

    @Test
    void severalParametersSortByTheFirstThenTheNextAsDeclared() {
        List<String> cells = new ArrayList<>(List.of(
                "reply_tokens=2048_stream=false", "reply_tokens=256_stream=true", "reply_tokens=16_stream=true",
                "reply_tokens=256_stream=false", "reply_tokens=16_stream=false", "reply_tokens=16_stream=true_c2",
                "my_bench_max_len=0.5", "my_bench_max_len=10", "my_bench_max_len=2.25"));
        cells.sort(RowOrder.CELLS);
        assertThat(cells).containsExactly(
                "reply_tokens=16_stream=false", "reply_tokens=16_stream=true", "reply_tokens=16_stream=true_c2",
                "reply_tokens=256_stream=false", "reply_tokens=256_stream=true", "reply_tokens=2048_stream=false",
                "my_bench_max_len=0.5", "my_bench_max_len=2.25", "my_bench_max_len=10");
    }
}
