package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.service.AiServices;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LangChain4jOptionsTest {

    private static TargetContext context(Map<String, String> options) {
        return new TargetContext(URI.create("http://127.0.0.1:1/v1"), "k", "m", "i", List.of(),
                Script.singleText("s", "hi", "hello"), options);
    }

    @Test
    void byDefaultTheBlockingModelAndToolsOneAfterAnother() {
        assertThat(LangChain4jOptions.of(context(Map.of()))).isEqualTo(new LangChain4jOptions(false, false));
    }

    @Test
    void streamAndConcurrentToolsAreChosenByOptions() {
        assertThat(LangChain4jOptions.of(context(Map.of("stream", "true", "tool_execution", "concurrent"))))
                .isEqualTo(new LangChain4jOptions(true, true));
        assertThat(LangChain4jOptions.of(context(Map.of("tool_execution", "sequential"))).concurrentTools()).isFalse();
    }

    @Test
    void valuesItCannotUseAreRefusedAndOtherTargetsKeysIgnored() {
        assertThatThrownBy(() -> LangChain4jOptions.of(context(Map.of("tool_execution", "parallel"))))
                .hasMessage("Target option [tool_execution] must be one of [sequential, concurrent], was [parallel]");
        assertThatThrownBy(() -> LangChain4jOptions.of(context(Map.of("stream", "yes"))))
                .hasMessageContaining("[stream] must be true or false");
        assertThat(LangChain4jOptions.of(context(Map.of("temperature", "0", "recursion_limit", "40", "agent", "shared"))))
                .isEqualTo(new LangChain4jOptions(false, false));
    }

    /** What the options do on the wire is LangChain4jWireTest's and ToolBehaviourTest's; here, that open reads them. */
    @Test
    void openingTheTargetRefusesAValueItCannotUse() {
        assertThatThrownBy(() -> new LangChain4jTarget().open(context(Map.of("tool_execution", "parallel"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [tool_execution] must be one of [sequential, concurrent], was [parallel]");
    }

    @Test
    void theVersionIsTheLangChain4jJarsOnTheClassPathAndTheDescriptionNamesIt() throws Exception {
        String jar = Path.of(AiServices.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getFileName().toString();
        String version = new LangChain4jTarget().version();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(jar).endsWith("-" + version + ".jar");
        assertThat(new LangChain4jTarget().description()).startsWith("LangChain4j " + version + ": ");
    }
}
