package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/**
 * AgentScope passes the contract with one {@code ReActAgent} serving every session of a handle
 * ({@code agent=shared}): sessions run concurrently and a deleted session starts afresh.
 */
class AgentScopeSharedAgentContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new AgentScopeTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("agent", "shared");
    }
}
