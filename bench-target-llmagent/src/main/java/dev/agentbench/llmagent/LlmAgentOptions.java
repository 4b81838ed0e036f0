package dev.agentbench.llmagent;

import com.google.adk.agents.RunConfig.StreamingMode;
import com.google.adk.agents.RunConfig.ToolExecutionMode;
import dev.agentbench.api.TargetContext;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The llmagent target's options, read from the context and checked.
 *
 * @param stream whether ADK runs in its SSE streaming mode
 * @param toolExecution how ADK runs several tool calls of one reply
 * @param maxRequestsPerHost the model client's OkHttp dispatcher limit of calls in flight to one
 *     host; empty leaves OkHttp's default (5), as ADK ships it
 * @param maxRequests the model client's OkHttp dispatcher limit of calls in flight in all; empty
 *     leaves OkHttp's default (64), as ADK ships it
 */
record LlmAgentOptions(boolean stream, ToolExecutionMode toolExecution, OptionalInt maxRequestsPerHost,
        OptionalInt maxRequests) {

    static final String STREAM = "stream";
    static final String TOOL_EXECUTION = "tool_execution";
    static final String MAX_REQUESTS_PER_HOST = "max_requests_per_host";
    static final String MAX_REQUESTS = "max_requests";

    private static final Map<String, ToolExecutionMode> TOOL_EXECUTION_VALUES = Map.of(
            "default", ToolExecutionMode.NONE,
            "sequential", ToolExecutionMode.SEQUENTIAL,
            "parallel", ToolExecutionMode.PARALLEL,
            "parallel_subscribe", ToolExecutionMode.PARALLEL_SUBSCRIBE);

    /**
     * @throws IllegalArgumentException for a value the target cannot use; other targets' keys are
     *     left alone, since one run gives every target the same options
     */
    static LlmAgentOptions of(TargetContext context) {
        boolean stream = context.booleanOption(STREAM, false);
        String mode = context.option(TOOL_EXECUTION, "default");
        ToolExecutionMode toolExecution = TOOL_EXECUTION_VALUES.get(mode.toLowerCase(Locale.ROOT));
        if (toolExecution == null) {
            throw new IllegalArgumentException("Target option [" + TOOL_EXECUTION + "] must be one of "
                    + new java.util.TreeSet<>(TOOL_EXECUTION_VALUES.keySet()) + ", was [" + mode + "]");
        }
        return new LlmAgentOptions(stream, toolExecution, context.positiveIntOption(MAX_REQUESTS_PER_HOST),
                context.positiveIntOption(MAX_REQUESTS));
    }

    StreamingMode streamingMode() {
        return stream ? StreamingMode.SSE : StreamingMode.NONE;
    }
}
