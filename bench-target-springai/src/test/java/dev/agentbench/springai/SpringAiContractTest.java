package dev.agentbench.springai;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/** Spring AI passes the contract through {@code ChatClient.call()}. */
class SpringAiContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new SpringAiTarget();
    }
}
