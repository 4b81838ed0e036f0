package dev.agentbench.springai;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Spring AI as a target, without Spring Boot: a {@code ChatClient} over an {@code OpenAiChatModel}
 * (Spring AI's OpenAI model, on the official OpenAI Java SDK and Spring AI's OkHttp client) pointed
 * at the mock, with the context's tools as Spring AI tool callbacks, the tool loop run by Spring
 * AI's {@code ToolCallingAdvisor}, and a {@code MessageChatMemoryAdvisor} over a {@code
 * MessageWindowChatMemory} keyed by session id.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code stream} ({@code false} by default): {@code true} runs each turn through {@code
 *       ChatClient.stream()}, so the model is asked for a stream; {@code false} through {@code
 *       call()}.
 * </ul>
 *
 * <p>What Spring AI does differently from the floor, and how this target reports it, is written
 * down in {@code docs/targets/springai.md}.
 */
public final class SpringAiTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "springai";

    /** The version of Spring AI this target was built against (read from a resource, so no Spring AI class is loaded). */
    public static final String SPRING_AI_VERSION = version();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Spring AI " + SPRING_AI_VERSION
                + ": ChatClient over OpenAiChatModel (OpenAI Java SDK, OkHttp), ToolCallingAdvisor, MessageChatMemoryAdvisor";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return SpringAiHandle.open(context, SpringAiOptions.of(context));
    }

    private static String version() {
        Properties properties = new Properties();
        try (InputStream in = SpringAiTarget.class.getResourceAsStream("versions.properties")) {
            if (in == null) {
                throw new IllegalStateException("versions.properties is missing from the springai target's jar");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("spring-ai");
    }
}
