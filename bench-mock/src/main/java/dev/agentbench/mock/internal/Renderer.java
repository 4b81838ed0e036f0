package dev.agentbench.mock.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Renders script steps into the bytes of OpenAI chat-completion replies, by DESIGN's wire rules:
 * streamed text in as many chunks as its step says ({@link Step#chunks()}), or the configured
 * number when it says 0, after a first chunk carrying the role; each
 * streamed tool call opened by its own chunk with {@code index}, {@code id}, {@code type} and
 * {@code function.name} (arguments {@code ""}), its arguments following in chunks carrying only
 * {@code index} and {@code function.arguments}; a last chunk with {@code finish_reason}; a usage
 * chunk; non-streaming tool replies with {@code content: null} and {@code message.tool_calls}.
 * Token counts are synthetic: a fixed prompt count and one completion token per 4 characters.
 */
public final class Renderer {

    /** The model name in every reply. */
    public static final String MODEL = "agentbench-mock";
    /** The synthetic prompt token count in every usage. */
    static final int PROMPT_TOKENS = 10;

    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EVENT_END = "\n\n".getBytes(StandardCharsets.US_ASCII);
    /** The event that ends every stream. */
    static final Buffer DONE = Buffer.buffer("data: [DONE]\n\n");

    private final int chunks;
    private final long created;

    /**
     * @param chunks how many pieces a streamed argument string is split into, and a streamed text
     *     whose step does not say
     */
    public Renderer(int chunks) {
        this.chunks = chunks;
        this.created = System.currentTimeMillis() / 1000;
    }

    /** Renders every step of {@code script}, whose load counters time every turn's replies. */
    public RenderedScript render(Script script) {
        return render(script, 0);
    }

    /**
     * Renders every step of {@code script}, whose load counters time the replies of the turns from
     * {@code timedFromTurn} (from 0) on.
     *
     * @throws IllegalArgumentException unless {@code timedFromTurn} is from 0 to the script's turns
     *     (all of them: no reply is timed)
     */
    public RenderedScript render(Script script, int timedFromTurn) {
        if (timedFromTurn < 0 || timedFromTurn > script.turns().size()) {
            throw new IllegalArgumentException("timedFromTurn [" + timedFromTurn + "] must be from 0 to its "
                    + script.turns().size() + " turns");
        }
        List<ScriptTurn> turns = script.turns();
        RenderedStep[][] steps = new RenderedStep[turns.size()][];
        for (int t = 0; t < turns.size(); t++) {
            List<Step> turnSteps = turns.get(t).steps();
            steps[t] = new RenderedStep[turnSteps.size()];
            for (int s = 0; s < turnSteps.size(); s++) {
                steps[t][s] = render(script.name(), turnSteps.get(s), t, s);
            }
        }
        return new RenderedScript(script, steps, timedFromTurn);
    }

    /** Renders one step found at {@code turn}, {@code index} (from 0) of script {@code scriptName}. */
    public RenderedStep render(String scriptName, Step step, int turn, int index) {
        Fault fault = step.fault();
        long delay = fault == null ? 0 : fault.delayMs();
        long chunkDelay = fault == null ? 0 : fault.chunkDelayMs();
        boolean cutOff = fault != null && fault.cutOff();
        boolean malformed = fault != null && fault.malformedChunk();
        if (fault != null && fault.status() != 0) {
            String message = fault.message() != null ? fault.message()
                    : "Fault injected by script [" + scriptName + "] at turn " + (turn + 1) + ", step "
                            + (index + 1) + ": HTTP " + fault.status();
            CharSequence retryAfter = fault.retryAfterSeconds() > 0
                    ? HttpHeaders.createOptimized(Integer.toString(fault.retryAfterSeconds())) : null;
            return new RenderedStep(RenderedStep.Kind.STATUS, delay, 0, false, false, fault.status(), retryAfter,
                    Errors.body(fault.status(), message, "fault_injected"), null, null, null, null);
        }
        if (fault != null && fault.hang()) {
            return new RenderedStep(RenderedStep.Kind.HANG, delay, 0, false, false, 0, null, null, null, null, null,
                    null);
        }
        String id = "chatcmpl-mock-" + turn + "-" + index;
        boolean tools = !step.toolCalls().isEmpty();
        int completionTokens = tools ? tokens(step.toolCalls()) : tokens(step.text());
        List<byte[]> events = tools ? toolCallEvents(id, step.toolCalls(), turn, index)
                : textEvents(id, step.text(), step.chunks() > 0 ? step.chunks() : chunks);
        byte[] json = message(id, step, turn, index, completionTokens);
        // A malformed reply: the second event (or the JSON body) cut in half.
        int victim = malformed ? Math.min(1, events.size() - 1) : -1;
        Buffer[] buffers = new Buffer[events.size()];
        for (int i = 0; i < buffers.length; i++) {
            byte[] chunk = events.get(i);
            buffers[i] = Buffer.buffer(event(i == victim ? Arrays.copyOf(chunk, chunk.length / 2) : chunk));
        }
        if (malformed) {
            json = Arrays.copyOf(json, json.length / 2);
        }
        Buffer finish = Buffer.buffer(event(chunk(id, g -> g.writeObjectFieldStart("delta"), tools ? "tool_calls" : "stop")));
        Buffer usage = Buffer.buffer(event(usageChunk(id, completionTokens)));
        return new RenderedStep(tools ? RenderedStep.Kind.TOOL_CALLS : RenderedStep.Kind.TEXT, delay, chunkDelay,
                cutOff, malformed, 0, null, null, Buffer.buffer(json), buffers, finish, usage);
    }

    private List<byte[]> textEvents(String id, String text, int pieces) {
        List<byte[]> events = new ArrayList<>();
        events.add(chunk(id, g -> {
            g.writeObjectFieldStart("delta");
            g.writeStringField("role", "assistant");
            g.writeStringField("content", "");
        }, null));
        for (String piece : split(text, pieces)) {
            events.add(chunk(id, g -> {
                g.writeObjectFieldStart("delta");
                g.writeStringField("content", piece);
            }, null));
        }
        return events;
    }

    private List<byte[]> toolCallEvents(String id, List<ScriptedToolCall> calls, int turn, int step) {
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            int index = i;
            ScriptedToolCall call = calls.get(i);
            events.add(chunk(id, g -> {
                g.writeObjectFieldStart("delta");
                if (index == 0) {
                    g.writeStringField("role", "assistant");
                    g.writeNullField("content");
                }
                g.writeArrayFieldStart("tool_calls");
                g.writeStartObject();
                g.writeNumberField("index", index);
                g.writeStringField("id", Script.toolCallId(turn, step, index));
                g.writeStringField("type", "function");
                g.writeObjectFieldStart("function");
                g.writeStringField("name", call.name());
                g.writeStringField("arguments", "");
                g.writeEndObject();
                g.writeEndObject();
                g.writeEndArray();
            }, null));
            for (String piece : split(call.arguments(), chunks)) {
                events.add(chunk(id, g -> {
                    g.writeObjectFieldStart("delta");
                    g.writeArrayFieldStart("tool_calls");
                    g.writeStartObject();
                    g.writeNumberField("index", index);
                    g.writeObjectFieldStart("function");
                    g.writeStringField("arguments", piece);
                    g.writeEndObject();
                    g.writeEndObject();
                    g.writeEndArray();
                }, null));
            }
        }
        return events;
    }

    /** One chunk object; {@code delta} opens the delta object, which this method closes. */
    private byte[] chunk(String id, Json.Writer delta, String finishReason) {
        return Json.bytes(g -> {
            header(g, id, "chat.completion.chunk");
            g.writeArrayFieldStart("choices");
            g.writeStartObject();
            g.writeNumberField("index", 0);
            delta.write(g);
            g.writeEndObject();
            g.writeNullField("logprobs");
            if (finishReason == null) {
                g.writeNullField("finish_reason");
            } else {
                g.writeStringField("finish_reason", finishReason);
            }
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private byte[] usageChunk(String id, int completionTokens) {
        return Json.bytes(g -> {
            header(g, id, "chat.completion.chunk");
            g.writeArrayFieldStart("choices");
            g.writeEndArray();
            usage(g, completionTokens);
            g.writeEndObject();
        });
    }

    private byte[] message(String id, Step step, int turn, int index, int completionTokens) {
        boolean tools = !step.toolCalls().isEmpty();
        return Json.bytes(g -> {
            header(g, id, "chat.completion");
            g.writeArrayFieldStart("choices");
            g.writeStartObject();
            g.writeNumberField("index", 0);
            g.writeObjectFieldStart("message");
            g.writeStringField("role", "assistant");
            if (tools) {
                g.writeNullField("content");
            } else {
                g.writeStringField("content", step.text());
            }
            g.writeNullField("refusal");
            if (tools) {
                g.writeArrayFieldStart("tool_calls");
                for (int i = 0; i < step.toolCalls().size(); i++) {
                    ScriptedToolCall call = step.toolCalls().get(i);
                    g.writeStartObject();
                    g.writeStringField("id", Script.toolCallId(turn, index, i));
                    g.writeStringField("type", "function");
                    g.writeObjectFieldStart("function");
                    g.writeStringField("name", call.name());
                    g.writeStringField("arguments", call.arguments());
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeNullField("logprobs");
            g.writeStringField("finish_reason", tools ? "tool_calls" : "stop");
            g.writeEndObject();
            g.writeEndArray();
            usage(g, completionTokens);
            g.writeEndObject();
        });
    }

    private void header(JsonGenerator g, String id, String object) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", id);
        g.writeStringField("object", object);
        g.writeNumberField("created", created);
        g.writeStringField("model", MODEL);
    }

    private static void usage(JsonGenerator g, int completionTokens) throws IOException {
        g.writeObjectFieldStart("usage");
        g.writeNumberField("prompt_tokens", PROMPT_TOKENS);
        g.writeNumberField("completion_tokens", completionTokens);
        g.writeNumberField("total_tokens", PROMPT_TOKENS + completionTokens);
        g.writeEndObject();
    }

    private static byte[] event(byte[] json) {
        byte[] event = new byte[DATA.length + json.length + EVENT_END.length];
        System.arraycopy(DATA, 0, event, 0, DATA.length);
        System.arraycopy(json, 0, event, DATA.length, json.length);
        System.arraycopy(EVENT_END, 0, event, DATA.length + json.length, EVENT_END.length);
        return event;
    }

    private static int tokens(String text) {
        return Math.max(1, (text.length() + 3) / 4);
    }

    private static int tokens(List<ScriptedToolCall> calls) {
        int total = 0;
        for (ScriptedToolCall call : calls) {
            total += tokens(call.name()) + tokens(call.arguments());
        }
        return total;
    }

    /**
     * {@code text} in at most {@code pieces} pieces of near-equal length that concatenate to it,
     * never splitting a surrogate pair; one empty piece for empty text.
     */
    static List<String> split(String text, int pieces) {
        int n = Math.max(1, Math.min(pieces, text.codePointCount(0, text.length())));
        List<String> out = new ArrayList<>(n);
        int length = text.length();
        int start = 0;
        for (int i = 1; i <= n; i++) {
            int end = i == n ? length : (int) ((long) length * i / n);
            if (end > 0 && end < length && Character.isHighSurrogate(text.charAt(end - 1))) {
                end++;
            }
            if (end > start || (length == 0 && out.isEmpty())) {
                out.add(text.substring(start, end));
            }
            start = Math.max(start, end);
        }
        return out;
    }
}
