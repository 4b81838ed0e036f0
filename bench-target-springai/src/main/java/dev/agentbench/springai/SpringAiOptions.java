package dev.agentbench.springai;

import dev.agentbench.api.TargetContext;

/**
 * The springai target's options, read from the context and checked.
 *
 * @param stream whether turns run through {@code ChatClient.stream()} rather than {@code call()}
 */
record SpringAiOptions(boolean stream) {

    static final String STREAM = "stream";

    /**
     * @throws IllegalArgumentException for a value the target cannot use; other targets' keys are
     *     left alone, since one run gives every target the same options
     */
    static SpringAiOptions of(TargetContext context) {
        return new SpringAiOptions(context.booleanOption(STREAM, false));
    }
}
