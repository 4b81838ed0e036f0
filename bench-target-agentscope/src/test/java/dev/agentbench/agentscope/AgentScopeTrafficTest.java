package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.AgentTrafficContractTest;

/**
 * AgentScope under heavy traffic: 128 tools with nested schemas (passed through as maps), 200 turns
 * of history in one session's agent, and with {@code stream=true} the text and tool-call delta events
 * of {@code streamEvents} handed on as they arrive.
 */
class AgentScopeTrafficTest extends AgentTrafficContractTest {

    @Override
    protected BenchTarget target() {
        return new AgentScopeTarget();
    }
}
