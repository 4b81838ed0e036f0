package dev.agentbench.builtin.wire;

import com.fasterxml.jackson.core.json.PackageVersion;
import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.builtin.loop.AgentLoop;
import dev.agentbench.builtin.loop.ChatJson;

/**
 * The floor: the least work any client can do for the same exchanges with the mock. No framework
 * and no HTTP library: one persistent HTTP/1.1 connection per session thread (a plain socket,
 * TCP_NODELAY, pooled between turns), the request written with Jackson's streaming generator, the
 * reply (one JSON body, or server-sent events) read with its streaming parser on the calling
 * thread. Nothing is handed to another thread on the model's path; parallel tool calls run on a
 * small pool, as the benchmark asks. Every framework is shown as a ratio to it, and its overhead
 * in time over it.
 *
 * <p>Options: {@code stream} ({@code false} by default) asks for server-sent events.
 */
public final class WireTarget implements BenchTarget {

    public static final String NAME = "wire";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Floor: no framework, one kept-alive socket per session and Jackson's streaming parser on the "
                + "calling thread";
    }

    /** The version of jackson-core, whose streaming generator and parser the floor drives. */
    @Override
    public String version() {
        return PackageVersion.VERSION.toString();
    }

    @Override
    public TargetHandle open(TargetContext context) {
        ChatJson json = new ChatJson(context, context.booleanOption("stream", false));
        return new AgentLoop(context, new WireClient(context.baseUrl(), context.apiKey(), json), "wire-tool");
    }
}
