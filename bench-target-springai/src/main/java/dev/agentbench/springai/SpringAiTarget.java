package dev.agentbench.springai;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import org.springframework.ai.chat.client.ChatClient;

/**
 * Spring AI as a target, without Spring Boot: a {@code ChatClient} over an {@code OpenAiChatModel}
 * (Spring AI's OpenAI model, on the official OpenAI Java SDK and Spring AI's OkHttp client) pointed
 * at the mock, with the context's tools as Spring AI tool callbacks, the tool loop run by Spring
 * AI's {@code ToolCallingAdvisor}, and a {@code MessageChatMemoryAdvisor} over a {@code
 * MessageWindowChatMemory} keyed by session id, inside the tool loop so that it keeps the tool rounds
 * too.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code stream} ({@code false} by default): {@code true} runs each turn through {@code
 *       ChatClient.stream()}, so the model is asked for a stream, and the harness's stream
 *       observer hears each piece of text the {@code Flux} emits; {@code false} through {@code
 *       call()};
 *   <li>{@code max_requests_per_host} and {@code max_requests} (unset by default: 64 each, as
 *       Spring AI ships): how many streamed model calls the asynchronous client's OkHttp dispatcher
 *       lets be in flight to the model's host, and in all. Positive integers; they have no effect
 *       on {@code call()}, which no dispatcher limit holds back.
 * </ul>
 *
 * <p>What Spring AI does differently from the floor, and how this target reports it, is written
 * down in {@code docs/targets/springai.md}.
 */
public final class SpringAiTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "springai";


    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Spring AI " + version()
                + ": ChatClient over OpenAiChatModel (OpenAI Java SDK, OkHttp), ToolCallingAdvisor, MessageChatMemoryAdvisor";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return SpringAiHandle.open(context, SpringAiOptions.of(context));
    }

    /** The version of the Spring AI jar on the class path, read from the jar without loading Spring AI. */
    @Override
    public String version() {
        return FrameworkVersion.of(ChatClient.class);
    }
}
