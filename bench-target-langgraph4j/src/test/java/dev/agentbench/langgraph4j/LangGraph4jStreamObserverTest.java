package dev.agentbench.langgraph4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.StreamObserverContractTest;

/**
 * What the graph's streamed output hands the harness's observer, straight from the real mock: each
 * fragment as it arrives, no tool-call pieces (LangGraph4j's streaming generator passes none on),
 * and nothing when the agent does not stream.
 */
class LangGraph4jStreamObserverTest extends StreamObserverContractTest {

    @Override
    protected BenchTarget target() {
        return new LangGraph4jTarget();
    }
}
