package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/**
 * Koog passes the contract with the parallel setting, streaming.
 */
class KoogStreamingConcurrentToolsContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true", "parallel_tools", "true", "tool_dispatch", "io", "strategy_executor", "io");
    }
}
