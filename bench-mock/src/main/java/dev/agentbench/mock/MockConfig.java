package dev.agentbench.mock;

import dev.agentbench.api.script.Script;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a {@link MockServer} runs. Read-only; start from {@link #defaults()} and change what you need
 * with the {@code with...} methods, each of which validates its value.
 *
 * @param host the address to bind; {@value #DEFAULT_HOST} by default, so nothing off this machine
 *     can reach the mock
 * @param port the port to bind, 0 for a free one (the default)
 * @param eventLoops how many event loops (and server instances) serve requests; one per core by
 *     default
 * @param textChunks how many streamed chunks each reply text and each tool call's argument text is
 *     split into (fewer when the text is shorter); {@value #DEFAULT_TEXT_CHUNKS} by default
 * @param maxBodyBytes the largest request body accepted; larger ones get HTTP 413;
 *     {@value #DEFAULT_MAX_BODY_BYTES} bytes (4 MiB) by default
 * @param hangLimit how long the mock keeps a hanging response open (fault {@code hang}, marker
 *     {@code !hang}) before it closes the connection itself; also bounds {@code !slowN}
 * @param scripts scripts registered at start
 */
public record MockConfig(
        String host, int port, int eventLoops, int textChunks, int maxBodyBytes, Duration hangLimit, List<Script> scripts) {

    /** The default bind address: loopback only. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** The default number of chunks a streamed text is split into. */
    public static final int DEFAULT_TEXT_CHUNKS = 4;
    /** The default request body cap, 4 MiB. */
    public static final int DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
    /** The default bound on a hanging response. */
    public static final Duration DEFAULT_HANG_LIMIT = Duration.ofSeconds(120);

    public MockConfig {
        Objects.requireNonNull(host, "host");
        if (host.isBlank()) {
            throw new IllegalArgumentException("Host [" + host + "] must not be blank");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("Port [" + port + "] must be between 0 and 65535");
        }
        if (eventLoops < 1 || eventLoops > 256) {
            throw new IllegalArgumentException("Event loops [" + eventLoops + "] must be between 1 and 256");
        }
        if (textChunks < 1 || textChunks > 10_000) {
            throw new IllegalArgumentException("Text chunks [" + textChunks + "] must be between 1 and 10000");
        }
        if (maxBodyBytes < 1024) {
            throw new IllegalArgumentException("Max body bytes [" + maxBodyBytes + "] must be at least 1024");
        }
        Objects.requireNonNull(hangLimit, "hangLimit");
        if (hangLimit.isNegative() || hangLimit.isZero()) {
            throw new IllegalArgumentException("Hang limit [" + hangLimit + "] must be positive");
        }
        scripts = List.copyOf(scripts);
    }

    /** Loopback, a free port, one event loop per core, no scripts. */
    public static MockConfig defaults() {
        int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
        return new MockConfig(DEFAULT_HOST, 0, cores, DEFAULT_TEXT_CHUNKS, DEFAULT_MAX_BODY_BYTES,
                DEFAULT_HANG_LIMIT, List.of());
    }

    public MockConfig withHost(String host) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }

    public MockConfig withPort(int port) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }

    public MockConfig withEventLoops(int eventLoops) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }

    public MockConfig withTextChunks(int textChunks) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }

    public MockConfig withMaxBodyBytes(int maxBodyBytes) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }

    public MockConfig withHangLimit(Duration hangLimit) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }

    /** These scripts instead of the ones configured so far. */
    public MockConfig withScripts(List<Script> scripts) {
        return new MockConfig(host, port, eventLoops, textChunks, maxBodyBytes, hangLimit, scripts);
    }
}
