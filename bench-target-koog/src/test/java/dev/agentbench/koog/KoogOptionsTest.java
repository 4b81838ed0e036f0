package dev.agentbench.koog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import dev.agentbench.koog.KoogOptions.HttpEngine;
import dev.agentbench.koog.KoogOptions.Strategy;
import dev.agentbench.koog.KoogOptions.StrategyExecutor;
import dev.agentbench.koog.KoogOptions.ToolDispatch;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KoogOptionsTest {

    private static KoogOptions of(Map<String, String> options) throws NotApplicableException {
        return KoogOptions.of(new TargetContext(URI.create("http://127.0.0.1:1/v1"), "k", "m", "i", List.of(),
                Script.singleText("s", "hi", "hello"), options));
    }

    @Test
    void byDefaultKoogsOwnChoices() throws Exception {
        assertThat(of(Map.of())).isEqualTo(new KoogOptions(Strategy.SINGLE_RUN, false, ToolDispatch.DEFAULT,
                StrategyExecutor.DEFAULT, HttpEngine.APACHE5, false));
    }

    @Test
    void everyValueCanBeNamed() throws Exception {
        assertThat(of(Map.of("strategy", "functional", "parallel_tools", "true", "tool_dispatch", "io",
                "strategy_executor", "io", "http_engine", "cio", "stream", "true")))
                .isEqualTo(new KoogOptions(Strategy.FUNCTIONAL, true, ToolDispatch.IO, StrategyExecutor.IO,
                        HttpEngine.CIO, true));
        assertThat(of(Map.of("strategy", "single_run", "tool_dispatch", "default", "strategy_executor", "default",
                "http_engine", "apache5")).strategy()).isEqualTo(Strategy.SINGLE_RUN);
    }

    @Test
    void streamingAndParallelToolsChooseTheFunctionalStrategy() throws Exception {
        assertThat(of(Map.of("stream", "true")).strategy()).isEqualTo(Strategy.FUNCTIONAL);
        assertThat(of(Map.of("parallel_tools", "true")).strategy()).isEqualTo(Strategy.FUNCTIONAL);
    }

    @Test
    void whatSingleRunStrategyCannotDoIsRefusedRatherThanIgnored() throws Exception {
        assertThatThrownBy(() -> of(Map.of("strategy", "single_run", "stream", "true")))
                .isInstanceOf(NotApplicableException.class)
                .hasMessageContaining("[stream=true] needs [strategy=functional]")
                .hasMessageContaining("singleRunStrategy() has no streaming request");
        assertThatThrownBy(() -> of(Map.of("strategy", "single_run", "parallel_tools", "true")))
                .hasMessageContaining("[parallel_tools=true] needs [strategy=functional]")
                .hasMessageContaining("its flag is not used");
    }

    @Test
    void valuesItCannotUseAreRefusedAndOtherTargetsKeysIgnored() throws Exception {
        assertThatThrownBy(() -> of(Map.of("stream", "yes")))
                .hasMessage("Target option [stream] must be true or false, was [yes]");
        assertThatThrownBy(() -> of(Map.of("strategy", "graph")))
                .hasMessage("Target option [strategy] must be one of [single_run, functional], was [graph]");
        assertThatThrownBy(() -> of(Map.of("tool_dispatch", "IO")))
                .hasMessage("Target option [tool_dispatch] must be one of [default, io], was [IO]");
        assertThatThrownBy(() -> of(Map.of("strategy_executor", "virtual")))
                .hasMessage("Target option [strategy_executor] must be one of [default, io, threads], was [virtual]");
        assertThatThrownBy(() -> of(Map.of("http_engine", "okhttp")))
                .hasMessage("Target option [http_engine] must be one of [apache5, cio], was [okhttp]");
        assertThat(of(Map.of("tool_execution", "concurrent"))).isEqualTo(of(Map.of()));
    }

    @Test
    void theStrategyCanRunOnThreadsOfItsOwnAndCioCanOpenMoreConnectionsPerRoute() throws Exception {
        assertThat(of(Map.of("strategy_executor", "threads")).strategyExecutor()).isEqualTo(StrategyExecutor.THREADS);
        assertThat(of(Map.of("http_engine", "cio")).cioConnectionsPerRoute()).isZero();
        assertThat(of(Map.of("http_engine", "cio", "cio_connections_per_route", "512")).cioConnectionsPerRoute())
                .isEqualTo(512);
    }

    @Test
    void aConnectionLimitMustBeAPositiveIntegerAndNeedsCio() throws Exception {
        assertThatThrownBy(() -> of(Map.of("http_engine", "cio", "cio_connections_per_route", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [cio_connections_per_route] must be a positive integer, was [0]");
        assertThatThrownBy(() -> of(Map.of("http_engine", "cio", "cio_connections_per_route", "many")))
                .hasMessage("Target option [cio_connections_per_route] must be a positive integer, was [many]");
        assertThatThrownBy(() -> of(Map.of("cio_connections_per_route", "512")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Target option [cio_connections_per_route=512] needs [http_engine=cio],"
                        + " was [http_engine=apache5]");
    }

    @Test
    void theVersionIsTheKoogAgentsJarsOnTheClassPathAndTheDescriptionNamesIt() throws Exception {
        String jar = Path.of(ai.koog.agents.core.agent.AIAgent.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI()).getFileName().toString(); // agents-core-jvm-1.1.1.jar
        String version = new KoogTarget().version();
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(jar).endsWith("-" + version + ".jar");
        assertThat(new KoogTarget().description()).startsWith("JetBrains Koog " + version + ": ");
        assertThat(new KoogTarget().name()).isEqualTo("koog");
    }
}
