package dev.agentbench.builtin.target;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.builtin.loop.AgentLoop;
import dev.agentbench.builtin.loop.ChatJson;

/**
 * The JDK {@link java.net.http.HttpClient}'s agent loop: no framework, the same loop and the same
 * streaming JSON as the {@code wire} floor ({@link AgentLoop}, {@link ChatJson}), with the JDK's
 * HTTP client carrying the bytes. Its ratio to {@code wire} is what the JDK client costs; a
 * framework's ratio to it compares that framework's whole stack with the JDK client's.
 *
 * <p>Options: {@code stream} ({@code false} by default) asks for server-sent events.
 *
 * <p>A request that got no byte of response at all is sent once more, as OkHttp does by default: the
 * JDK 17 client can reuse a pooled connection its own cleanup is closing (JDK-8338569).
 */
public final class RawTarget implements BenchTarget {

    public static final String NAME = "raw";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "The JDK HttpClient's agent loop: no framework, wire's loop with java.net.http carrying the bytes";
    }

    /** The Java version: the JDK's HttpClient, which the floor drives. */
    @Override
    public String version() {
        return System.getProperty("java.version");
    }

    @Override
    public TargetHandle open(TargetContext context) {
        ChatJson json = new ChatJson(context, context.booleanOption("stream", false));
        return new AgentLoop(context, new ChatCompletionsClient(context.baseUrl(), context.apiKey(), json), "raw-tool");
    }
}
