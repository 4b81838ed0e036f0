package dev.agentbench.llmagent;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.AgentTrafficContractTest;

/**
 * ADK under heavy traffic: 128 tools with nested schemas (through {@link JsonSchemas}), 200 turns of
 * history in one session, and in SSE mode the partial events' text handed on as the chunks arrive.
 */
class LlmAgentTrafficTest extends AgentTrafficContractTest {

    @Override
    protected BenchTarget target() {
        return new LlmAgentTarget();
    }
}
