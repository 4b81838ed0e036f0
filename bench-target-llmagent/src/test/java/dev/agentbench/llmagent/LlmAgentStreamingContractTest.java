package dev.agentbench.llmagent;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** ADK passes the contract in its SSE streaming mode. */
class LlmAgentStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new LlmAgentTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
