package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/** AgentScope passes the contract with a non-streaming model and {@code ReActAgent.call}. */
class AgentScopeContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new AgentScopeTarget();
    }
}
