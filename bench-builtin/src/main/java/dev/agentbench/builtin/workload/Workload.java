package dev.agentbench.builtin.workload;

import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Expectation;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pieces of a generated workload, each the same bytes on every run: a system prompt, user
 * messages, tool sets, replies, and the expectations that make the mock check a request carries
 * all of them. Sizes are exact unless a method says otherwise; all text is ASCII, so bytes and
 * characters agree.
 */
public final class Workload {

    private static final String PROMPT_OPENING = "You are an operations assistant for a company of a few hundred"
            + " people. Use the tools when they help, say which tool answered, and keep replies in plain prose. ";
    private static final long SYSTEM_SEED = 0x5157_E70DL;
    private static final long USER_SEED = 0x05E1L;
    private static final long REPLY_SEED = 0x4E91L;

    private Workload() {}

    /** A system prompt of exactly {@code bytes} bytes: an assistant's brief, then policy prose. */
    public static String systemPrompt(int bytes) {
        if (bytes <= PROMPT_OPENING.length()) {
            return Prose.text(SYSTEM_SEED, bytes);
        }
        return PROMPT_OPENING + Prose.text(SYSTEM_SEED, bytes - PROMPT_OPENING.length());
    }

    /**
     * The user message of {@code turn} (from 0), of exactly {@code bytes} bytes (at least its
     * opening, {@code Request N: }): it opens with the turn's number, so that every turn's message is
     * distinct and a request that lacks earlier turns is told apart from an earlier turn.
     */
    public static String userMessage(int turn, int bytes) {
        String opening = "Request " + (turn + 1) + ": ";
        return opening + Prose.text(USER_SEED + turn, Math.max(1, bytes - opening.length()));
    }

    /** A reply of exactly {@code tokens} words, distinct for each {@code turn} (from 0). */
    public static String reply(int turn, int tokens) {
        return Prose.tokens(REPLY_SEED + turn, tokens);
    }

    /**
     * The first {@code count} tools of the generated set, each returning results of {@code
     * resultBytes} bytes. The set is the same for every count: 8 tools are the first 8 of 32.
     */
    public static List<GeneratedTool> tools(int count, int resultBytes) {
        List<GeneratedTool> tools = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            tools.add(new GeneratedTool(i, resultBytes));
        }
        return List.copyOf(tools);
    }

    /** The tools as targets are given them. */
    public static List<ToolDefinition> definitions(List<GeneratedTool> tools) {
        return tools.stream().map(GeneratedTool::definition).toList();
    }

    /** A call of {@code tool} with arguments of about {@code bytes} bytes, distinct for each seed. */
    public static ScriptedToolCall call(GeneratedTool tool, long seed, int bytes) {
        return new ScriptedToolCall(tool.name(), tool.arguments(seed, bytes));
    }

    /**
     * {@code script} with every turn expecting what a client that sends the whole history sends
     * (see {@link Expectation}): one system message with {@code instructions}, every turn's user
     * message, every reply the model gave (its text, or its tool calls' arguments), and every tool's
     * result, which is found by calling the tool with the scripted arguments; and every tool offered
     * on every request. Content within {@link Expectation#DEFAULT_TOLERANCE_PERCENT} passes.
     *
     * @throws IllegalArgumentException when the script calls a tool that is not among {@code tools}
     *     or with arguments the tool refuses
     */
    public static Script expecting(Script script, String instructions, List<ToolDefinition> tools) {
        Map<String, ToolDefinition> byName = new LinkedHashMap<>();
        tools.forEach(tool -> byName.put(tool.name(), tool));
        List<String> names = List.copyOf(byName.keySet());
        long content = bytes(instructions);
        int messages = 1;
        List<ScriptTurn> turns = new ArrayList<>(script.turns().size());
        for (ScriptTurn turn : script.turns()) {
            content += bytes(turn.user());
            messages++;
            List<Integer> counts = new ArrayList<>();
            List<Long> sizes = new ArrayList<>();
            for (Step step : turn.steps()) {
                counts.add(messages);
                sizes.add(content);
                messages++;
                if (step.toolCalls().isEmpty()) {
                    content += step.text() == null ? 0 : bytes(step.text());
                }
                for (ScriptedToolCall call : step.toolCalls()) {
                    content += bytes(call.arguments()) + bytes(result(byName, call));
                    messages++;
                }
            }
            turns.add(turn.expecting(new Expectation(counts, sizes, names, Expectation.DEFAULT_TOLERANCE_PERCENT)));
        }
        return new Script(script.name(), turns);
    }

    private static String result(Map<String, ToolDefinition> tools, ScriptedToolCall call) {
        ToolDefinition tool = tools.get(call.name());
        if (tool == null) {
            throw new IllegalArgumentException("The script calls [" + call.name() + "], which is not among the tools "
                    + tools.keySet());
        }
        try {
            return tool.function().call(call.arguments());
        } catch (Exception e) {
            throw new IllegalArgumentException("Tool [" + call.name() + "] refuses the script's arguments "
                    + call.arguments() + ": " + e.getMessage(), e);
        }
    }

    private static long bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
