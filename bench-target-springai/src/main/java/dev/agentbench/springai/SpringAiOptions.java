package dev.agentbench.springai;

import dev.agentbench.api.TargetContext;
import java.util.OptionalInt;

/**
 * The springai target's options, read from the context and checked.
 *
 * @param stream whether turns run through {@code ChatClient.stream()} rather than {@code call()}
 * @param maxRequestsPerHost the streaming client's OkHttp dispatcher limit of calls in flight to one
 *     host; empty leaves Spring AI's 64
 * @param maxRequests the streaming client's OkHttp dispatcher limit of calls in flight in all; empty
 *     leaves OkHttp's 64
 */
record SpringAiOptions(boolean stream, OptionalInt maxRequestsPerHost, OptionalInt maxRequests) {

    static final String STREAM = "stream";
    static final String MAX_REQUESTS_PER_HOST = "max_requests_per_host";
    static final String MAX_REQUESTS = "max_requests";

    /**
     * @throws IllegalArgumentException for a value the target cannot use; other targets' keys are
     *     left alone, since one run gives every target the same options
     */
    static SpringAiOptions of(TargetContext context) {
        return new SpringAiOptions(context.booleanOption(STREAM, false),
                context.positiveIntOption(MAX_REQUESTS_PER_HOST), context.positiveIntOption(MAX_REQUESTS));
    }
}
