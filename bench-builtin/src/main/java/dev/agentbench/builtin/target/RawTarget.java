package dev.agentbench.builtin.target;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;

/**
 * The floor: no framework, just the smallest honest agent loop over the JDK's {@link
 * java.net.http.HttpClient} and Jackson. It keeps each session's messages, posts them to the model,
 * runs the tool calls it gets back (parallel ones concurrently), sends the results, and repeats
 * until the model answers with text. Every framework is shown as a ratio over it.
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
        return "Floor: no framework, the JDK HttpClient and Jackson in the least agent loop that works";
    }

    /** The Java version: the JDK's HttpClient, which the floor drives. */
    @Override
    public String version() {
        return System.getProperty("java.version");
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return new RawAgent(context, context.booleanOption("stream", false));
    }
}
