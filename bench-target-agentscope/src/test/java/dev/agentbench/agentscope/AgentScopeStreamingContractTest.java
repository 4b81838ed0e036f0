package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** AgentScope passes the contract with a streaming model and {@code ReActAgent.streamEvents}. */
class AgentScopeStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new AgentScopeTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
