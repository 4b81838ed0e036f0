package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.AgentTrafficContractTest;

/**
 * Koog under heavy traffic: 128 tools with nested schemas (through {@link ToolDescriptors}), 200
 * turns of history in one session through {@code ChatMemory}, and with {@code stream=true} (the
 * functional strategy) the streamed frames' deltas handed on as they arrive.
 */
class KoogTrafficTest extends AgentTrafficContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }
}
