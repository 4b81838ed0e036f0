/**
 * The agentbench mock: a scripted, OpenAI-compatible chat-completions server on Vert.x that replies
 * by request position, so that a benchmark measures the framework and not the model.
 *
 * <p>Stable entry points: {@link dev.agentbench.mock.MockMain} (the mock as its own JVM, the way the
 * harness runs it), {@link dev.agentbench.mock.MockServer} with {@link dev.agentbench.mock.MockConfig}
 * (in-process, for tests and commands), and {@link dev.agentbench.mock.ScriptJson} (the one JSON
 * format of scripts). Everything in {@code dev.agentbench.mock.internal} may change without notice.
 */
package dev.agentbench.mock;
