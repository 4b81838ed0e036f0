package dev.agentbench.llmagent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.adk.agents.LlmAgent;
import com.google.adk.agents.RunConfig.StreamingMode;
import com.google.adk.agents.RunConfig.ToolExecutionMode;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class LlmAgentOptionsTest {

    private static TargetContext context(Map<String, String> options) {
        return new TargetContext(URI.create("http://127.0.0.1:1/v1"), "k", "m", "i", List.of(),
                Script.singleText("s", "hi", "hello"), options);
    }

    @Test
    void byDefaultAdkRunsUnstreamedWithItsOwnToolExecution() {
        LlmAgentOptions options = LlmAgentOptions.of(context(Map.of()));
        assertThat(options.streamingMode()).isEqualTo(StreamingMode.NONE);
        assertThat(options.toolExecution()).isEqualTo(ToolExecutionMode.NONE);
        assertThat(options.maxRequestsPerHost()).isEmpty();
        assertThat(options.maxRequests()).isEmpty();
    }

    @Test
    void theDispatcherLimitsArePositiveIntegers() {
        LlmAgentOptions options = LlmAgentOptions.of(context(Map.of("max_requests_per_host", "256", "max_requests", "300")));
        assertThat(options.maxRequestsPerHost()).hasValue(256);
        assertThat(options.maxRequests()).hasValue(300);
        assertThatThrownBy(() -> LlmAgentOptions.of(context(Map.of("max_requests_per_host", "0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [max_requests_per_host] must be a positive integer, was [0]");
        assertThatThrownBy(() -> LlmAgentOptions.of(context(Map.of("max_requests", "many"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [max_requests] must be a positive integer, was [many]");
    }

    @Test
    void streamTrueIsAdksSseMode() {
        assertThat(LlmAgentOptions.of(context(Map.of("stream", "true"))).streamingMode()).isEqualTo(StreamingMode.SSE);
    }

    @Test
    void toolExecutionNamesAdksModes() {
        assertThat(LlmAgentOptions.of(context(Map.of("tool_execution", "parallel_subscribe"))).toolExecution())
                .isEqualTo(ToolExecutionMode.PARALLEL_SUBSCRIBE);
        assertThat(LlmAgentOptions.of(context(Map.of("tool_execution", "sequential"))).toolExecution())
                .isEqualTo(ToolExecutionMode.SEQUENTIAL);
    }

    @Test
    void valuesItCannotUseAreRefusedAndOtherTargetsKeysIgnored() {
        assertThatThrownBy(() -> LlmAgentOptions.of(context(Map.of("tool_execution", "fast"))))
                .hasMessage("Target option [tool_execution] must be one of [default, parallel, parallel_subscribe,"
                        + " sequential], was [fast]");
        assertThatThrownBy(() -> LlmAgentOptions.of(context(Map.of("stream", "yes"))))
                .hasMessageContaining("[stream] must be true or false");
        assertThat(LlmAgentOptions.of(context(Map.of("temperature", "0", "agent", "shared", "recursion_limit", "4"))))
                .isEqualTo(new LlmAgentOptions(false, ToolExecutionMode.NONE, OptionalInt.empty(), OptionalInt.empty()));
    }

    /** The dispatcher limits reaching OkHttp are AdkInFlightTest's; the modes reach the runner's RunConfig. */
    @Test
    void streamAndToolExecutionAreTheRunConfigOfEveryTurn() throws Exception {
        try (LlmAgentHandle handle = (LlmAgentHandle) new LlmAgentTarget().open(context(Map.of()))) {
            assertThat(handle.runConfig().streamingMode()).isEqualTo(StreamingMode.NONE);
            assertThat(handle.runConfig().toolExecutionMode()).isEqualTo(ToolExecutionMode.NONE);
        }
        try (LlmAgentHandle handle = (LlmAgentHandle) new LlmAgentTarget().open(
                context(Map.of("stream", "true", "tool_execution", "parallel")))) {
            assertThat(handle.runConfig().streamingMode()).isEqualTo(StreamingMode.SSE);
            assertThat(handle.runConfig().toolExecutionMode()).isEqualTo(ToolExecutionMode.PARALLEL);
        }
        assertThatThrownBy(() -> new LlmAgentTarget().open(context(Map.of("max_requests", "-1"))))
                .hasMessage("Target option [max_requests] must be a positive integer, was [-1]");
    }

    @Test
    void theVersionIsTheAdkJarsOnTheClassPathAndTheDescriptionNamesIt() throws Exception {
        String jar = Path.of(LlmAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getFileName().toString();
        String version = new LlmAgentTarget().version();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(jar).endsWith("-" + version + ".jar");
        assertThat(new LlmAgentTarget().description()).startsWith("Google ADK for Java " + version + ": ");
    }
}
