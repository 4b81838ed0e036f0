package dev.agentbench.langchain4j;

import dev.agentbench.api.TargetContext;
import java.util.List;
import java.util.Locale;

/**
 * The langchain4j target's options, read from the context and checked.
 *
 * @param stream whether the agent uses LangChain4j's streaming model and a {@code TokenStream}
 * @param concurrentTools whether several tool calls of one reply run at once
 *     ({@code AiServices.executeToolsConcurrently()}) rather than one after another
 */
record LangChain4jOptions(boolean stream, boolean concurrentTools) {

    static final String STREAM = "stream";
    static final String TOOL_EXECUTION = "tool_execution";

    /** The values of {@link #TOOL_EXECUTION}; the first is LangChain4j's default. */
    static final List<String> TOOL_EXECUTION_VALUES = List.of("sequential", "concurrent");

    /**
     * @throws IllegalArgumentException for a value the target cannot use; other targets' keys are
     *     left alone, since one run gives every target the same options
     */
    static LangChain4jOptions of(TargetContext context) {
        boolean stream = context.booleanOption(STREAM, false);
        String mode = context.option(TOOL_EXECUTION, TOOL_EXECUTION_VALUES.get(0));
        if (!TOOL_EXECUTION_VALUES.contains(mode.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("Target option [" + TOOL_EXECUTION + "] must be one of "
                    + TOOL_EXECUTION_VALUES + ", was [" + mode + "]");
        }
        return new LangChain4jOptions(stream, mode.equalsIgnoreCase("concurrent"));
    }
}
