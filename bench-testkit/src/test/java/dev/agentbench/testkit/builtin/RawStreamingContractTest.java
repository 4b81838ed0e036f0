package dev.agentbench.testkit.builtin;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.builtin.target.RawTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** The JDK HttpClient loop passes the contract with {@code stream=true}. */
class RawStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new RawTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
