package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/** Koog passes the contract with its defaults: {@code singleRunStrategy()}, Apache5, no streaming. */
class KoogContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }
}
