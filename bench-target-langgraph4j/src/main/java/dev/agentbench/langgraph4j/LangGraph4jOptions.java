package dev.agentbench.langgraph4j;

import dev.agentbench.api.TargetContext;
import java.util.Locale;

/**
 * The langgraph4j target's options, read from the context and checked.
 *
 * @param stream whether the agent executor is built on LangChain4j's streaming model, and the graph's
 *     output is read as it streams
 * @param recursionLimit the compiled graph's limit on node executions per turn ({@code
 *     CompileConfig.recursionLimit}); LangGraph4j's default of 25 is too low for {@code loop10}
 */
record LangGraph4jOptions(boolean stream, int recursionLimit) {

    static final String STREAM = "stream";
    static final String RECURSION_LIMIT = "recursion_limit";
    static final String TOOL_EXECUTION = "tool_execution";

    /** The recursion limit unless the user sets one: room for a tool loop of 40 steps. */
    static final int DEFAULT_RECURSION_LIMIT = 100;

    LangGraph4jOptions {
        if (recursionLimit <= 0) {
            throw new IllegalArgumentException(
                    "Target option [" + RECURSION_LIMIT + "] must be a positive integer, was [" + recursionLimit + "]");
        }
    }

    /**
     * @throws IllegalArgumentException for a value the target cannot use; other targets' keys are
     *     left alone, since one run gives every target the same options
     */
    static LangGraph4jOptions of(TargetContext context) {
        boolean stream = context.booleanOption(STREAM, false);
        String limit = context.option(RECURSION_LIMIT, String.valueOf(DEFAULT_RECURSION_LIMIT));
        int recursionLimit;
        try {
            recursionLimit = Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "Target option [" + RECURSION_LIMIT + "] must be a positive integer, was [" + limit + "]");
        }
        // tool_execution is the langchain4j target's key; this one accepts what LangGraph4j can do.
        String mode = context.option(TOOL_EXECUTION, "sequential").toLowerCase(Locale.ROOT);
        if (!mode.equals("sequential")) {
            throw new IllegalArgumentException("Target option [" + TOOL_EXECUTION + "] can only be [sequential], was ["
                    + mode + "]: LangGraph4j's agent executor runs the tool calls of one reply one after another"
                    + " (LC4jToolService.execute) and has no setting to run them at once");
        }
        return new LangGraph4jOptions(stream, recursionLimit);
    }
}
