package dev.agentbench.api.script;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What every request of a {@link ScriptTurn} must carry, checked by the mock before it answers: the
 * whole history and every tool as scripted. A request that fails the check is answered HTTP 400 with
 * an OpenAI-style error body that says what is missing, so the target throws and the iteration fails
 * with that text: a framework that silently drops or truncates history, or leaves tools out, never
 * looks cheap.
 *
 * <p>The mock checks, in this order: that the request's last user message is this turn's scripted
 * one (each scripted user message should identify its turn, so that a request whose earlier turns
 * are missing, and which the mock would take for an earlier turn, is caught and named: {@code the
 * request carries 1 user message of 17 (16 earlier turns missing)}); that it carries exactly the
 * scripted number of messages (system, user, assistant and tool messages alike); that it offers
 * exactly the scripted tools, by name, in any order; and that the content of its messages (every
 * message's text, and every tool call's argument text, in UTF-8 bytes) is within {@code
 * tolerancePercent} of the scripted bytes, or within {@link #SLACK_BYTES}, whichever is larger.
 * Content is compared by length, not as JSON text, since clients format requests differently.
 *
 * @param messages for each step of the turn, in order, how many messages its request carries
 * @param contentBytes for each step of the turn, in order, how many bytes of content its request's
 *     messages carry: the system prompt, every user and assistant text, every tool call's arguments
 *     and every tool result
 * @param tools the names of the tools every request of the turn offers; empty for none
 * @param tolerancePercent how far the content may be from {@code contentBytes}, below or above, in
 *     percent of it, from 0 to 100
 */
public record Expectation(List<Integer> messages, List<Long> contentBytes, List<String> tools, int tolerancePercent) {

    /** The tolerance a workload's scripts use unless they say otherwise: 10% either way. */
    public static final int DEFAULT_TOLERANCE_PERCENT = 10;

    /**
     * The least difference in content bytes the check allows, whatever the percentage: room for the
     * few words a framework adds of its own (an agent's name in the system prompt, say) on a small
     * request.
     */
    public static final long SLACK_BYTES = 256;

    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public Expectation {
        messages = List.copyOf(messages);
        contentBytes = List.copyOf(contentBytes);
        tools = List.copyOf(tools);
        if (messages.isEmpty() || messages.size() != contentBytes.size()) {
            throw new IllegalArgumentException("An expectation needs one message count and one content size per step, was "
                    + messages.size() + " and " + contentBytes.size());
        }
        for (int count : messages) {
            if (count < 1) {
                throw new IllegalArgumentException("An expectation's message count must be positive, was [" + count + "]");
            }
        }
        for (long bytes : contentBytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("An expectation's content bytes must not be negative, was [" + bytes
                        + "]");
            }
        }
        if (tools.size() != Set.copyOf(tools).size()) {
            throw new IllegalArgumentException("An expectation names a tool twice: " + tools);
        }
        for (String tool : tools) {
            if (!TOOL_NAME.matcher(Objects.requireNonNull(tool, "tool")).matches()) {
                throw new IllegalArgumentException("Tool name [" + tool + "] must match " + TOOL_NAME);
            }
        }
        if (tolerancePercent < 0 || tolerancePercent > 100) {
            throw new IllegalArgumentException("An expectation's tolerance must be from 0 to 100 percent, was ["
                    + tolerancePercent + "]");
        }
    }

    /** The least content the request for {@code step} (from 0) may carry and pass. */
    public long leastBytes(int step) {
        long expected = contentBytes.get(step);
        return Math.max(0, expected - allowance(expected));
    }

    /** The most content the request for {@code step} (from 0) may carry and pass. */
    public long mostBytes(int step) {
        long expected = contentBytes.get(step);
        return expected + allowance(expected);
    }

    private long allowance(long expected) {
        return Math.max(SLACK_BYTES, expected * tolerancePercent / 100);
    }
}
