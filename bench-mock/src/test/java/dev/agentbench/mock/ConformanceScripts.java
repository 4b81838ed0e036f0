package dev.agentbench.mock;

import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptedToolCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The mock every real-client conformance test talks to, and what it serves. */
final class ConformanceScripts {

    /** Faults that every client must surface as an error, by script name. */
    static final Map<String, Fault> FAULTS = new LinkedHashMap<>();

    static {
        FAULTS.put("f500", Fault.status(500, "boom"));
        FAULTS.put("f503", Fault.status(503, "unavailable"));
        FAULTS.put("f429", new Fault(429, "slow down", 1, 0, 0, false, false, false));
        FAULTS.put("fcut", new Fault(0, null, 0, 0, 0, true, false, false));
        FAULTS.put("fmalformed", new Fault(0, null, 0, 0, 0, false, true, false));
        FAULTS.put("fhang", Fault.hangs());
    }

    /** Every client's timeout: longer than the hang limit, so a hang is ended by the mock. */
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(5);

    private ConformanceScripts() {}

    /** A mock serving {@code text}, {@code parallel} and the fault scripts; hangs end after 500 ms. */
    static MockServer start() {
        List<Script> scripts = new ArrayList<>(List.of(TestScripts.text("text"), TestScripts.parallel("parallel")));
        FAULTS.forEach((name, fault) -> scripts.add(TestScripts.fault(name, fault)));
        return MockServer.start(MockConfig.defaults().withTextChunks(7).withHangLimit(Duration.ofMillis(500))
                .withScripts(scripts));
    }

    /** The scripted parallel calls of {@link TestScripts#parallel}. */
    static List<ScriptedToolCall> parallelCalls() {
        return TestScripts.parallel("p").turns().get(0).steps().get(0).toolCalls();
    }
}
