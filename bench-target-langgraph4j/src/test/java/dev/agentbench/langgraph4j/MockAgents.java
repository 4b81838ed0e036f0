package dev.agentbench.langgraph4j;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Script;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import java.net.URI;
import java.util.List;
import java.util.Map;

/** The real mock, in-process, for tests that drive a handle themselves. */
final class MockAgents implements AutoCloseable {

    private final MockServer mock = MockServer.start(MockConfig.defaults());

    /** The target options of one stream mode. */
    static Map<String, String> stream(boolean stream) {
        return Map.of("stream", String.valueOf(stream));
    }

    /** Registers the script and opens an agent on it. */
    LangGraph4jHandle open(Script script, List<ToolDefinition> tools, Map<String, String> options) {
        mock.register(script);
        TargetContext context = new TargetContext(URI.create(mock.baseUrl(script.name())), "agentbench",
                "agentbench-mock", "Be brief.", tools, script, options);
        return (LangGraph4jHandle) new LangGraph4jTarget().open(context);
    }

    @Override
    public void close() {
        mock.close();
    }
}
