package dev.agentbench.testkit.builtin;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.builtin.wire.WireTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** The wire floor passes the contract with {@code stream=true}. */
class WireStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new WireTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
