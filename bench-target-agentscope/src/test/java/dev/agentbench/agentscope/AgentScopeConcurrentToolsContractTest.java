package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** AgentScope passes the contract streaming, with the tool calls of one reply run in parallel. */
class AgentScopeConcurrentToolsContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new AgentScopeTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true", "tool_execution", "concurrent");
    }
}
