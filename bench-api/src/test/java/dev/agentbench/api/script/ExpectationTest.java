package dev.agentbench.api.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExpectationTest {

    @Test
    void contentPassesWithinTheTolerancePercentOrTheSlackWhicheverIsLarger() {
        Expectation expect = new Expectation(List.of(2, 4), List.of(1000L, 100_000L), List.of("a"), 10);
        assertThat(expect.leastBytes(0)).as("256 bytes of slack beat 10% of 1000").isEqualTo(744);
        assertThat(expect.mostBytes(0)).isEqualTo(1256);
        assertThat(expect.leastBytes(1)).isEqualTo(90_000);
        assertThat(expect.mostBytes(1)).isEqualTo(110_000);
        assertThat(new Expectation(List.of(1), List.of(100L), List.of(), 0).leastBytes(0)).isZero();
    }

    @Test
    void badExpectationsAreRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> new Expectation(List.of(2), List.of(1L, 2L), List.of(), 10))
                .hasMessage("An expectation needs one message count and one content size per step, was 1 and 2");
        assertThatThrownBy(() -> new Expectation(List.of(0), List.of(1L), List.of(), 10))
                .hasMessage("An expectation's message count must be positive, was [0]");
        assertThatThrownBy(() -> new Expectation(List.of(1), List.of(1L), List.of("a", "a"), 10))
                .hasMessage("An expectation names a tool twice: [a, a]");
        assertThatThrownBy(() -> new Expectation(List.of(1), List.of(1L), List.of(), 101))
                .hasMessage("An expectation's tolerance must be from 0 to 100 percent, was [101]");
    }

    @Test
    void aTurnNeedsOneExpectationEntryPerStep() {
        List<Step> steps = List.of(Step.toolCalls(new ScriptedToolCall("a", "{}")), Step.text("done"));
        Expectation one = new Expectation(List.of(2), List.of(10L), List.of("a"), 10);
        assertThatThrownBy(() -> new ScriptTurn("hi", steps, one))
                .hasMessage("The turn has 2 steps and its expectation 1; it needs one per step");
        Expectation two = new Expectation(List.of(2, 4), List.of(10L, 20L), List.of("a"), 10);
        assertThat(new ScriptTurn("hi", steps).expecting(two).expect()).isEqualTo(two);
        assertThat(new ScriptTurn("hi", steps).expect()).isNull();
    }

    @Test
    void aScriptWithoutExpectationsHasTheSameRepliesAndChecksNothing() {
        Expectation expect = new Expectation(List.of(2), List.of(10L), List.of(), 10);
        Script script = new Script("s", List.of(new ScriptTurn("hi", List.of(Step.text("yo")), expect)));
        Script plain = script.withoutExpectations();
        assertThat(plain.name()).isEqualTo("s");
        assertThat(plain.turns()).singleElement().satisfies(turn -> {
            assertThat(turn.expect()).isNull();
            assertThat(turn.steps()).isEqualTo(script.turns().get(0).steps());
        });
    }
}
