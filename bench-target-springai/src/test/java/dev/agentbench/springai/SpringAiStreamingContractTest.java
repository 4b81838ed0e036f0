package dev.agentbench.springai;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** Spring AI passes the contract through {@code ChatClient.stream()}. */
class SpringAiStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new SpringAiTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
