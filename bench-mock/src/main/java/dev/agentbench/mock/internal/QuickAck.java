package dev.agentbench.mock.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioChannelOption;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.impl.ConnectionBase;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import jdk.net.ExtendedSocketOptions;

/**
 * Acknowledges at once what the mock has read of a request that is not yet whole, instead of when
 * Linux's delayed-ACK timer fires (40 ms at the least).
 *
 * <p>A client with Nagle's algorithm on (OkHttp never turns it off, so ADK's and Spring AI's clients
 * have it on) that writes a request in more than one piece holds the last piece back until what it
 * sent before is acknowledged. On loopback every piece is smaller than a segment, so a server that
 * delays its ACK until it has something to send back, as Linux does in an exchange of requests and
 * replies, waits for a request the client will not finish: 40 ms each time, whatever the framework's
 * own work. Long requests paid it on every model call, so the heavy-traffic benchmarks read 95 ms a
 * turn (two model calls) for a framework that did 1–2 ms of work.
 *
 * <p>Setting {@code TCP_QUICKACK} sends the pending ACK now. Linux clears it again as the connection
 * goes on (it is not a lasting mode), so the mock sets it each time it has read part of a request and
 * not the rest: the head with none of the body (ADK's and Spring AI's clients write the head of a long
 * request apart, then wait), or a piece of the body short of its end. A request read whole in one go
 * never gets here: its ACK rides on the reply, and the wire is as before. Where the option is missing
 * (not Linux, or a transport other than the JDK's) nothing is done.
 */
final class QuickAck {

    private static final ChannelOption<Boolean> OPTION = option();

    private QuickAck() {}

    /** Whether this JVM and OS can set the option; when not, {@link #now} does nothing. */
    static boolean supported() {
        return OPTION != null;
    }

    /** Acknowledges now what has been read on {@code request}'s connection. */
    static void now(HttpServerRequest request) {
        if (OPTION != null && request.connection() instanceof ConnectionBase connection) {
            Channel channel = connection.channel();
            if (channel.isActive()) {
                channel.config().setOption(OPTION, Boolean.TRUE);
            }
        }
    }

    private static ChannelOption<Boolean> option() {
        try (SocketChannel probe = SocketChannel.open()) {
            return probe.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK)
                    ? NioChannelOption.of(ExtendedSocketOptions.TCP_QUICKACK)
                    : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
