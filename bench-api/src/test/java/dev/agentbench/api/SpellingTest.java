package dev.agentbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpellingTest {

    private static final List<String> TARGETS =
            List.of("noop", "wire", "raw", "llmagent", "langchain4j", "springai", "koog", "agentscope", "langgraph4j");
    private static final List<String> BENCHMARKS = List.of("turn1", "turn5", "tools", "tools_parallel", "loop1", "loop5",
            "instantiation", "history", "reply", "agent_step");

    @Test
    void aTypoOfOneOrTwoLettersFindsItsName() {
        assertThat(Spelling.nearest("langchian4j", TARGETS)).containsExactly("langchain4j");
        assertThat(Spelling.nearest("springia", TARGETS)).containsExactly("springai");
        assertThat(Spelling.nearest("langchain", TARGETS)).containsExactly("langchain4j");
        assertThat(Spelling.nearest("histroy", BENCHMARKS)).containsExactly("history");
        assertThat(Spelling.nearest("agent-step", BENCHMARKS)).containsExactly("agent_step");
    }

    @Test
    void caseAloneIsTheClosestOfAll() {
        assertThat(Spelling.nearest("Koog", TARGETS)).containsExactly("koog");
        assertThat(Spelling.nearest("RAW", List.of("raw", "rat"))).containsExactly("raw");
    }

    @Test
    void namesEquallyCloseAreAllSuggestedInTheOrderKnown() {
        assertThat(Spelling.nearest("turn", BENCHMARKS)).containsExactly("turn1", "turn5");
        assertThat(Spelling.nearest("loop", BENCHMARKS)).containsExactly("loop1", "loop5");
        assertThat(Spelling.didYouMean("turn", BENCHMARKS)).isEqualTo("did you mean [turn1] or [turn5]? ");
        assertThat(Spelling.didYouMean("t", List.of("a", "b", "c", "d"))).isEqualTo("did you mean [a], [b] or [c]? ");
    }

    @Test
    void aBeginningOfThreeLettersOrMoreNamesWhatItBegins() {
        assertThat(Spelling.nearest("instan", BENCHMARKS)).containsExactly("instantiation");
        assertThat(Spelling.nearest("agents", TARGETS)).containsExactly("agentscope");
        assertThat(Spelling.nearest("in", BENCHMARKS)).isEmpty();
    }

    @Test
    void aNameFarFromEveryKnownOneGetsNoGuess() {
        assertThat(Spelling.nearest("openai", TARGETS)).isEmpty();
        assertThat(Spelling.nearest("benchmark", BENCHMARKS)).isEmpty();
        assertThat(Spelling.nearest("x", List.of())).isEmpty();
        assertThat(Spelling.didYouMean("openai", TARGETS)).isEmpty();
    }

    @Test
    void anUnknownNameIsRefusedInOneLineWithItsGuessAndTheKnownNames() {
        assertThat(Spelling.unknown("target", "rwa", List.of("noop", "raw", "wire")))
                .isEqualTo("Unknown target [rwa]; did you mean [raw]? known targets: [noop, raw, wire]");
        assertThat(Spelling.unknown("format", "pdf", List.of("md", "json")))
                .isEqualTo("Unknown format [pdf]; known formats: [md, json]");
    }

    @Test
    void editsCountASwapOfNeighboursAsOne() {
        assertThat(Spelling.edits("ab", "ba")).isEqualTo(1);
        assertThat(Spelling.edits("kitten", "sitting")).isEqualTo(3);
        assertThat(Spelling.edits("", "abc")).isEqualTo(3);
        assertThat(Spelling.edits("same", "same")).isZero();
    }
}
