package dev.agentbench.langgraph4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/**
 * LangGraph4j's agent executor passes the contract on LangChain4j's streaming model ({@code
 * OpenAiStreamingChatModel}), its output read as the graph streams it.
 */
class LangGraph4jStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new LangGraph4jTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
