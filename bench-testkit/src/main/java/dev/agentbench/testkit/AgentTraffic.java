package dev.agentbench.testkit;

import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Heavy agent traffic for a target's own tests, the same bytes every time: many tools whose schemas
 * nest objects, enums and arrays, a session with a long history, and replies streamed in many
 * chunks with a delay between them. With these a target's tests check that its framework sends every
 * tool and the whole history, and hands streamed pieces to the application as they come.
 *
 * <p>The schemas use what every shipped target's framework can carry to the model: {@code type},
 * {@code description} on each property, {@code properties}, {@code enum}, {@code items} and {@code
 * required} on the root object.
 */
public final class AgentTraffic {

    /** What every generated tool returns. */
    public static final String TOOL_RESULT = "{\"status\":\"ok\",\"matches\":3}";

    private AgentTraffic() {}

    /** The name of generated tool {@code i}: {@code lookup_007}. */
    public static String toolName(int i) {
        return String.format("lookup_%03d", i);
    }

    /** {@code count} tools, named by {@link #toolName}, each with the nested schema of {@link #schema}. */
    public static List<ToolDefinition> tools(int count) {
        return tools(count, i -> "Looks up records of kind " + i
                + " in the catalogue, filtered and ranked as asked. Use it when the user asks about kind " + i
                + "; it returns how many records matched.", AgentTraffic::schema, TOOL_RESULT);
    }

    /**
     * {@code count} tools named by {@link #toolName}, tool {@code i} with {@code description(i)} and
     * {@code schema(i)}, each returning {@code result}: the kit's generated tool sets all come from here.
     */
    static List<ToolDefinition> tools(int count, IntFunction<String> description, IntFunction<String> schema,
            String result) {
        List<ToolDefinition> tools = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            tools.add(new ToolDefinition(toolName(i), description.apply(i), schema.apply(i), arguments -> result));
        }
        return List.copyOf(tools);
    }

    /**
     * Tool {@code i}'s argument schema: a string and a string enum (both required), an optional nested
     * object holding another nested object, an array of enum strings and an array of objects.
     */
    public static String schema(int i) {
        return """
                {"type":"object","properties":{\
                "query":{"type":"string","description":"What to look for in kind %1$d, in the user's words."},\
                "mode":{"type":"string","enum":["fast","thorough","exhaustive"],"description":"How hard to look."},\
                "filter":{"type":"object","description":"Which records of kind %1$d count.","properties":{\
                "field":{"type":"string","description":"The field to filter on."},\
                "limit":{"type":"integer","description":"At most this many records."},\
                "range":{"type":"object","description":"The field's bounds.","properties":{\
                "from":{"type":"number","description":"The lowest value kept."},\
                "to":{"type":"number","description":"The highest value kept."}}}}},\
                "tags":{"type":"array","description":"Tags a record must carry.",\
                "items":{"type":"string","enum":["new","used","refurbished"]}},\
                "rank":{"type":"array","description":"How to order the records, first key first.",\
                "items":{"type":"object","properties":{\
                "key":{"type":"string","description":"A field to order by."},\
                "descending":{"type":"boolean","description":"Largest first."}}}}},\
                "required":["query","mode"]}""".formatted(i);
    }

    /** Arguments for a generated tool, valid against its schema. */
    public static String arguments(int i) {
        return "{\"query\":\"records of kind " + i + "\",\"mode\":\"thorough\",\"filter\":{\"field\":\"price\","
                + "\"limit\":10,\"range\":{\"from\":1.5,\"to\":99.5}},\"tags\":[\"new\",\"used\"],"
                + "\"rank\":[{\"key\":\"price\",\"descending\":true}]}";
    }

    /**
     * A session of {@code turns} turns; every {@code toolEvery}-th turn (counted from 1) calls a
     * generated tool among the first {@code tools} and then answers, the others answer at once. Texts
     * are a few hundred characters, so that the history's size is felt.
     */
    public static Script history(String name, int turns, int toolEvery, int tools) {
        List<ScriptTurn> scripted = new ArrayList<>(turns);
        for (int turn = 1; turn <= turns; turn++) {
            String user = "Question " + turn + ": " + filler("what about item " + turn, 160);
            String answer = "Answer " + turn + ": " + filler("item " + turn + " is fine", 280);
            if (toolEvery > 0 && turn % toolEvery == 0) {
                int tool = turn % tools;
                scripted.add(new ScriptTurn(user, List.of(
                        Step.toolCalls(new ScriptedToolCall(toolName(tool), arguments(tool))),
                        Step.text(answer))));
            } else {
                scripted.add(new ScriptTurn(user, List.of(Step.text(answer))));
            }
        }
        return new Script(name, scripted);
    }

    /** How many of {@link #history}'s turns call a tool. */
    public static int toolTurns(int turns, int toolEvery) {
        return toolEvery > 0 ? turns / toolEvery : 0;
    }

    /** A text of {@code words} words, different words so that no piece repeats another by chance. */
    public static String words(int words) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < words; i++) {
            text.append(i == 0 ? "" : " ").append("word").append(i);
        }
        return text.toString();
    }

    /**
     * A reply of {@link #words}{@code (words)}, streamed in one chunk per word, each chunk after
     * {@code chunkDelayMs}.
     */
    public static Step streamedText(int words, long chunkDelayMs) {
        return new Step(words(words), List.of(), chunkDelay(chunkDelayMs), words);
    }

    /** One turn whose reply is {@link #streamedText}. */
    public static Script streamedReply(String name, int words, long chunkDelayMs) {
        return new Script(name, List.of(new ScriptTurn("Tell me a long story.",
                List.of(streamedText(words, chunkDelayMs)))));
    }

    /**
     * One turn: a call of generated tool 0 (its arguments streamed after {@code chunkDelayMs} a chunk
     * as well), then {@link #streamedText}.
     */
    public static Script streamedAfterTool(String name, int words, long chunkDelayMs) {
        Step call = new Step(null, List.of(new ScriptedToolCall(toolName(0), arguments(0))), chunkDelay(chunkDelayMs));
        return new Script(name, List.of(new ScriptTurn("Look it up, then tell me.",
                List.of(call, streamedText(words, chunkDelayMs)))));
    }

    /** A delay before each chunk; none for 0. */
    static Fault chunkDelay(long chunkDelayMs) {
        return chunkDelayMs == 0 ? null : new Fault(0, null, 0, 0, chunkDelayMs, false, false, false);
    }

    /** {@code seed}, then filler words, to about {@code length} characters. */
    private static String filler(String seed, int length) {
        StringBuilder text = new StringBuilder(seed);
        int i = 0;
        while (text.length() < length) {
            text.append(' ').append(WORDS[i++ % WORDS.length]);
        }
        return text.append('.').toString();
    }

    private static final String[] WORDS = {"the", "catalogue", "holds", "records", "of", "every", "kind", "and",
        "each", "one", "has", "a", "price", "tag", "condition", "seller"};
}
