package dev.agentbench.mock;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** A conformance test against one running mock with the conformance scripts, shared by its tests. */
abstract class RunningMockTest {

    static MockServer mock;

    @BeforeAll
    static void start() {
        mock = ConformanceScripts.start();
    }

    @AfterAll
    static void stop() {
        mock.close();
    }
}
