package dev.agentbench.koog;

import ai.koog.agents.core.agent.AIAgent;
import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;

/**
 * JetBrains Koog as a target: an agent built with Koog's Java builder ({@code AIAgent.builder()}),
 * its model Koog's OpenAI client (on Ktor) pointed at the mock, the context's tools as Koog tools,
 * sessions kept by Koog's {@code ChatMemory} feature.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code strategy} ({@code single_run} by default): {@code single_run} is Koog's {@code
 *       singleRunStrategy()}, what {@code AIAgent.builder()} gives; {@code functional} a functional
 *       strategy (the tool loop written with Koog's functional context), the default when {@code
 *       stream} or {@code parallel_tools} is {@code true};
 *   <li>{@code parallel_tools} ({@code false}): {@code true} runs the calls of one reply through
 *       Koog's parallel tool execution (functional strategy only);
 *   <li>{@code tool_dispatch} ({@code default}): {@code io} runs each tool's body in {@code
 *       withContext(Dispatchers.IO)} instead of where Koog calls it;
 *   <li>{@code strategy_executor} ({@code default}): what runs the strategy, Koog's {@code
 *       Dispatchers.Default}, {@code io} ({@code Dispatchers.IO}) or {@code threads} (a cached thread
 *       pool of the handle's own; a functional turn holds a thread throughout);
 *   <li>{@code http_engine} ({@code apache5}): the Ktor engine, {@code apache5} or {@code cio};
 *   <li>{@code cio_connections_per_route} (CIO's own, 100): the CIO engine's connections to one host
 *       and port, so its requests in flight at once ({@code http_engine=cio} only);
 *   <li>{@code stream} ({@code false}): {@code true} asks the model for a stream (functional strategy
 *       only).
 * </ul>
 *
 * <p>What Koog does differently from the floor, and how this target reports it, is written down in
 * {@code docs/targets/koog.md}.
 */
public final class KoogTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "koog";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "JetBrains Koog " + version()
                + ": AIAgent (Java builder) over Koog's OpenAI client (Ktor), singleRunStrategy or functional,"
                + " ChatMemory";
    }

    @Override
    public TargetHandle open(TargetContext context) throws NotApplicableException {
        return KoogHandle.open(context, KoogOptions.of(context));
    }

    /** The version of the Koog agents jar on the class path, read from the jar without loading Koog. */
    @Override
    public String version() {
        return FrameworkVersion.of(AIAgent.class);
    }
}
