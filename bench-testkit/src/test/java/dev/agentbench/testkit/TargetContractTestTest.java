package dev.agentbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.builtin.target.NoopTarget;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * The kit fails a target that breaks the contract, for the check it breaks and no other. The
 * contracts run here are nested classes, which Surefire does not run by itself.
 */
class TargetContractTestTest {

    private static final List<String> TOOL_BENCHMARKS =
            List.of("loop1", "loop5", "loop10", "tools", "tools_parallel", "parallel_speedup", "tools_parallel x8", "load",
                    "history", "toolset", "agent_step", "stream_after_tool");

    @Test
    void aTargetThatKeepsDeletedSessionsFailsTheDeletionCheck() {
        assertThat(failedChecks(KeepsDeletedSessions.class)).containsExactly("aDeletedSessionStartsAfresh()");
    }

    @Test
    void aTargetThatTurnsModelErrorsIntoRepliesFailsBothFaultChecks() {
        assertThat(failedChecks(SwallowsModelErrors.class))
                .containsExactlyInAnyOrder("anHttpErrorFromTheModelFailsTheTurn()", "aReplyCutOffMidwayFailsTheTurn()");
    }

    @Test
    void aTargetThatRenamesToolCallsFailsEveryBenchmarkWithTools() {
        assertThat(failedChecks(RenamesToolCalls.class)).containsExactlyInAnyOrderElementsOf(TOOL_BENCHMARKS);
    }

    @Test
    void aTargetThatReportsOtherArgumentsFailsEveryBenchmarkWithTools() {
        assertThat(failedChecks(ReportsOtherArguments.class)).containsExactlyInAnyOrderElementsOf(TOOL_BENCHMARKS);
    }

    @Test
    void aTargetWhoseSessionsLeakFailsTheConcurrencyAndDeletionChecks() {
        assertThat(failedChecks(OneSessionForAll.class))
                .contains("turn5 x8", "tools_parallel x8", "deletingASessionKeepsTheOthers()");
    }

    @Test
    void aTargetThatBuffersTheStreamFailsTheStreamingCheckAlone() {
        assertThat(failedChecks(BuffersTheStream.class))
                .containsExactly("aStreamingTargetDeliversPiecesAsTheChunksArrive()");
    }

    @Test
    void aTargetNoServicesFileListsFailsTheRegistrationCheck() {
        assertThat(failedChecks(Unregistered.class)).containsExactly("isRegisteredAsAServiceWithAValidName()");
    }

    /** The display names of the checks that failed when the kit ran {@code contract}. */
    private static List<String> failedChecks(Class<? extends TargetContractTest> contract) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(contract)).execute()
                .testEvents().failed().stream()
                .map(Event::getTestDescriptor)
                .map(descriptor -> descriptor.getDisplayName())
                .toList();
    }

    static class KeepsDeletedSessions extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BrokenTargets.KeepsDeletedSessions();
        }

        @Override
        protected boolean callsTheModel() {
            return false;
        }
    }

    static class SwallowsModelErrors extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BrokenTargets.SwallowsModelErrors();
        }
    }

    static class RenamesToolCalls extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BrokenTargets.RenamesToolCalls();
        }

        @Override
        protected boolean callsTheModel() {
            return false;
        }
    }

    static class ReportsOtherArguments extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BrokenTargets.ReportsOtherArguments();
        }

        @Override
        protected boolean callsTheModel() {
            return false;
        }
    }

    static class BuffersTheStream extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BrokenTargets.BuffersTheStream();
        }

        @Override
        protected java.util.Map<String, String> targetOptions() {
            return java.util.Map.of("stream", "true");
        }
    }

    static class OneSessionForAll extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BrokenTargets.OneSessionForAll();
        }

        @Override
        protected boolean callsTheModel() {
            return false;
        }
    }

    /** A target class that no services file lists. */
    static class Unregistered extends TargetContractTest {
        @Override
        protected BenchTarget target() {
            return new BenchTarget() {
                @Override
                public String name() {
                    return "unregistered";
                }

                @Override
                public String description() {
                    return "A target no services file lists";
                }

                @Override
                public TargetHandle open(TargetContext context) {
                    return new NoopTarget().open(context);
                }
            };
        }

        @Override
        protected boolean callsTheModel() {
            return false;
        }
    }
}
