package dev.agentbench.testkit.builtin;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.builtin.target.NoopTarget;
import dev.agentbench.testkit.TargetContractTest;

/** The calibration target passes the contract; it makes no HTTP call, so wire faults do not apply. */
class NoopContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new NoopTarget();
    }

    @Override
    protected boolean callsTheModel() {
        return false;
    }
}
