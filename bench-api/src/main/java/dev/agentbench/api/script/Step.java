package dev.agentbench.api.script;

import java.util.List;

/**
 * One model reply: text, or one or more tool calls (several in one step are parallel calls), with
 * an optional {@link Fault}. A fault that replaces the reply (an HTTP error status or a hang) needs
 * neither text nor tool calls; any other step has exactly one of them.
 *
 * @param text the reply's text, or {@code null}
 * @param toolCalls the tool calls of the reply; empty for a text reply
 * @param fault what goes wrong on the wire while serving this step, or {@code null}
 * @param chunks how many content chunks a streamed text reply is split into (one per token for a
 *     reply that streams as a model's does), or 0 for the mock's default; the text is split on
 *     character boundaries into that many pieces, never more pieces than characters
 */
public record Step(String text, List<ScriptedToolCall> toolCalls, Fault fault, int chunks) {

    public Step {
        if (chunks < 0) {
            throw new IllegalArgumentException("A step's chunks must not be negative, was [" + chunks + "]");
        }
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        boolean replaced = fault != null && fault.replacesReply();
        boolean hasText = text != null;
        boolean hasCalls = !toolCalls.isEmpty();
        if (hasText && hasCalls) {
            throw new IllegalArgumentException("A step has text or tool calls, not both");
        }
        if (!replaced && !hasText && !hasCalls) {
            throw new IllegalArgumentException("A step needs text, tool calls, or a fault that replaces the reply");
        }
    }

    /** A step streamed in the mock's default number of chunks. */
    public Step(String text, List<ScriptedToolCall> toolCalls, Fault fault) {
        this(text, toolCalls, fault, 0);
    }

    /** This step with its streamed text split into {@code chunks} content chunks. */
    public Step withChunks(int chunks) {
        return new Step(text, toolCalls, fault, chunks);
    }

    /** A text reply. */
    public static Step text(String text) {
        return new Step(text, List.of(), null);
    }

    /** A reply with the given tool calls, made in parallel when there are several. */
    public static Step toolCalls(ScriptedToolCall... calls) {
        return new Step(null, List.of(calls), null);
    }

    /** A step that serves only the given fault. */
    public static Step fault(Fault fault) {
        return new Step(null, List.of(), fault);
    }
}
