package dev.agentbench.koog;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** Koog passes the contract with {@code singleRunStrategy()} on Ktor's CIO engine instead of Apache5. */
class KoogCioContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new KoogTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("http_engine", "cio");
    }
}
