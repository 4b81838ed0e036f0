package dev.agentbench.testkit.builtin;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.builtin.wire.WireTarget;
import dev.agentbench.testkit.TargetContractTest;

/** The wire floor passes the contract, non-streaming. */
class WireContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new WireTarget();
    }
}
