package dev.agentbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import java.util.List;
import org.junit.jupiter.api.Test;

class FigureTest {

    private static final Figure.Definition TURNS = new Figure.Definition("turnsPerSecond", "turns/s", "turns/s",
            Better.HIGHER, Combine.MEDIAN, "Load", "turns per second");

    @Test
    void forksCombineAsTheFigureSaysWithTheirRange() {
        List<Figure> forks = List.of(TURNS.of(10), TURNS.of(30), TURNS.of(12));
        Figure cell = Figure.combined(forks);
        assertThat(cell.value()).isEqualTo(12);
        assertThat(cell.low()).isEqualTo(10);
        assertThat(cell.high()).isEqualTo(30);
        assertThat(cell.label()).isEqualTo("turns/s");

        assertThat(Combine.MAX.of(new double[] {3, 9, 4})).isEqualTo(9);
        assertThat(Combine.MIN.of(new double[] {3, 9, 4})).isEqualTo(3);
        assertThat(Combine.SUM.of(new double[] {3, 9, 4})).isEqualTo(16);
        assertThat(Combine.MEDIAN.of(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }

    @Test
    void oneForkHasNoRange() {
        Figure cell = Figure.combined(List.of(TURNS.of(7)));
        assertThat(cell.value()).isEqualTo(7);
        assertThat(cell.low()).isNull();
        assertThat(cell.high()).isNull();
    }

    @Test
    void badFiguresAreRefusedNamingThem() {
        assertThatThrownBy(() -> new Figure.Definition("turns per second", "x", "", Better.LOWER, Combine.MEDIAN, "S",
                "")).hasMessage("Figure name [turns per second] must be a letter, then letters and digits");
        assertThatThrownBy(() -> TURNS.of(Double.NaN)).hasMessage("Figure [turnsPerSecond] has no value (NaN)");
        assertThatThrownBy(() -> Figure.combined(List.of())).hasMessage("A figure needs at least one fork's value, got [0]");
    }

    @Test
    void aCellFindsItsFigureByName() {
        Figure figure = TURNS.of(5);
        assertThat(Figure.find(List.of(figure), "turnsPerSecond")).isEqualTo(figure);
        assertThat(Figure.find(List.of(figure), "efficiency")).isNull();
    }
}
