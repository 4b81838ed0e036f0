package dev.agentbench.agentscope;

import dev.agentbench.api.TargetContext;
import java.util.List;
import java.util.Locale;

/**
 * The agentscope target's options, read from the context and checked.
 *
 * @param stream whether the model streams ({@code OpenAIChatModel.builder().stream(true)}) and turns
 *     are read from {@code ReActAgent.streamEvents}; otherwise a non-streaming model and {@code call}
 * @param concurrentTools whether several tool calls of one reply run at once ({@code
 *     ToolkitConfig.builder().parallel(true)}) rather than one after another
 * @param sharedAgent whether one {@code ReActAgent} serves every session of the handle (with an
 *     in-memory state store, so that a session can be deleted) rather than one agent per session
 * @param boundedElasticThreads the thread cap of Reactor's shared {@code boundedElastic()} scheduler,
 *     on which every non-streaming model call blocks ({@link BoundedElasticThreads}); {@code 0} leaves
 *     Reactor's default (ten per core)
 */
record AgentScopeOptions(boolean stream, boolean concurrentTools, boolean sharedAgent, int boundedElasticThreads) {

    static final String STREAM = "stream";
    static final String TOOL_EXECUTION = "tool_execution";
    static final String AGENT = "agent";
    static final String BOUNDED_ELASTIC_THREADS = "bounded_elastic_threads";

    /** The options as AgentScope ships: no streaming, tools one after another, an agent per session, Reactor's cap. */
    AgentScopeOptions(boolean stream, boolean concurrentTools, boolean sharedAgent) {
        this(stream, concurrentTools, sharedAgent, 0);
    }

    /** The values of {@link #TOOL_EXECUTION}; the first is AgentScope 2.0.0's default. */
    static final List<String> TOOL_EXECUTION_VALUES = List.of("sequential", "concurrent");

    /** The values of {@link #AGENT}; the first is the default. */
    static final List<String> AGENT_VALUES = List.of("per_session", "shared");

    /**
     * @throws IllegalArgumentException for a value the target cannot use; other targets' keys are
     *     left alone, since one run gives every target the same options
     */
    static AgentScopeOptions of(TargetContext context) {
        boolean stream = context.booleanOption(STREAM, false);
        String tools = oneOf(context, TOOL_EXECUTION, TOOL_EXECUTION_VALUES);
        String agent = oneOf(context, AGENT, AGENT_VALUES);
        return new AgentScopeOptions(stream, tools.equals("concurrent"), agent.equals("shared"),
                context.positiveIntOption(BOUNDED_ELASTIC_THREADS).orElse(0));
    }

    private static String oneOf(TargetContext context, String key, List<String> values) {
        String value = context.option(key, values.get(0));
        String normalised = value.toLowerCase(Locale.ROOT);
        if (!values.contains(normalised)) {
            throw new IllegalArgumentException("Target option [" + key + "] must be one of " + values
                    + ", was [" + value + "]");
        }
        return normalised;
    }
}
