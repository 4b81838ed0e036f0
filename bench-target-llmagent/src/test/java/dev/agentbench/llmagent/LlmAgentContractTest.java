package dev.agentbench.llmagent;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/** ADK passes the contract in its default, non-streaming mode. */
class LlmAgentContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new LlmAgentTarget();
    }
}
