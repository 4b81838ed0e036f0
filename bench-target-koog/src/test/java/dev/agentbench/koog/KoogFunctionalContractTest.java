package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/**
 * Koog passes the contract with the functional strategy (the tool loop written with Koog's functional
 * context), not streaming.
 */
class KoogFunctionalContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("strategy", "functional");
    }
}
