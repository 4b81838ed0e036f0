package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/**
 * Koog passes the contract with the parallel setting: the functional strategy run by {@code
 * Dispatchers.IO} (its strategy executor), Koog's parallel tool execution, each tool's body on {@code
 * Dispatchers.IO}.
 */
class KoogConcurrentToolsContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("parallel_tools", "true", "tool_dispatch", "io", "strategy_executor", "io");
    }
}
