package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RendererTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode parse(Buffer event) throws Exception {
        String text = event.toString();
        assertThat(text).startsWith("data: ").endsWith("\n\n");
        return MAPPER.readTree(text.substring(6, text.length() - 2));
    }

    @Test
    void splitsTextIntoPiecesThatConcatenateToIt() {
        assertThat(Renderer.split("abcdefghij", 4)).hasSize(4).containsExactly("ab", "cde", "fg", "hij");
        assertThat(Renderer.split("ab", 4)).containsExactly("a", "b");
        assertThat(Renderer.split("", 4)).containsExactly("");
        assertThat(Renderer.split("whole", 1)).containsExactly("whole");
        String emoji = "🙂🙂🙂";
        List<String> pieces = Renderer.split(emoji, 2);
        assertThat(String.join("", pieces)).isEqualTo(emoji);
        for (String piece : pieces) {
            assertThat(Character.isHighSurrogate(piece.charAt(piece.length() - 1))).isFalse();
        }
    }

    @Test
    void aStepThatSaysHowManyChunksStreamsItsTextInExactlyThatManyAndTheRestUseTheDefault() throws Exception {
        String text = "token ".repeat(256);
        Renderer renderer = new Renderer(3);
        RenderedStep step = renderer.render("s", Step.text(text).withChunks(256), 0, 0);
        assertThat(step.events).as("the role chunk, then one chunk per token").hasSize(1 + 256);
        StringBuilder joined = new StringBuilder();
        for (int i = 1; i < step.events.length; i++) {
            String piece = parse(step.events[i]).path("choices").get(0).path("delta").path("content").asText();
            assertThat(piece).isNotEmpty();
            joined.append(piece);
        }
        assertThat(joined.toString()).isEqualTo(text);
        assertThat(renderer.render("s", Step.text(text), 0, 0).events).hasSize(1 + 3);
        assertThat(renderer.render("s", Step.text("abc").withChunks(10), 0, 0).events)
                .as("never more pieces than characters").hasSize(1 + 3);
    }

    @Test
    void streamedTextStartsWithTheRoleAndReassemblesExactly() throws Exception {
        String text = "Héllo, \"wörld\" 🙂\nline two";
        RenderedStep step = new Renderer(3).render("s", Step.text(text), 0, 0);
        assertThat(step.kind()).isEqualTo(RenderedStep.Kind.TEXT);
        assertThat(step.events).hasSize(4);
        JsonNode first = parse(step.events[0]);
        assertThat(first.path("choices").get(0).path("delta").path("role").asText()).isEqualTo("assistant");
        StringBuilder joined = new StringBuilder();
        for (Buffer event : step.events) {
            JsonNode chunk = parse(event);
            assertThat(chunk.path("object").asText()).isEqualTo("chat.completion.chunk");
            assertThat(chunk.path("choices").get(0).path("finish_reason").isNull()).isTrue();
            joined.append(chunk.path("choices").get(0).path("delta").path("content").asText());
        }
        assertThat(joined.toString()).isEqualTo(text);
        assertThat(parse(step.finish).path("choices").get(0).path("finish_reason").asText()).isEqualTo("stop");
        JsonNode usage = parse(step.usage);
        assertThat(usage.path("choices")).isEmpty();
        assertThat(usage.path("usage").path("total_tokens").asInt()).isPositive();
    }

    @Test
    void streamedToolCallsFollowTheWireRules() throws Exception {
        Step step = Step.toolCalls(new ScriptedToolCall("a", "{\"x\":1}"), new ScriptedToolCall("b", "{\"y\":\"two\"}"));
        RenderedStep rendered = new Renderer(2).render("s", step, 3, 1);
        List<JsonNode> deltas = new ArrayList<>();
        for (Buffer event : rendered.events) {
            JsonNode calls = parse(event).path("choices").get(0).path("delta").path("tool_calls");
            assertThat(calls).as("one tool call per chunk").hasSize(1);
            deltas.add(calls.get(0));
        }
        // Call 0: a named first chunk, then argument chunks with index only.
        assertThat(deltas.get(0).path("index").asInt()).isEqualTo(0);
        assertThat(deltas.get(0).path("id").asText()).isEqualTo(Script.toolCallId(3, 1, 0));
        assertThat(deltas.get(0).path("type").asText()).isEqualTo("function");
        assertThat(deltas.get(0).path("function").path("name").asText()).isEqualTo("a");
        assertThat(deltas.get(0).path("function").path("arguments").asText()).isEmpty();
        StringBuilder[] arguments = {new StringBuilder(), new StringBuilder()};
        for (JsonNode delta : deltas) {
            int index = delta.path("index").asInt();
            if (delta.has("id")) {
                assertThat(delta.path("id").asText()).isEqualTo(Script.toolCallId(3, 1, index));
                assertThat(delta.path("function").path("arguments").asText()).isEmpty();
            } else {
                assertThat(delta.fieldNames()).toIterable().containsExactly("index", "function");
                assertThat(delta.path("function").fieldNames()).toIterable().containsExactly("arguments");
                arguments[index].append(delta.path("function").path("arguments").asText());
            }
        }
        assertThat(arguments[0].toString()).isEqualTo("{\"x\":1}");
        assertThat(arguments[1].toString()).isEqualTo("{\"y\":\"two\"}");
        assertThat(parse(rendered.finish).path("choices").get(0).path("finish_reason").asText()).isEqualTo("tool_calls");
    }

    @Test
    void nonStreamingToolReplyHasNullContentAndToolCalls() throws Exception {
        Step step = Step.toolCalls(new ScriptedToolCall("a", "{}"));
        JsonNode body = MAPPER.readTree(new Renderer(4).render("s", step, 0, 0).json.toString());
        JsonNode choice = body.path("choices").get(0);
        assertThat(body.path("object").asText()).isEqualTo("chat.completion");
        assertThat(choice.path("finish_reason").asText()).isEqualTo("tool_calls");
        assertThat(choice.path("message").path("content").isNull()).isTrue();
        JsonNode call = choice.path("message").path("tool_calls").get(0);
        assertThat(call.path("id").asText()).isEqualTo("call_0_0_0");
        assertThat(call.path("function").path("arguments").asText()).isEqualTo("{}");
    }

    @Test
    void malformedFaultBreaksExactlyOneEventAndTheJsonBody() {
        Step step = new Step("some text to split", List.of(), new Fault(0, null, 0, 0, 0, false, true, false));
        RenderedStep rendered = new Renderer(4).render("s", step, 0, 0);
        int broken = 0;
        for (Buffer event : rendered.events) {
            try {
                parse(event);
            } catch (Exception e) {
                broken++;
            }
        }
        assertThat(broken).isEqualTo(1);
        assertThatThrownBy(() -> MAPPER.readTree(rendered.json.toString())).isInstanceOf(Exception.class);
    }

    @Test
    void statusFaultRendersAnOpenAiErrorWithRetryAfter() throws Exception {
        Step step = Step.fault(new Fault(429, null, 7, 0, 0, false, false, false));
        RenderedStep rendered = new Renderer(4).render("limits", step, 1, 2);
        assertThat(rendered.kind()).isEqualTo(RenderedStep.Kind.STATUS);
        assertThat(rendered.status).isEqualTo(429);
        assertThat(rendered.retryAfter.toString()).isEqualTo("7");
        JsonNode error = MAPPER.readTree(rendered.errorBody.toString()).path("error");
        assertThat(error.path("message").asText()).contains("[limits]", "turn 2", "step 3", "429");
        assertThat(error.path("type").asText()).isEqualTo("requests");
    }

    @Test
    void rendersEveryStepOfAScriptByPosition() {
        Script script = new Script("two", List.of(
                new ScriptTurn("a", List.of(Step.toolCalls(new ScriptedToolCall("t", "{}")), Step.text("one"))),
                new ScriptTurn("b", List.of(Step.text("two")))));
        RenderedScript rendered = new Renderer(4).render(script);
        assertThat(rendered.step(0, 0).kind()).isEqualTo(RenderedStep.Kind.TOOL_CALLS);
        assertThat(rendered.step(0, 1).kind()).isEqualTo(RenderedStep.Kind.TEXT);
        assertThat(rendered.step(1, 0).json.toString()).contains("\"two\"");
        assertThat(rendered.step(1, 1)).isNull();
        assertThat(rendered.step(2, 0)).isNull();
        assertThat(rendered.describeEnd(2, 0)).contains("[two]", "turn [3]", "step [1]", "2 turns");
        assertThat(rendered.describeEnd(0, 2)).contains("turn [1]", "step [3]", "turn 1 has 2 steps");
    }
}
