package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** Koog passes the contract streaming on Ktor's CIO engine. */
class KoogCioStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true", "http_engine", "cio");
    }
}
