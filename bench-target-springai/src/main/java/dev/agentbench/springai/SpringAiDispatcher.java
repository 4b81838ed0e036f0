package dev.agentbench.springai;

import com.openai.client.OpenAIClientAsync;
import java.lang.reflect.Field;
import java.util.OptionalInt;
import okhttp3.Dispatcher;
import org.springframework.ai.openai.http.okhttp.SpringAiOpenAiHttpClient;

/**
 * The OkHttp {@link Dispatcher} under the OpenAI SDK's asynchronous client, which decides how many
 * streamed model calls are in flight at once.
 *
 * <p>{@code ChatClient.stream()} sends each model call through the asynchronous client, whose
 * {@link SpringAiOpenAiHttpClient} uses OkHttp's {@code Call.enqueue}: the dispatcher's limits apply.
 * Spring AI's {@code SpringAiOpenAiHttpClient.Builder.build()} keeps OkHttp's 64 calls in all and
 * raises the per-host limit to the same 64 ({@code dispatcher.setMaxRequestsPerHost(
 * dispatcher.getMaxRequests())}). {@code call()} goes through the blocking client's {@code
 * Call.execute}, which no dispatcher limit holds back.
 *
 * <p>Neither Spring AI's {@code OpenAiSetup} nor its {@code OpenAiHttpClientBuilderCustomizer}
 * (which sees the builder, not the client it builds) nor the SDK's {@code OpenAIClientAsync} gives
 * the built HTTP client back, so three private fields are read once, by reflection: the SDK client's
 * {@code clientOptions}, their {@code originalHttpClient} (the SDK's {@code
 * PhantomReachableClosingHttpClient}) and its {@code httpClient}, which is Spring AI's client; the
 * limits are then set through its public {@code getOkHttpClient().dispatcher()}. Nothing else is
 * touched, and without the options this class is not used at all.
 */
final class SpringAiDispatcher {

    private SpringAiDispatcher() {}

    /**
     * The dispatcher of the OkHttp client under {@code client}.
     *
     * @throws IllegalStateException when this SDK or Spring AI version keeps it elsewhere
     */
    static Dispatcher of(OpenAIClientAsync client) {
        try {
            Object options = read(client, "clientOptions");
            Object http = read(options, "originalHttpClient");
            // The SDK wraps the client it is given in a PhantomReachableClosingHttpClient.
            for (int wrappers = 0; wrappers < 3 && !(http instanceof SpringAiOpenAiHttpClient); wrappers++) {
                http = read(http, "httpClient");
            }
            if (!(http instanceof SpringAiOpenAiHttpClient springAi)) {
                throw new IllegalStateException("the SDK's HTTP client is a " + http.getClass().getName()
                        + ", not Spring AI's SpringAiOpenAiHttpClient");
            }
            return springAi.getOkHttpClient().dispatcher();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("Cannot reach the OkHttp dispatcher of Spring AI's OpenAI client"
                    + " (private fields [clientOptions] of " + client.getClass().getName() + ", [originalHttpClient]"
                    + " of its options, [httpClient] of the SDK's wrapper), so the target options [" + SpringAiOptions.MAX_REQUESTS_PER_HOST + "] and ["
                    + SpringAiOptions.MAX_REQUESTS + "] cannot be applied: " + e, e);
        }
    }

    private static Object read(Object owner, String name) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        Object value = field.get(owner);
        if (value == null) {
            throw new IllegalStateException("field [" + name + "] of " + owner.getClass().getName() + " is null");
        }
        return value;
    }

    /** Sets the limits that are present; leaves the client alone when neither is. */
    static void limit(OpenAIClientAsync client, OptionalInt maxRequestsPerHost, OptionalInt maxRequests) {
        if (maxRequestsPerHost.isEmpty() && maxRequests.isEmpty()) {
            return;
        }
        Dispatcher dispatcher = of(client);
        maxRequests.ifPresent(dispatcher::setMaxRequests);
        maxRequestsPerHost.ifPresent(dispatcher::setMaxRequestsPerHost);
    }
}
