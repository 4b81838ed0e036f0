package dev.agentbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.agentbench.api.BenchTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * What a target's author notices: the mock's libraries are not on the test class path, where they
 * could meet the framework's, yet the contract runs against the real mock, in a process of its own
 * that is gone once the test class ends.
 */
class MockOutsideTheTestJvmTest {

    @ParameterizedTest
    @ValueSource(strings = {"io.vertx.core.Vertx", "io.vertx.ext.web.Router", "io.netty.channel.Channel",
            "io.micrometer.core.instrument.MeterRegistry", "org.HdrHistogram.Histogram"})
    void theMocksLibrariesAreNotOnTheTestClassPath(String className) {
        assertThatThrownBy(() -> Class.forName(className, false, getClass().getClassLoader()))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void theContractRunsAgainstTheMockInItsOwnProcessWhichEndsWithTheTestClass() {
        ProcessWatchingTarget.MOCKS_SEEN.clear();

        Events checks = EngineTestKit.engine("junit-jupiter").selectors(selectClass(WatchedContract.class)).execute()
                .testEvents();

        assertThat(checks.failed().count()).as("failed checks").isZero();
        assertThat(checks.succeeded().count()).as("passed checks").isGreaterThanOrEqualTo(15);
        assertThat(ProcessWatchingTarget.MOCKS_SEEN).as("mock processes of this JVM while the target was open")
                .hasSize(1);
        ProcessHandle mock = ProcessWatchingTarget.MOCKS_SEEN.iterator().next();
        assertThat(mock.isAlive()).as("the mock's process after the test class").isFalse();
    }

    /** The contract, run by the test above; Surefire does not run nested classes by itself. */
    static class WatchedContract extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new ProcessWatchingTarget();
        }
    }
}
