package dev.agentbench.llmagent;

import com.google.adk.agents.LlmAgent;
import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;

/**
 * Google's Agent Development Kit for Java as a target: an {@code LlmAgent} in an {@code
 * InMemoryRunner} (which keeps sessions in an {@code InMemorySessionService}), whose model is ADK's
 * own OpenAI chat-completions client ({@code ChatCompletionsHttpClient}) pointed at the mock, and
 * whose tools are the context's tools as ADK {@code BaseTool}s with explicit function declarations.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code stream} ({@code false} by default): {@code true} runs ADK in its server-sent-events
 *       streaming mode ({@code StreamingMode.SSE}), so the client asks the model for a stream;
 *   <li>{@code tool_execution} ({@code default}, ADK's own default): how ADK runs several tool calls
 *       of one reply: {@code sequential}, {@code parallel} or {@code parallel_subscribe} (see ADK's
 *       {@code RunConfig.ToolExecutionMode});
 *   <li>{@code max_requests_per_host} (unset by default: OkHttp's 5, as ADK ships it): how many
 *       model calls the client's OkHttp dispatcher lets be in flight to the model's host at once;
 *   <li>{@code max_requests} (unset by default: OkHttp's 64): how many it lets be in flight in all.
 *       Both are positive integers; to run N sessions' model calls at once, set both to at least N.
 * </ul>
 *
 * <p>What ADK does differently from the floor, and how this target reports it, is written down in
 * {@code docs/targets/llmagent.md}.
 */
public final class LlmAgentTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "llmagent";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Google ADK for Java " + version()
                + ": LlmAgent in an InMemoryRunner, ADK's own OpenAI chat-completions client";
    }

    /** The version of the ADK jar on the class path, read from the jar without loading ADK. */
    @Override
    public String version() {
        return FrameworkVersion.of(LlmAgent.class);
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return LlmAgentHandle.open(context, LlmAgentOptions.of(context));
    }
}
