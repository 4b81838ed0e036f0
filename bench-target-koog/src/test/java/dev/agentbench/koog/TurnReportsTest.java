package dev.agentbench.koog;

import static org.assertj.core.api.Assertions.assertThat;

import ai.koog.prompt.message.Message;
import ai.koog.prompt.message.MessagePart;
import ai.koog.prompt.message.RequestMetaInfo;
import ai.koog.prompt.message.ResponseMetaInfo;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class TurnReportsTest {

    private static Message.User user(String text) {
        return new Message.User(text, RequestMetaInfo.Companion.getEmpty());
    }

    private static Message.User results(MessagePart.Tool.Result... results) {
        return new Message.User(List.<MessagePart.RequestPart>of(results), RequestMetaInfo.Companion.getEmpty());
    }

    private static Message.Assistant calls(MessagePart.Tool.Call... calls) {
        return new Message.Assistant(List.<MessagePart.ResponsePart>of(calls), ResponseMetaInfo.Companion.getEmpty(),
                "tool_calls");
    }

    private static Message.Assistant text(String text, String finishReason) {
        return new Message.Assistant(text, ResponseMetaInfo.Companion.getEmpty(), finishReason);
    }

    @Test
    void callsAndResultsAreReadFromTheConversationInOrderWithTheirIdsAndErrorMarks() {
        TurnResult result = TurnReports.of(List.of(
                user("Add."),
                calls(new MessagePart.Tool.Call("c1", "add_numbers", "{\"a\":1}"),
                        new MessagePart.Tool.Call("c2", "get_weather", "{\"city\":\"Oslo\"}")),
                results(new MessagePart.Tool.Result("c1", "add_numbers", "failed", true),
                        new MessagePart.Tool.Result("c2", "get_weather", "{\"t\":1}", false)),
                calls(new MessagePart.Tool.Call("c3", "sleep_ms", "{\"ms\":1}")),
                results(new MessagePart.Tool.Result("c3", "sleep_ms", "{\"slept_ms\":1}", false)),
                text("Done.", "stop")), "Done.");
        assertThat(result.toolCalls()).containsExactly(new ToolCall("c1", "add_numbers", "{\"a\":1}"),
                new ToolCall("c2", "get_weather", "{\"city\":\"Oslo\"}"), new ToolCall("c3", "sleep_ms", "{\"ms\":1}"));
        assertThat(result.toolResults()).containsExactly(new ToolResult("c1", "add_numbers", "failed", true),
                new ToolResult("c2", "get_weather", "{\"t\":1}", false),
                new ToolResult("c3", "sleep_ms", "{\"slept_ms\":1}", false));
        assertThat(result.finalText()).isEqualTo("Done.");
        assertThat(result.completed()).isTrue();
    }

    @Test
    void aTurnIsCompletedOnlyByAFinalReplyThatStoppedAndAsksForNoTool() {
        assertThat(TurnReports.of(List.of(user("Hi"), text("Hel", "length")), "Hel").completed()).isFalse();
        assertThat(TurnReports.of(List.of(user("Hi"), text("Hel", null)), "Hel").completed()).isFalse();
        assertThat(TurnReports.of(List.of(user("Hi"), calls(new MessagePart.Tool.Call("c", "t", "{}"))), "").completed())
                .isFalse();
        assertThat(TurnReports.of(List.of(user("Hi")), "").completed()).isFalse();
        assertThat(TurnReports.of(List.of(), "").completed()).isFalse();
    }
}
