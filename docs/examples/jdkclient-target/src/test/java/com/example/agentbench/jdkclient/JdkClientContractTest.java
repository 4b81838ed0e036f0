package com.example.agentbench.jdkclient;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/**
 * The harness's checks against the real mock, run as this target's unit tests: every built-in
 * session benchmark once, session deletion, model failures, concurrent sessions.
 */
class JdkClientContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new JdkClientTarget();
    }
}
