package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.util.List;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpringAiOptionsTest {

    private static TargetContext context(Map<String, String> options) {
        return new TargetContext(URI.create("http://127.0.0.1:1/v1"), "k", "m", "i", List.of(),
                Script.singleText("s", "hi", "hello"), options);
    }

    @Test
    void byDefaultTurnsAreNotStreamed() {
        assertThat(SpringAiOptions.of(context(Map.of())).stream()).isFalse();
        assertThat(SpringAiOptions.of(context(Map.of("stream", "true"))).stream()).isTrue();
    }

    @Test
    void theDispatcherLimitsAreUnsetByDefaultAndPositiveIntegers() {
        SpringAiOptions shipped = SpringAiOptions.of(context(Map.of()));
        assertThat(shipped.maxRequestsPerHost()).isEmpty();
        assertThat(shipped.maxRequests()).isEmpty();
        SpringAiOptions raised = SpringAiOptions.of(context(Map.of("max_requests_per_host", "256", "max_requests", "300")));
        assertThat(raised.maxRequestsPerHost()).hasValue(256);
        assertThat(raised.maxRequests()).hasValue(300);
        assertThatThrownBy(() -> SpringAiOptions.of(context(Map.of("max_requests_per_host", "-1"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [max_requests_per_host] must be a positive integer, was [-1]");
        assertThatThrownBy(() -> SpringAiOptions.of(context(Map.of("max_requests", "lots"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [max_requests] must be a positive integer, was [lots]");
    }

    @Test
    void valuesItCannotUseAreRefusedAndOtherTargetsKeysIgnored() {
        assertThatThrownBy(() -> SpringAiOptions.of(context(Map.of("stream", "yes"))))
                .hasMessage("Target option [stream] must be true or false, was [yes]");
        assertThat(SpringAiOptions.of(context(Map.of("tool_execution", "parallel"))).stream()).isFalse();
    }

    @Test
    void theVersionIsTheSpringAiJarsOnTheClassPathAndTheDescriptionNamesIt() throws Exception {
        String jar = Path.of(org.springframework.ai.chat.client.ChatClient.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI()).getFileName().toString(); // spring-ai-client-chat-2.0.1.jar
        String version = new SpringAiTarget().version();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(jar).endsWith("-" + version + ".jar");
        assertThat(new SpringAiTarget().description()).startsWith("Spring AI " + version + ": ");
    }
}
