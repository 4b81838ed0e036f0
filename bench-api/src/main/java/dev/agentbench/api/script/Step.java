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
 */
public record Step(String text, List<ScriptedToolCall> toolCalls, Fault fault) {

    public Step {
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
