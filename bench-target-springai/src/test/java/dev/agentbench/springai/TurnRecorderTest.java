package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage.ToolResponse;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.ToolContext;

class TurnRecorderTest {

    private static final AssistantMessage.ToolCall FIRST = new AssistantMessage.ToolCall("call_0_0_0", "function", "add", "{\"a\":1}");
    private static final AssistantMessage.ToolCall SECOND = new AssistantMessage.ToolCall("call_0_0_1", "function", "echo", "{}");

    private static ChatResponse reply(String text, String finishReason, AssistantMessage.ToolCall... calls) {
        AssistantMessage message = AssistantMessage.builder().content(text).toolCalls(List.of(calls)).build();
        return new ChatResponse(List.of(new Generation(message, ChatGenerationMetadata.builder().finishReason(finishReason).build())));
    }

    @Test
    void theTurnTravelsInTheToolContext() {
        TurnRecorder turn = new TurnRecorder();
        assertThat(TurnRecorder.of(new ToolContext(turn.toolContext()))).isSameAs(turn);
        assertThat(TurnRecorder.of(new ToolContext(Map.of()))).isNull();
        assertThat(TurnRecorder.of((ToolContext) null)).isNull();
    }

    @Test
    void callsKeepTheModelsIdsAndTheRunsOfOneReplyMarkTheirResultsByPosition() {
        TurnRecorder turn = new TurnRecorder();
        turn.asked(List.of(FIRST, SECOND));
        turn.invoked("add", false);
        turn.invoked("echo", true);
        turn.answered(List.of(FIRST, SECOND), List.of(new ToolResponse("call_0_0_0", "add", "{\"sum\":1}"),
                new ToolResponse("call_0_0_1", "echo", "boom")));
        turn.reply(reply("Done.", "STOP"));
        TurnResult result = turn.result();
        assertThat(result.toolCalls()).containsExactly(new ToolCall("call_0_0_0", "add", "{\"a\":1}"),
                new ToolCall("call_0_0_1", "echo", "{}"));
        assertThat(result.toolResults()).containsExactly(new ToolResult("call_0_0_0", "add", "{\"sum\":1}", false),
                new ToolResult("call_0_0_1", "echo", "boom", true));
        assertThat(result.completed()).isTrue();
        assertThat(result.finalText()).isEqualTo("Done.");
    }

    @Test
    void runsThatDoNotMatchTheCallsFailTheTurnInsteadOfGuessing() {
        TurnRecorder turn = new TurnRecorder();
        turn.asked(List.of(FIRST, SECOND));
        turn.invoked("add", false);
        assertThatThrownBy(() -> turn.answered(List.of(FIRST, SECOND), List.of()))
                .hasMessageContaining("ran 1 tool callbacks for the 2 tool calls");
        turn.asked(List.of(FIRST, SECOND));
        turn.invoked("echo", false);
        turn.invoked("add", false);
        assertThatThrownBy(() -> turn.answered(List.of(FIRST, SECOND), List.of()))
                .hasMessageContaining("ran tool [echo] in place 1 of a reply whose call there is to [add]");
    }

    @Test
    void streamedChunksAreJoinedAndOnlyAStopCompletesTheTurn() {
        TurnRecorder turn = new TurnRecorder();
        turn.chunk(reply("Hel", ""));
        turn.chunk(reply("lo", ""));
        assertThat(turn.result().completed()).as("no finish reason yet").isFalse();
        turn.chunk(reply("", "STOP"));
        assertThat(turn.result().finalText()).isEqualTo("Hello");
        assertThat(turn.result().completed()).isTrue();

        TurnRecorder cut = new TurnRecorder();
        cut.reply(reply("Hel", "LENGTH"));
        assertThat(cut.result().completed()).isFalse();

        TurnRecorder asking = new TurnRecorder();
        asking.reply(reply("", "TOOL_CALLS", FIRST));
        assertThat(asking.result().completed()).isFalse();
        assertThat(asking.result().finalText()).isNull();
    }
}
