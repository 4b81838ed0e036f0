package dev.agentbench.core.kind;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.Figure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What every kind says of itself, and results of format 2 read into the figures the kinds declare. */
class CellKindTest {

    @Test
    void everyBenchmarkKindHasItsClassAndOnlySessionsAndLoadExpandIntoConcurrency() {
        for (BenchmarkKind kind : BenchmarkKind.values()) {
            assertThat(CellKind.of(kind).id()).isEqualTo(kind);
            assertThat(CellKind.of(kind).expandsConcurrency()).as(kind.name())
                    .isEqualTo(kind == BenchmarkKind.SESSIONS || kind == BenchmarkKind.LOAD);
            assertThat(CellKind.of(kind).jvmPerSample()).as(kind.name()).isEqualTo(kind == BenchmarkKind.COLD_START);
        }
    }

    @Test
    void noTwoKindsDeclareAFigureOfTheSameName() {
        List<String> names = new ArrayList<>();
        CellKind.all().forEach(kind -> kind.figures().forEach(figure -> names.add(figure.name())));
        assertThat(names).doesNotHaveDuplicates().contains("speedup", "firstReplyMs", "turnsPerSecond");
    }

    @Test
    void aFormat2CellsMetricsAndLoadBecomeTheFiguresTheKindsDeclare() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode cell = mapper.readTree("""
                {"format": 2, "metrics": {"modelCallsPerTurn": 1.0, "oldThing": 3.0},
                 "load": {"sessions": 16, "turnsPerSecond": 79.2, "idealTurnsPerSecond": 79.8, "efficiency": null,
                          "maxInFlight": 16},
                 "forks": [{"fork": 1, "metrics": {"firstReplyMs": 350.0, "classesLoaded": 4100.0}}]}""");

        Format2Figures.upgrade(cell, mapper);

        assertThat(cell.has("metrics")).isFalse();
        assertThat(cell.has("load")).isFalse();
        List<String> names = new ArrayList<>();
        cell.get("figures").forEach(figure -> names.add(figure.get("name").asText()));
        assertThat(names).as("the kinds' order; the child's message to the parent dropped; an unknown kept")
                .containsExactly("turnsPerSecond", "idealTurnsPerSecond", "maxInFlight", "oldThing");
        assertThat(cell.get("figures").get(0).get("section").asText()).isEqualTo(LoadKind.SECTION);
        assertThat(cell.get("figures").get(3).get("section").asText()).isEqualTo(Format2Figures.OTHER);
        JsonNode fork = cell.get("forks").get(0).get("figures");
        assertThat(fork.get(0).get("name").asText()).isEqualTo("firstReplyMs");
        assertThat(fork.get(0).get("unit").asText()).isEqualTo("ms");
        assertThat(fork.get(1).get("value").asDouble()).isEqualTo(4100.0);
        assertThat(Format2Figures.of(Map.of("speedup", 3.9), Map.of())).extracting(Figure::better)
                .containsExactly(Figure.Better.HIGHER);
    }
}
