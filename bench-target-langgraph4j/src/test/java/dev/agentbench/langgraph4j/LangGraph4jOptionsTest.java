package dev.agentbench.langgraph4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bsc.langgraph4j.StateGraph;
import org.junit.jupiter.api.Test;

class LangGraph4jOptionsTest {

    private static TargetContext context(Map<String, String> options) {
        return new TargetContext(URI.create("http://127.0.0.1:1/v1"), "k", "m", "i", List.of(),
                Script.singleText("s", "hi", "hello"), options);
    }

    @Test
    void byDefaultTheBlockingModelAndARecursionLimitOf100() {
        assertThat(LangGraph4jOptions.of(context(Map.of()))).isEqualTo(new LangGraph4jOptions(false, 100));
    }

    @Test
    void streamAndTheRecursionLimitAreChosenByOptions() {
        assertThat(LangGraph4jOptions.of(context(Map.of("stream", "true", "recursion_limit", "40"))))
                .isEqualTo(new LangGraph4jOptions(true, 40));
        assertThat(LangGraph4jOptions.of(context(Map.of("tool_execution", "sequential"))))
                .isEqualTo(new LangGraph4jOptions(false, 100));
    }

    @Test
    void valuesItCannotUseAreRefusedAndOtherTargetsKeysIgnored() {
        assertThatThrownBy(() -> LangGraph4jOptions.of(context(Map.of("tool_execution", "concurrent"))))
                .hasMessageStartingWith("Target option [tool_execution] can only be [sequential], was [concurrent]");
        assertThatThrownBy(() -> LangGraph4jOptions.of(context(Map.of("recursion_limit", "many"))))
                .hasMessage("Target option [recursion_limit] must be a positive integer, was [many]");
        assertThatThrownBy(() -> LangGraph4jOptions.of(context(Map.of("recursion_limit", "0"))))
                .hasMessage("Target option [recursion_limit] must be a positive integer, was [0]");
        assertThatThrownBy(() -> LangGraph4jOptions.of(context(Map.of("stream", "yes"))))
                .hasMessageContaining("[stream] must be true or false");
        assertThat(LangGraph4jOptions.of(context(Map.of("temperature", "0", "agent", "shared", "max_requests", "9"))))
                .isEqualTo(new LangGraph4jOptions(false, 100));
    }

    @Test
    void theRecursionLimitIsTheCompiledGraphsOwn() throws Exception {
        try (LangGraph4jHandle handle = (LangGraph4jHandle) new LangGraph4jTarget().open(context(Map.of()))) {
            assertThat(handle.recursionLimit()).isEqualTo(100);
        }
        try (LangGraph4jHandle handle =
                (LangGraph4jHandle) new LangGraph4jTarget().open(context(Map.of("recursion_limit", "40")))) {
            assertThat(handle.recursionLimit()).isEqualTo(40);
        }
        assertThatThrownBy(() -> new LangGraph4jTarget().open(context(Map.of("recursion_limit", "0"))))
                .hasMessage("Target option [recursion_limit] must be a positive integer, was [0]");
    }

    @Test
    void theVersionIsTheLangGraph4jCoreJarsOnTheClassPathAndTheDescriptionNamesIt() throws Exception {
        String jar = Path.of(StateGraph.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getFileName().toString();
        String version = new LangGraph4jTarget().version();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(jar).isEqualTo("langgraph4j-core-" + version + ".jar");
        assertThat(new LangGraph4jTarget().description()).startsWith("LangGraph4j " + version + ": ")
                .contains("LangChain4j 1.");
    }
}
