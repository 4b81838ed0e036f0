package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.AgentTrafficContractTest;
import java.util.Map;

/** The heavy-traffic checks with {@code agent=shared}: one agent, its sessions in a state store. */
class AgentScopeSharedAgentTrafficTest extends AgentTrafficContractTest {

    @Override
    protected BenchTarget target() {
        return new AgentScopeTarget();
    }

    @Override
    protected Map<String, String> plainOptions() {
        return Map.of("agent", "shared");
    }

    @Override
    protected Map<String, String> streamOptions() {
        return Map.of("agent", "shared", "stream", "true");
    }
}
