package dev.agentbench.testkit.builtin;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.builtin.target.RawTarget;
import dev.agentbench.testkit.TargetContractTest;

/** The JDK HttpClient loop passes the contract, non-streaming. */
class RawContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new RawTarget();
    }
}
