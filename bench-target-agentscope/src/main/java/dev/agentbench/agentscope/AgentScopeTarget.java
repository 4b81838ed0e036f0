package dev.agentbench.agentscope;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import io.agentscope.core.ReActAgent;

/**
 * AgentScope Java as a target: a {@code ReActAgent} (AgentScope's Reactor-based reasoning and acting
 * loop) over the {@code OpenAIChatModel} of {@code agentscope-extensions-model-openai} pointed at the
 * mock, with the context's tools as {@code AgentTool}s in a {@code Toolkit}.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code stream} ({@code false} by default): {@code true} builds the model with {@code
 *       stream(true)} (SSE) and reads each turn from {@code ReActAgent.streamEvents}; {@code false}
 *       builds it with {@code stream(false)} and calls {@code ReActAgent.call};
 *   <li>{@code tool_execution} ({@code sequential} by default, AgentScope 2.0.0's own default):
 *       {@code concurrent} sets {@code ToolkitConfig.parallel(true)}: several tool calls of one reply
 *       run at once;
 *   <li>{@code agent} ({@code per_session} by default): one {@code ReActAgent} per session, as
 *       AgentScope's own documentation advises; {@code shared} serves every session of the handle
 *       with one agent and an in-memory state store, which in 2.0.0 keeps every deleted session's
 *       state in the agent;
 *   <li>{@code bounded_elastic_threads} (unset by default: Reactor's cap, ten threads per core): the
 *       thread cap of Reactor's shared {@code boundedElastic()} scheduler, on which AgentScope's
 *       non-streaming model calls block, so that no more of them are in flight at once; JVM-wide while
 *       the handle is open.
 * </ul>
 *
 * <p>What AgentScope does differently from the floor, and how this target reports it, is written
 * down in {@code docs/targets/agentscope.md}.
 */
public final class AgentScopeTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "agentscope";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "AgentScope Java " + version()
                + ": ReActAgent, AgentScope's OpenAI-compatible chat model, tools as AgentTools";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return AgentScopeHandle.open(context, AgentScopeOptions.of(context));
    }

    /**
     * The version of the agentscope-core jar on the class path, from its Maven metadata (AgentScope's
     * own {@code Version.VERSION} constant says 1.0.13-SNAPSHOT in 2.0.0).
     */
    @Override
    public String version() {
        return FrameworkVersion.of(ReActAgent.class);
    }
}
