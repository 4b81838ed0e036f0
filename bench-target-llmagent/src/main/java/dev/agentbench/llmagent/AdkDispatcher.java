package dev.agentbench.llmagent;

import com.google.adk.models.chat.ChatCompletionsHttpClient;
import java.lang.reflect.Field;
import java.util.OptionalInt;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;

/**
 * The OkHttp {@link Dispatcher} inside ADK's {@link ChatCompletionsHttpClient}, which decides how
 * many model calls are in flight at once.
 *
 * <p>ADK sends every model call with OkHttp's asynchronous {@code Call.enqueue}, so the
 * dispatcher's limits apply: OkHttp's defaults of 5 calls per host and 64 in all, which ADK keeps
 * ({@code HttpClientFactory.createHttpClient} makes a plain {@code new Dispatcher(executor)}). ADK
 * 1.8 has no public way to change them or to hand the client an {@code OkHttpClient} of one's own
 * (the constructor that takes one is private, its {@code forTesting} factory package-private), so
 * the client's private {@code client} field is read once, by reflection, and the limits are set
 * through OkHttp's public setters. Nothing else of ADK's client is touched, and without the options
 * this class is not used at all.
 */
final class AdkDispatcher {

    /** The name of ChatCompletionsHttpClient's private OkHttpClient field in ADK 1.8. */
    static final String FIELD = "client";

    private AdkDispatcher() {}

    /**
     * The dispatcher of {@code client}'s OkHttp client.
     *
     * @throws IllegalStateException when this ADK version keeps its OkHttp client elsewhere
     */
    static Dispatcher of(ChatCompletionsHttpClient client) {
        try {
            Field field = ChatCompletionsHttpClient.class.getDeclaredField(FIELD);
            field.setAccessible(true);
            return ((OkHttpClient) field.get(client)).dispatcher();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("Cannot reach the OkHttp dispatcher of ADK's ChatCompletionsHttpClient"
                    + " (private field [" + FIELD + "], ADK " + new LlmAgentTarget().version() + "), so the target"
                    + " options [" + LlmAgentOptions.MAX_REQUESTS_PER_HOST + "] and [" + LlmAgentOptions.MAX_REQUESTS
                    + "] cannot be applied: " + e, e);
        }
    }

    /** Sets the limits that are present; leaves the client alone when neither is. */
    static void limit(ChatCompletionsHttpClient client, OptionalInt maxRequestsPerHost, OptionalInt maxRequests) {
        if (maxRequestsPerHost.isEmpty() && maxRequests.isEmpty()) {
            return;
        }
        Dispatcher dispatcher = of(client);
        maxRequests.ifPresent(dispatcher::setMaxRequests);
        maxRequestsPerHost.ifPresent(dispatcher::setMaxRequestsPerHost);
    }
}
