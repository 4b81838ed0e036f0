package dev.agentbench.agentscope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.script.Script;
import io.agentscope.core.ReActAgent;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.core.Scannable;
import reactor.core.scheduler.Schedulers;

@SuppressWarnings("try") // a handle is opened for what it does to Reactor, and closed
class AgentScopeOptionsTest {

    private static TargetContext context(Map<String, String> options) {
        return new TargetContext(URI.create("http://127.0.0.1:1/v1"), "k", "m", "i", List.of(),
                Script.singleText("s", "hi", "hello"), options);
    }

    @Test
    void byDefaultNoStreamingToolsOneAfterAnotherAndAnAgentPerSession() {
        assertThat(AgentScopeOptions.of(context(Map.of()))).isEqualTo(new AgentScopeOptions(false, false, false));
    }

    @Test
    void eachOptionIsChosenByItsKey() {
        assertThat(AgentScopeOptions.of(context(Map.of("stream", "true", "tool_execution", "concurrent",
                "agent", "shared")))).isEqualTo(new AgentScopeOptions(true, true, true));
        assertThat(AgentScopeOptions.of(context(Map.of("tool_execution", "sequential", "agent", "per_session"))))
                .isEqualTo(new AgentScopeOptions(false, false, false));
    }

    @Test
    void valuesItCannotUseAreRefusedAndOtherTargetsKeysIgnored() {
        assertThatThrownBy(() -> AgentScopeOptions.of(context(Map.of("tool_execution", "parallel"))))
                .hasMessage("Target option [tool_execution] must be one of [sequential, concurrent], was [parallel]");
        assertThatThrownBy(() -> AgentScopeOptions.of(context(Map.of("agent", "pooled"))))
                .hasMessage("Target option [agent] must be one of [per_session, shared], was [pooled]");
        assertThatThrownBy(() -> AgentScopeOptions.of(context(Map.of("stream", "yes"))))
                .hasMessageContaining("[stream] must be true or false");
        assertThat(AgentScopeOptions.of(context(Map.of("temperature", "0", "recursion_limit", "4", "max_requests", "9"))))
                .isEqualTo(new AgentScopeOptions(false, false, false));
    }

    @Test
    void theBoundedElasticCapIsReactorsUnlessAPositiveIntegerIsGiven() {
        assertThat(AgentScopeOptions.of(context(Map.of())).boundedElasticThreads()).isZero();
        assertThat(AgentScopeOptions.of(context(Map.of("bounded_elastic_threads", "300"))))
                .isEqualTo(new AgentScopeOptions(false, false, false, 300));
        assertThatThrownBy(() -> AgentScopeOptions.of(context(Map.of("bounded_elastic_threads", "0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [bounded_elastic_threads] must be a positive integer, was [0]");
        assertThatThrownBy(() -> AgentScopeOptions.of(context(Map.of("bounded_elastic_threads", "lots"))))
                .hasMessage("Target option [bounded_elastic_threads] must be a positive integer, was [lots]");
    }

    @Test
    void theBoundedElasticCapIsReactorsSharedSchedulersWhileAHandleIsOpen() throws Exception {
        try (TargetHandle handle = new AgentScopeTarget().open(context(Map.of("bounded_elastic_threads", "3")))) {
            assertThat(Scannable.from(Schedulers.boundedElastic()).scan(Scannable.Attr.CAPACITY)).isEqualTo(3);
        }
        assertThat(Scannable.from(Schedulers.boundedElastic()).scan(Scannable.Attr.CAPACITY))
                .isEqualTo(Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
        try (TargetHandle handle = new AgentScopeTarget().open(context(Map.of()))) {
            assertThat(Scannable.from(Schedulers.boundedElastic()).scan(Scannable.Attr.CAPACITY))
                    .isEqualTo(Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
        }
    }

    @Test
    void anOptionItCannotUseFailsTheOpen() {
        assertThatThrownBy(() -> new AgentScopeTarget().open(context(Map.of("agent", "pooled"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theVersionIsTheAgentScopeJarsOnTheClassPathAndTheDescriptionNamesIt() throws Exception {
        String jar = Path.of(ReActAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getFileName().toString();
        String version = new AgentScopeTarget().version();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*").isNotEqualTo(io.agentscope.core.Version.VERSION);
        assertThat(jar).isEqualTo("agentscope-core-" + version + ".jar");
        assertThat(new AgentScopeTarget().description()).startsWith("AgentScope Java " + version + ": ");
    }
}
