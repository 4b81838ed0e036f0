package dev.agentbench.agentscope;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetContext;
import dev.agentbench.builtin.benchmark.Turn5Benchmark;
import dev.agentbench.builtin.tool.BuiltinTools;
import dev.agentbench.testkit.WireRecorder;
import io.agentscope.core.ReActAgent;
import java.lang.ref.WeakReference;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Where AgentScope keeps a session, and what deleting it leaves behind, per agent option. */
class AgentScopeSessionsTest {

    private static final String FIRST = new Turn5Benchmark().script().turns().get(0).user();
    private static final String SECOND = new Turn5Benchmark().script().turns().get(1).user();

    private static WireRecorder wire;

    @BeforeAll
    static void start() throws Exception {
        wire = WireRecorder.start();
    }

    @AfterAll
    static void stop() {
        wire.close();
    }

    private static AgentScopeHandle open(String agent) {
        TargetContext context = wire.context(new Turn5Benchmark().script(), "Be brief.", BuiltinTools.ALL,
                Map.of("agent", agent));
        return AgentScopeHandle.open(context, AgentScopeOptions.of(context));
    }

    @Test
    void perSessionEverySessionHasItsOwnAgentAndDeletingItDropsTheAgent() {
        try (AgentScopeHandle handle = open("per_session")) {
            handle.runTurn("u1", "s1", FIRST);
            handle.runTurn("u2", "s2", FIRST);
            ReActAgent agent = handle.agent("u1", "s1");
            assertThat(agent).isNotSameAs(handle.agent("u2", "s2"));
            assertThat(agent.getAgentState("u1", "s1").getContext()).hasSize(2);

            handle.deleteSession("u1", "s1");

            ReActAgent next = handle.agent("u1", "s1");
            assertThat(next).isNotSameAs(agent);
            assertThat(next.getAgentState("u1", "s1").getContext()).isEmpty();
            assertThat(handle.agent("u2", "s2").getAgentState("u2", "s2").getContext()).hasSize(2);
        }
    }

    @Test
    void sharedOneAgentServesEverySessionAndKeepsADeletedSessionsMessages() {
        try (AgentScopeHandle handle = open("shared")) {
            handle.runTurn("u1", "s1", FIRST);
            handle.runTurn("u1", "s1", SECOND);
            ReActAgent agent = handle.agent("u1", "s1");
            assertThat(handle.agent("u2", "s2")).isSameAs(agent);

            handle.deleteSession("u1", "s1");

            // AgentScope 2.0.0's state cache still holds the deleted session's four messages ...
            assertThat(agent.getAgentState("u1", "s1").getContext()).hasSize(4);
            // ... while a new turn reloads the session from the store, where it is gone: it starts afresh.
            assertThat(handle.runTurn("u1", "s1", FIRST).finalText())
                    .isEqualTo(new Turn5Benchmark().script().turns().get(0).finalText());
            assertThat(agent.getAgentState("u1", "s1").getContext()).hasSize(2);
        }
    }

    /** Whether the agent behind {@code handle} can be collected once the handle is closed and dropped. */
    private static boolean collectedAfterClose(AgentScopeHandle handle) throws InterruptedException {
        WeakReference<ReActAgent> agent = new WeakReference<>(handle.agent("u", "s"));
        handle.close();
        handle = null;
        for (int i = 0; i < 20 && agent.get() != null; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return agent.get() == null;
    }

    @Test
    void aClosedSharedAgentStaysReachableFromAgentScopesShutdownManager() throws Exception {
        // Built with a state store, the agent registers a state saver with the JVM-wide
        // GracefulShutdownManager, which AgentScope 2.0.0 never removes (agentscope-java#2384).
        assertThat(collectedAfterClose(open("shared"))).isFalse();
        // The same agent without a store, as per_session builds it, goes with its handle.
        assertThat(collectedAfterClose(open("per_session"))).isTrue();
    }
}
